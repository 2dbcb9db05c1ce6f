import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportItem } from '@tracker/contract';
import { formatDateTime } from '../../../lib/dates';
import { downloadReport } from '../api/imports-api';
import { ErrorViewer } from './ErrorViewer';
import { reasonLabel } from '../../../lib/reasons';
import { ProgressBar } from './ProgressBar';

/** The import list of /admin/upload: file, kind, counts, live progress, status, errors and report. */
export function ImportTable({ items }: { items: readonly ImportItem[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ImportItem | null>(null);
  return (
    <div className="table-wrap">
      <table className="table table--auto" data-testid="import-list">
        <thead>
          <tr>
            <th scope="col">{t('imports.list.file')}</th>
            <th scope="col">{t('imports.list.kind')}</th>
            <th scope="col">{t('imports.list.created')}</th>
            <th scope="col" className="num">{t('imports.list.count')}</th>
            <th scope="col" className="num">{t('imports.list.imported')}</th>
            <th scope="col" className="num">{t('imports.list.failed')}</th>
            <th scope="col">{t('imports.list.progress')}</th>
            <th scope="col">{t('imports.list.status')}</th>
            <th scope="col">{t('imports.list.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.id} data-testid="import-row" data-import-id={i.id}>
              <td title={i.file_name}>
                <span className="import-file">{i.file_name}</span>
                {i.created_by ? <span className="muted import-by"> · {i.created_by}</span> : null}
              </td>
              <td>{t(`imports.kind.${i.kind}`)}</td>
              <td className="mono nowrap">{formatDateTime(i.created)}</td>
              <td className="num">{i.count}</td>
              <td className="num nowrap">
                {i.imported}
                {/* §2: imported over count as a percent (the bar beside it is how far the worker got) */}
                {i.count > 0 ? (
                  <span className="muted" data-testid="import-imported-percent">
                    {' '}
                    ({t('imports.percent', { value: Math.floor((i.imported * 100) / i.count) })})
                  </span>
                ) : null}
              </td>
              <td className="num">{i.failed}</td>
              <td>
                <ProgressBar value={i.progress} label={t('imports.list.progressOf', { name: i.file_name })} />
              </td>
              <td>
                <span className={`import-status import-status--${i.status.toLowerCase()}`}>{t(`imports.status.${i.status}`)}</span>
                {i.error_code ? <div className="field__error">{reasonLabel(t, i.error_code, i.error_params)}</div> : null}
                {i.result ? <div className="muted">{t('imports.mass.result', { found: i.result.found, inDatabase: i.result.in_database })}</div> : null}
              </td>
              <td className="import-actions">
                <button type="button" className="btn btn--ghost" disabled={i.failed === 0} onClick={() => setOpen(i)}>
                  {t('imports.list.errors', { count: i.failed })}
                </button>
                {i.has_file ? (
                  <button type="button" className="btn btn--ghost" onClick={() => void downloadReport(i.id)}>
                    {t('imports.list.report')}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ErrorViewer key={open?.id ?? 0} item={open} onClose={() => setOpen(null)} />
    </div>
  );
}
