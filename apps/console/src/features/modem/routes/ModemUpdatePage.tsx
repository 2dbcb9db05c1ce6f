import { useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MODEM_IMEIS_MAX, MODEM_PAGE_SIZE, modemImeisBody, type ModemInitResponse, type ModemProcess } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { TextAreaField } from '../../../components/Field';
import { PagedTable } from '../../../components/ListPage';
import { PageTitle } from '../../../components/PageTitle';
import { QueryState } from '../../../components/QueryState';
import { SectionNav } from '../../../components/SectionNav';
import { Spinner } from '../../../components/Spinner';
import { useContractForm } from '../../../lib/contract-form';
import { successToast } from '../../../lib/toast';
import { useInitModemMutation, useModemAllStatuses, useModemStatus, useModemWaiting, useStopModemMutation } from '../api/modem-api';
import { ModemProgressModal } from '../components/ModemProgressModal';
import { detailsColumn, processColumns } from '../components/process-columns';
import { parseImeis, validImei } from '../imeis';

type Tab = 'imeis' | 'status' | 'progress';
const ENDS = ['DONE', 'FAILED', 'STOPPED'] as const;
const TABS: Tab[] = ['imeis', 'status', 'progress'];

/** Tabs between the modem pages (the update wizard and the three reports). */
export function ModemNav() {
  const { t } = useTranslation();
  const links = [
    { to: '/admin/modem/update', text: t('modem.navUpdate') },
    { to: '/admin/modem/report', text: t('modem.report.done') },
    { to: '/admin/modem/reportUpdating', text: t('modem.report.updating') },
    { to: '/admin/modem/reportNotUpdated', text: t('modem.report.notUpdated') },
    { to: '/admin/modem/outcomes', text: t('outcomes.modem.nav') },
  ];
  return <SectionNav label={t('modem.navLabel')} links={links} />;
}

/**
 * §2 /admin/modem/update, the 3-tab wizard: (1) IMEIs typed or read from a CSV in the browser (digits only kept) and
 * started; (2) each IMEI's outcome and status; (3) the progress table, asked for every 2 s, with select-all and stop,
 * and a progress modal per device asked for every 5 s until closed (§9). A 401 while polling keeps the session (§8).
 */
