import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canAccess, type DeviceLogItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { QueryState } from '../../../components/QueryState';
import { downloadFile } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useTimeZone } from '../../../lib/time-zone';
import { useDeviceLogFile, useDeviceLogs, type UploadWait } from '../api/activity';
import { LogCommands } from '../components/LogCommands';
import { TabShell } from '../components/TabShell';

/** How long a requested log upload is waited for (the list polls meanwhile). */
export const UPLOAD_WAIT_MS = 3 * 60_000;

/**
 * deviceLogs (roles 1, 9): the log files the device uploaded; view one or download it. Role 1 (deviceLogCommand)
 * also tells the watch by SMS to start logging or to upload its log; after an upload request the list refreshes
 * until the new file is there (at most UPLOAD_WAIT_MS).
 */
export function DeviceLogsTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const role = useSession()!.role;
  const [wait, setWait] = useState<UploadWait | null>(null);
  const q = useDeviceLogs(id, wait);
  const arrived = wait ? q.data?.find((l) => !wait.known.has(l.id)) : undefined;
  const [open, setOpen] = useState<string | null>(null);
  const file = useDeviceLogFile(id, open);
  const columns: Column<DeviceLogItem>[] = [
    { key: 'file', header: t('device.logs.file'), className: 'mono', cell: (l) => l.file_name },
    { key: 'created', header: t('device.logs.created'), cell: (l) => formatDateTime(l.created, tz) },
    { key: 'level', header: t('device.logs.level'), cell: (l) => l.log_level ?? t('common.none') },
    { key: 'duration', header: t('device.logs.duration'), cell: (l) => (l.duration !== null ? t('device.settings.minutes', { n: l.duration }) : t('common.none')) },
    { key: 'size', header: t('device.logs.size'), cell: (l) => `${l.size_bytes} B` },
    {
      key: 'actions',
      header: t('device.settings.actions'),
      hideHeader: true,
      className: 'dw-nowrap',
      cell: (l) => (
        <>
          <button type="button" className="btn btn--ghost" onClick={() => setOpen(l.file_name)}>
            {t('device.logs.view')}
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => void downloadFile(`/logs/device/file?name=${encodeURIComponent(l.file_name)}&download=true`, l.file_name)}
          >
            {t('device.logs.download')}
          </button>
        </>
      ),
    },
  ];
  return (
    <TabShell
      title={t('device.tabs.deviceLogs')}
      query={q}
      toolbar={
        canAccess(role, 'deviceLogCommand') ? (
          <>
            <LogCommands id={id} onUploadRequested={() => setWait({ known: new Set((q.data ?? []).map((l) => l.id)), until: Date.now() + UPLOAD_WAIT_MS })} />
            {arrived ? (
              <span className="muted" data-testid="log-arrived">
                {t('device.logs.arrived', { name: arrived.file_name })}
              </span>
            ) : null}
          </>
        ) : null
      }
      footer={
        open ? (
          <section className="dw-section" aria-label={open}>
            <h3 className="mono">{open}</h3>
            <QueryState query={file}>
              <pre className="dw-pre" data-testid="log-content" tabIndex={0}>
                {file.data?.content}
              </pre>
            </QueryState>
          </section>
        ) : null
      }
    >
      <DataTable data-testid="logs-table" columns={columns} rows={q.data} rowKey={(l) => l.id} empty={t('device.logs.empty')} />
    </TabShell>
  );
}
