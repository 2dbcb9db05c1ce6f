import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatDateTime } from '../../../lib/dates';
import { downloadReport } from '../api/imports-api';
import { ErrorViewer } from './ErrorViewer';
import { reasonLabel } from '../../../lib/reasons';
import { ProgressBar } from '../../../components/ProgressBar';

/** The import list of /admin/upload: file, kind, counts, live progress, status, errors and report. */
export function ImportTable({ items }: { items: readonly ImportItem[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ImportItem | null>(null);
  const columns: Column<ImportItem>[] = [
    {
      key: 'file',
      header: t('imports.list.file'),
      title: (i) => i.file_name,
      cell: (i) => (
        <>
          <span className="import-file">{i.file_name}</span>
          {i.created_by ? <span className="muted import-by"> · {i.created_by}</span> : null}
        </>
      ),
    },
    { key: 'kind', header: t('imports.list.kind'), cell: (i) => t(`imports.kind.${i.kind}`) },
    { key: 'created', header: t('imports.list.created'), className: 'mono nowrap', cell: (i) => formatDateTime(i.created) },
    { key: 'count', header: t('imports.list.count'), align: 'end', cell: (i) => i.count },
    {
      key: 'imported',
      header: t('imports.list.imported'),
      align: 'end',
      className: 'nowrap',
      cell: (i) => (
        <>
          {i.imported}
          {/* §2: imported over count as a percent (the bar beside it is how far the worker got) */}
          {i.count > 0 ? (
            <span className="muted" data-testid="import-imported-percent">
              {' '}
              ({t('imports.percent', { value: Math.floor((i.imported * 100) / i.count) })})
            </span>
          ) : null}
        </>
      ),
    },
    { key: 'failed', header: t('imports.list.failed'), align: 'end', cell: (i) => i.failed },
    {
      key: 'progress',
      header: t('imports.list.progress'),
      cell: (i) => <ProgressBar value={i.progress} label={t('imports.list.progressOf', { name: i.file_name })} />,
    },
    {
      key: 'status',
      header: t('imports.list.status'),
      cell: (i) => (
        <>
          <span className={`import-status import-status--${i.status.toLowerCase()}`}>{t(`imports.status.${i.status}`)}</span>
          {i.error_code ? <div className="field__error">{reasonLabel(t, i.error_code, i.error_params)}</div> : null}
          {i.result ? <div className="muted">{t('imports.mass.result', { found: i.result.found, inDatabase: i.result.in_database })}</div> : null}
        </>
      ),
    },
    {
      key: 'actions',
      header: t('imports.list.actions'),
      className: 'import-actions',
      cell: (i) => (
        <>
          <button type="button" className="btn btn--ghost" disabled={i.failed === 0} onClick={() => setOpen(i)}>
            {t('imports.list.errors', { count: i.failed })}
          </button>
          {i.has_file ? (
            <button type="button" className="btn btn--ghost" onClick={() => void downloadReport(i.id)}>
              {t('imports.list.report')}
            </button>
          ) : null}
        </>
      ),
    },
  ];
  return (
    <>
      <DataTable
        layout="wrap"
        data-testid="import-list"
        columns={columns}
        rows={items}
        rowKey={(i) => i.id}
        rowProps={(i) => ({ 'data-testid': 'import-row', 'data-import-id': i.id })}
      />
      <ErrorViewer key={open?.id ?? 0} item={open} onClose={() => setOpen(null)} />
    </>
  );
}
