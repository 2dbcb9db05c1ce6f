import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppLogItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { Modal } from '../../../components/Modal';
import { QueryState } from '../../../components/QueryState';
import { Spinner } from '../../../components/Spinner';
import { downloadFile } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useTimeZone } from '../../../lib/time-zone';
import { useAppLogFile, useAppLogs } from '../api/owner';
import type { OwnerTabProps } from '../owner-tabs';

const filePath = (name: string) => `/logs/app/file?name=${encodeURIComponent(name)}&download=true`;

/** /owner/{id}/app_logs (§2, roles 1 and 9): the app's log files, each viewed in a popup or downloaded. */
export function AppLogsTab({ id }: OwnerTabProps) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const q = useAppLogs(id);
  const [open, setOpen] = useState<string | null>(null);
  const file = useAppLogFile(open);
  const columns: Column<AppLogItem>[] = [
    { key: 'created', header: t('ownerWs.appLogs.created'), cell: (l) => formatDateTime(l.created, tz) },
    { key: 'name', header: t('ownerWs.appLogs.file'), className: 'mono', truncate: true, cell: (l) => l.file_name },
    { key: 'platform', header: t('ownerWs.appLogs.platform'), cell: (l) => l.platform ?? t('common.none') },
    { key: 'version', header: t('ownerWs.appLogs.version'), cell: (l) => l.app_version ?? t('common.none') },
    { key: 'size', header: t('ownerWs.appLogs.size'), align: 'end', cell: (l) => l.size_bytes },
    {
      key: 'actions',
      header: t('ownerWs.appLogs.actions'),
      hideHeader: true,
      cell: (l) => (
        <>
          <button type="button" className="btn" onClick={() => setOpen(l.file_name)} data-testid="app-log-view">
            {t('ownerWs.appLogs.view')}
          </button>{' '}
          <button type="button" className="btn" onClick={() => void downloadFile(filePath(l.file_name), l.file_name)}>
            {t('ownerWs.appLogs.download')}
          </button>
        </>
      ),
    },
  ];
  return (
    <QueryState query={q}>
      <DataTable columns={columns} rows={q.data} rowKey={(l) => l.id} empty={t('ownerWs.appLogs.none')} data-testid="app-logs" />
      <Modal open={open !== null} title={open ?? ''} size="wide" onClose={() => setOpen(null)}>
        {file.data ? <pre className="dw-pre" data-testid="app-log-content" tabIndex={0}>{file.data.content}</pre> : <Spinner />}
      </Modal>
    </QueryState>
  );
}
