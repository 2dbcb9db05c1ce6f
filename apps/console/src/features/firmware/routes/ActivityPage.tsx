import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FirmwareActivityItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { TextField } from '../../../components/Field';
import { Pager } from '../../../components/Pager';
import { QueryState } from '../../../components/QueryState';
import { RefSelect } from '../../../components/RefSelect';
import { formatDateTime } from '../../../lib/dates';
import { reasonLabel } from '../../../lib/reasons';
import { useTimeZone } from '../../../lib/time-zone';
import { FirmwarePage } from '../components/FirmwarePage';
import { isRunning, useActivity, useRequests } from '../api/firmware-api';

/**
 * §2 /admin/fup/ota_activity: the devices of the rollouts by IMEI part and request, 20 per page (§9), statuses
 * 0 processing, 1 downloading, 2 finished (and 3 failed with the reason, 4 cancelled); live while a request runs.
 */
export function ActivityPage() {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const requestId = /^\d+$/.test(params.get('request_id') ?? '') ? Number(params.get('request_id')) : null;
  const page = /^\d+$/.test(params.get('page') ?? '') ? Number(params.get('page')) : 0;
  const [text, setText] = useState(query);
  const [request, setRequest] = useState(requestId ? String(requestId) : '');
  const requests = useRequests(0, 100);
  const shown = requests.data?.items.filter((r) => requestId === null || r.id === requestId) ?? [];
  const live = shown.some(isRunning);
  const q = useActivity(query, requestId, page, live);

  function search(e: FormEvent) {
    e.preventDefault();
    const next = new URLSearchParams();
    const digits = text.replace(/\D+/g, '');
    if (digits) next.set('query', digits);
    if (request) next.set('request_id', request);
    setParams(next);
  }
  const goTo = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  };

  const columns: Column<FirmwareActivityItem>[] = [
    { key: 'imei', header: t('firmware.activity.imei'), className: 'mono', cell: (a) => a.imei },
    { key: 'request', header: t('firmware.activity.request'), align: 'end', cell: (a) => a.request_id },
    { key: 'wave', header: t('firmware.activity.wave'), align: 'end', cell: (a) => a.wave },
    { key: 'from', header: t('firmware.activity.from'), className: 'mono', cell: (a) => a.from_version ?? t('common.none') },
    { key: 'to', header: t('firmware.activity.to'), className: 'mono', cell: (a) => a.to_version ?? t('common.none') },
    {
      key: 'status',
      header: t('firmware.activity.status'),
      cell: (a) => (
        <>
          <span className={`fw-state fw-state--${['processing', 'downloading', 'finished', 'failed', 'cancelled'][a.status]}`} data-testid="activity-status">
            {t(`firmware.activityStatus.${a.status}`)}
          </span>
          {a.error ? <p className="fw-halt">{reasonLabel(t, a.error.code, a.error.params)}</p> : null}
        </>
      ),
    },
    { key: 'progress', header: t('firmware.activity.progress'), align: 'end', cell: (a) => t('common.percent', { value: a.progress }) },
    { key: 'updated', header: t('firmware.activity.updated'), cell: (a) => formatDateTime(a.updated_at, tz) },
  ];

  return (
    <FirmwarePage title={t('firmware.activity.title')}>
      <form className="fw-search" onSubmit={search} aria-label={t('firmware.activity.search')}>
        <TextField label={t('firmware.activity.imeiPart')} value={text} inputMode="numeric" maxLength={15} onChange={(e) => setText(e.target.value)} />
        <RefSelect
          label={t('firmware.activity.request')}
          value={request}
          onChange={(e) => setRequest(e.target.value)}
          query={{ ...requests, data: requests.data?.items }}
          placeholder={t('firmware.activity.allRequests')}
          optionLabel={(r) => `#${r.id} · ${r.binary_name} · ${t(`firmware.state.${r.state}`)}`}
        />
        <button type="submit" className="btn btn--primary">
          {t('firmware.activity.search')}
        </button>
        {live ? <span className="fw-list-count" data-testid="live">{t('firmware.activity.live')}</span> : null}
      </form>
      <QueryState query={q}>
        <DataTable data-testid="activity-table" layout="fit" columns={columns} rows={q.data?.items} rowKey={(a) => a.id} empty={t('firmware.activity.empty')} />
        <Pager page={page} totalPages={q.data?.total_pages ?? 0} more={q.data?.more ?? false} onChange={goTo} />
      </QueryState>
    </FirmwarePage>
  );
}
