import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportErrorItem, ImportItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { EmptyState } from '../../../components/EmptyState';
import { Modal } from '../../../components/Modal';
import { Pager } from '../../../components/Pager';
import { Spinner } from '../../../components/Spinner';
import { downloadReport, useImportErrors } from '../api/imports-api';
import { reasonLabel } from '../../../lib/reasons';

/** The errors of one import by line (line number, column, value, reason), paged, with the report download. */
export function ErrorViewer({ item, onClose }: { item: ImportItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const errors = useImportErrors(item?.id ?? null, page);
  const data = errors.data;
  const columns: Column<ImportErrorItem>[] = [
    { key: 'line', header: t('imports.errors.line'), className: 'mono', cell: (e) => e.line },
    { key: 'column', header: t('imports.errors.column'), className: 'mono', cell: (e) => e.column ?? t('common.none') },
    { key: 'value', header: t('imports.errors.value'), className: 'mono', truncate: true, title: (e) => e.value, cell: (e) => e.value ?? t('common.none') },
    { key: 'reason', header: t('imports.errors.reason'), cell: (e) => reasonLabel(t, e.reason_code, e.reason_params) },
  ];
  return (
    <Modal
      open={item !== null}
      size="wide"
      title={t('imports.errors.title', { name: item?.file_name ?? '' })}
      description={data ? t('imports.errors.summary', { count: data.total }) : undefined}
      onClose={onClose}
      footer={
        <>
          {item?.has_file ? (
            <button type="button" className="btn" onClick={() => item && void downloadReport(item.id)}>
              {t('imports.list.report')}
            </button>
          ) : null}
          <button type="button" className="btn btn--primary" onClick={onClose}>
            {t('common.close')}
          </button>
        </>
      }
    >
      {errors.isPending ? (
        <Spinner />
      ) : errors.isError && !data ? (
        <EmptyState title={t('imports.errors.loadFailed')}>
          <button type="button" className="btn" onClick={() => void errors.refetch()}>
            {t('common.retry')}
          </button>
        </EmptyState>
      ) : !data || data.items.length === 0 ? (
        <EmptyState title={t('imports.errors.none')} />
      ) : (
        <>
          <DataTable
            layout="wrap"
            data-testid="import-errors"
            columns={columns}
            rows={data.items}
            rowKey={(e, i) => `${e.line}-${i}`}
          />
          <Pager page={page} totalPages={data.total_pages} onChange={setPage} disabled={errors.isFetching} />
        </>
      )}
    </Modal>
  );
}