export function ModemUpdatePage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('imeis');
  const [imeis, setImeis] = useState<string[]>([]);
  const [outcomes, setOutcomes] = useState<ModemInitResponse['model'] | null>(null);
  const init = useInitModemMutation();
  // POST /device/initModemUpdateProcess's body: the IMEIs as parsed from the text; every message at the text
  const form = useContractForm(modemImeisBody, {
    initial: { text: '' },
    body: (v) => ({ IMEIs: parseImeis(v.text) }),
    // the entries that are not IMEIs, named (the schema would say "not an IMEI" once)
    check: (v) => {
      const bad = parseImeis(v.text).filter((e) => !validImei(e));
      return { text: bad.length ? t('modem.invalidImeis', { list: bad.slice(0, 5).join(', ') }) : undefined };
    },
    fieldOf: () => 'text',
  });
  const entries = useMemo(() => parseImeis(form.values.text), [form.values.text]);
  const invalid = entries.filter((e) => !validImei(e));

  function readCsv(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    // FileReader, read in the browser: the file never leaves it, only the IMEIs are sent
    const reader = new FileReader();
    reader.onload = () => form.set('text', parseImeis(String(reader.result ?? '')).join('\n'));
    reader.readAsText(file);
    e.target.value = '';
  }

  const start = form.submit(async ({ IMEIs }) => {
    const r = await init.mutateAsync(IMEIs);
    setOutcomes(r);
    setImeis([...new Set(IMEIs)]);
    successToast(t('modem.started', { count: r.started }));
    setTab('status');
  });

  const title = t('modem.title');
  return (
    <div className="page page--search">
      <PageTitle text={title}>{title}</PageTitle>
      <ModemNav />
      <div className="dw-tabs" role="tablist" aria-label={title}>
        <ul>
          {TABS.map((k, i) => (
            <li key={k}>
              <button
                type="button"
                role="tab"
                id={`modem-tab-${k}`}
                aria-selected={tab === k}
                aria-controls={`modem-panel-${k}`}
                className={`dw-tabs__link btn-link${tab === k ? ' active' : ''}`}
                disabled={k !== 'imeis' && imeis.length === 0}
                onClick={() => setTab(k)}
              >
                {i + 1}. {t(`modem.tab.${k}`)}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <section role="tabpanel" id={`modem-panel-${tab}`} aria-labelledby={`modem-tab-${tab}`} className="dw-body">
        {tab === 'imeis' ? (
          <form onSubmit={start} className="dw-form" noValidate>
            <TextAreaField
              label={t('modem.imeisLabel')}
              rows={8}
              value={form.values.text}
              onChange={(e) => form.set('text', e.target.value)}
              placeholder={t('modem.imeisPlaceholder')}
              data-testid="modem-imeis"
              hint={t('modem.imeisHint', { count: entries.length, invalid: invalid.length, max: MODEM_IMEIS_MAX })}
              error={form.errors.text}
              aria-invalid={invalid.length > 0 || form.errors.text ? true : undefined}
            />
            <label className="field">
              <span className="field__label">{t('modem.csvLabel')}</span>
              <input type="file" accept=".csv,text/csv,text/plain" onChange={readCsv} data-testid="modem-csv" />
            </label>
            <div className="form-actions">
              <button type="submit" className="btn btn--primary" disabled={init.isPending || entries.length === 0} data-testid="modem-start">
                {init.isPending ? <Spinner inline /> : null} {t('modem.start')}
              </button>
            </div>
          </form>
        ) : tab === 'status' ? (
          <StatusTab imeis={imeis} outcomes={outcomes} onNext={() => setTab('progress')} />
        ) : (
          <ProgressTab imeis={imeis} />
        )}
      </section>
    </div>
  );
}

/** Tab 2: what the start said of each IMEI, and each one's process now. */
function StatusTab({ imeis, outcomes, onNext }: { imeis: string[]; outcomes: ModemInitResponse['model'] | null; onNext: () => void }) {
  const { t } = useTranslation();
  const status = useModemStatus(imeis, false);
  const byImei = new Map(status.data?.items.map((i) => [i.imei, i.process]) ?? []);
  type Row = { imei: string; outcome: ModemInitResponse['model']['items'][number]['outcome'] | null };
  const rows: Row[] = outcomes?.items ?? imeis.map((imei) => ({ imei, outcome: null }));
  return (
    <div>
      <p>
        <button type="button" className="btn" onClick={() => void status.refetch()} disabled={status.isFetching} data-testid="modem-check">
          {status.isFetching ? <Spinner inline /> : null} {t('modem.checkStatus')}
        </button>{' '}
        <button type="button" className="btn btn--primary" onClick={onNext} data-testid="modem-to-progress">
          {t('modem.toProgress')}
        </button>
      </p>
      {status.isError && status.data ? <p role="alert">{t('modem.pollFailed')}</p> : null}
      <DataTable
        layout="wrap"
        data-testid="modem-outcomes"
        rows={rows}
        rowKey={(_, i) => i}
        columns={[
          { key: 'imei', header: t('modem.col.imei'), cell: (r) => r.imei, className: 'mono' },
          { key: 'outcome', header: t('modem.col.outcome'), cell: (r) => (r.outcome ? t(`modem.initOutcome.${r.outcome}`) : '') },
          { key: 'status', header: t('modem.col.status'), cell: (r) => { const p = byImei.get(r.imei); return p ? t(`modem.status.${p.status}`) : t('modem.noProcess'); } },
          { key: 'task', header: t('modem.col.task'), cell: (r) => { const p = byImei.get(r.imei); return p ? t('modem.progressOf', { task: p.task_id, count: p.task_count }) : ''; } },
        ]}
      />
    </div>
  );
}

/** Tab 3: the progress table, every 2 s while anything runs; select rows (or all) and stop them; a modal per device. */
function ProgressTab({ imeis }: { imeis: string[] }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [modal, setModal] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const status = useModemStatus(imeis, true);
  const stop = useStopModemMutation();
  const processes = (status.data?.items.flatMap((i) => (i.process ? [i.process] : [])) ?? []) as ModemProcess[];
  const running = processes.filter((p) => p.status === 'RUNNING');
  // §4: processing is done when no device still runs; how each ended is said, not only that it ended
  const done = status.data !== undefined && running.length === 0;
  const ended = (s: (typeof ENDS)[number]) => processes.filter((p) => p.status === s).length;
  const all = useModemAllStatuses(!done);
  const allSelected = running.length > 0 && running.every((p) => selected.has(p.imei));
  const toggle = (imei: string) => setSelected((s) => { const n = new Set(s); if (n.has(imei)) n.delete(imei); else n.add(imei); return n; });

  const columns: Column<ModemProcess>[] = [
    {
      key: 'select',
      header: <input type="checkbox" aria-label={t('modem.selectAll')} checked={allSelected} disabled={!running.length} onChange={() => setSelected(allSelected ? new Set() : new Set(running.map((p) => p.imei)))} data-testid="modem-select-all" />,
      width: '2.5rem',
      cell: (p) => <input type="checkbox" aria-label={t('modem.select', { imei: p.imei })} checked={selected.has(p.imei)} disabled={p.status !== 'RUNNING'} onChange={() => toggle(p.imei)} />,
    },
    ...processColumns(t),
    detailsColumn(t, setModal),
  ];
  return (
    <div>
      <p data-testid="modem-summary" aria-live="polite">
        {done ? (
          <strong data-testid="modem-done">
            {t('modem.processingDone')} {ENDS.map((s) => `${ended(s)} ${t(`modem.status.${s}`)}`).join(', ')}
          </strong>
        ) : (
          t('modem.processing', { running: running.length, total: processes.length })
        )}
        {all.data ? ` · ${t('modem.allSummary', all.data)}` : ''}
      </p>
      {status.isError && status.data ? <p role="alert">{t('modem.pollFailed')}</p> : null}
      <p>
        <button
          type="button"
          className="btn btn--danger"
          disabled={selected.size === 0 || stop.isPending}
          data-testid="modem-stop"
          onClick={() =>
            stop.mutate([...selected], {
              onSuccess: (r) => {
                successToast(t('modem.stopped', { count: r.stopped }));
                setSelected(new Set());
              },
            })
          }
        >
          {t('modem.stop', { count: selected.size })}
        </button>
      </p>
      <QueryState query={status}>
        {/* a batch of thousands: the table shows a page at a time; select-all takes every running device */}
        <PagedTable
          layout="wrap"
          data-testid="modem-progress-table"
          rows={processes.slice(page * MODEM_PAGE_SIZE, (page + 1) * MODEM_PAGE_SIZE)}
          rowKey={(p) => p.modem_id}
          columns={columns}
          empty={t('modem.noProcesses')}
          rowProps={(p) => ({ 'data-imei': p.imei, 'data-status': p.status })}
          page={page}
          totalPages={Math.ceil(processes.length / MODEM_PAGE_SIZE)}
          onPage={setPage}
        />
      </QueryState>
      <WaitingList poll={!done} onDetails={setModal} />
      <ModemProgressModal modemId={modal} onClose={() => setModal(null)} />
    </div>
  );
}

/** The silent devices (GET /modem/waiting): running updates whose watch has not answered yet, longest waiting first. */
function WaitingList({ poll, onDetails }: { poll: boolean; onDetails: (modemId: number) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const waiting = useModemWaiting(page, poll);
  return (
    <section aria-labelledby="modem-waiting-title" data-testid="modem-waiting">
      <h2 id="modem-waiting-title">{t('modem.waitingTitle')}</h2>
      <QueryState query={waiting}>
        <PagedTable
          layout="wrap"
          rows={waiting.data?.items ?? []}
          rowKey={(p) => p.modem_id}
          columns={[...processColumns(t), detailsColumn(t, onDetails)]}
          empty={t('modem.noProcesses')}
          page={page}
          totalPages={waiting.data?.total_pages ?? 0}
          onPage={setPage}
        />
      </QueryState>
    </section>
  );
}
