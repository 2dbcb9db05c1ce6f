import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { POLLING_MS } from '@tracker/contract';
import { EmptyState } from '../../../components/EmptyState';
import { TextField } from '../../../components/Field';
import { PageTitle } from '../../../components/PageTitle';
import { Pager } from '../../../components/Pager';
import { Spinner } from '../../../components/Spinner';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useTimeZone } from '../../../lib/time-zone';
import { importKeys, useImportList, useServers, useVoipCentrals } from '../api/imports-api';
import { ImportNav } from '../components/ImportNav';
import { ImportTable } from '../components/ImportTable';
import { UploadForm } from '../components/UploadForm';

/** §2 /admin/upload: the import list (6 per page, live progress), uploads, the servers and VoIP centrals, a day filter. */
export function UploadListPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [page, setPage] = useState(0);
  const [date, setDate] = useState('');
  // the day filter cuts days in the chosen time zone, the one the list shows its times in
  const tz = useTimeZone();
  const list = useImportList(page, date, tz);
  const servers = useServers();
  const voips = useVoipCentrals();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const title = t('imports.list.title');
  const today = formatDate(new Date(), tz);

  function uploaded() {
    // §4: after a successful upload the list refreshes after 5 s
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setPage(0);
      void qc.invalidateQueries({ queryKey: importKeys.all });
    }, POLLING_MS.importListRefreshAfterUpload);
  }

  const data = list.data;
  return (
    <div className="page page--imports">
      <PageTitle text={title}>{title}</PageTitle>
      <ImportNav />
      <section className="card">
        <h2>{t('imports.upload.title')}</h2>
        <UploadForm withTargets onUploaded={uploaded} />
      </section>
      <section className="import-list" aria-label={title}>
        <div className="import-list__filter">
          <TextField
            className="field--inline"
            label={t('imports.list.date')}
            compact
            type="date"
            max={today}
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setPage(0);
            }}
          />
          {date ? (
            <button type="button" className="btn btn--ghost" onClick={() => setDate('')}>
              {t('imports.list.allDays')}
            </button>
          ) : null}
          <button type="button" className="btn btn--ghost" onClick={() => void list.refetch()}>
            {t('imports.list.refresh')}
          </button>
        </div>
        {list.isPending ? (
          <Spinner />
        ) : list.isError && !data ? (
          <EmptyState title={t('imports.list.loadFailed')}>
            <button type="button" className="btn" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </button>
          </EmptyState>
        ) : !data || data.items.length === 0 ? (
          <EmptyState title={t('imports.list.empty')} />
        ) : (
          <>
            <ImportTable items={data.items} />
            <Pager page={page} totalPages={data.total_pages} onChange={setPage} disabled={list.isFetching} />
          </>
        )}
      </section>
      <div className="import-grid">
        <section className="card">
          <h2>{t('imports.servers.title')}</h2>
          <ul className="import-ref" data-testid="servers">
            {(servers.data ?? []).map((s) => (
              <li key={s.id}>
                <strong>{s.name}</strong> <span className="mono muted">{s.host}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="card">
          <h2>{t('imports.voips.title')}</h2>
          <ul className="import-ref" data-testid="voip-centrals">
            {(voips.data ?? []).map((v) => (
              <li key={v.id}>
                <strong>{v.name}</strong> <span className="mono">{v.phone}</span> <span className="muted">{formatDateTime(v.created)}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
