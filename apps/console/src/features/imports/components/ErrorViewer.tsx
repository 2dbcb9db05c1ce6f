import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportItem } from '@tracker/contract';
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
          <div className="table-wrap">
            <table className="table table--auto" data-testid="import-errors">
              <thead>
                <tr>
                  <th scope="col">{t('imports.errors.line')}</th>
                  <th scope="col">{t('imports.errors.column')}</th>
                  <th scope="col">{t('imports.errors.value')}</th>
                  <th scope="col">{t('imports.errors.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((e, i) => (
                  <tr key={`${e.line}-${i}`}>
                    <td className="mono">{e.line}</td>
                    <td className="mono">{e.column ?? t('common.none')}</td>
                    <td className="mono import-errors__value" title={e.value ?? undefined}>
                      {e.value ?? t('common.none')}
                    </td>
                    <td>{reasonLabel(t, e.reason_code, e.reason_params)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} totalPages={data.total_pages} onChange={setPage} disabled={errors.isFetching} />
        </>
      )}
    </Modal>
  );
}
