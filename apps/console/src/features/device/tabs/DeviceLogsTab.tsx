import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useTimeZone } from '../../../lib/time-zone';
import { useDeviceLogFile, useDeviceLogs } from '../api/activity';
import { downloadFile } from '../../../lib/api-client';
import { QueryState } from '../../../components/QueryState';

/** deviceLogs (roles 1, 9): the log files the device uploaded; view one or download it. */
export function DeviceLogsTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const q = useDeviceLogs(id);
  const [open, setOpen] = useState<string | null>(null);
  const file = useDeviceLogFile(id, open);
  return (
    <div>
      <h2>{t('device.tabs.deviceLogs')}</h2>
      <QueryState query={q} empty={q.data?.length === 0} emptyTitle={t('device.logs.empty')}>
        <div className="table-wrap">
          <table className="table dw-table" data-testid="logs-table">
            <thead>
              <tr>
                <th scope="col">{t('device.logs.file')}</th>
                <th scope="col">{t('device.logs.created')}</th>
                <th scope="col">{t('device.logs.level')}</th>
                <th scope="col">{t('device.logs.duration')}</th>
                <th scope="col">{t('device.logs.size')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('device.settings.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(q.data ?? []).map((l) => (
                <tr key={l.id}>
                  <td className="mono">{l.file_name}</td>
                  <td>{formatDateTime(l.created, tz)}</td>
                  <td>{l.log_level ?? t('common.none')}</td>
                  <td>{l.duration !== null ? t('device.settings.minutes', { n: l.duration }) : t('common.none')}</td>
                  <td>{l.size_bytes} B</td>
                  <td className="dw-nowrap">
                    <button type="button" className="btn btn--ghost" onClick={() => setOpen(l.file_name)}>
                      {t('device.logs.view')}
                    </button>
                    <button type="button" className="btn btn--ghost" onClick={() => void downloadFile(`/logs/device/file?name=${encodeURIComponent(l.file_name)}&download=true`, l.file_name)}>
                      {t('device.logs.download')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </QueryState>
      {open ? (
        <section className="dw-section" aria-label={open}>
          <h3 className="mono">{open}</h3>
          <QueryState query={file}>
            <pre className="dw-pre" data-testid="log-content" tabIndex={0}>
              {file.data?.content}
            </pre>
          </QueryState>
        </section>
      ) : null}
    </div>
  );
}
