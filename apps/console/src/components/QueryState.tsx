import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';
import { Spinner } from './Spinner';

type Props = {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  empty?: boolean;
  emptyTitle?: ReactNode;
  children: ReactNode;
};

/** The loading, error and empty states every tab shows before its content. */
export function QueryState({ query, empty = false, emptyTitle, children }: Props) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="dw-state" aria-busy="true">
        <Spinner />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="alert alert--error dw-state" role="alert" data-testid="tab-error">
        <p>{query.error instanceof Error ? query.error.message : t('common.loadFailed')}</p>
        <button type="button" className="btn" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (empty) return <EmptyState title={emptyTitle ?? t('common.empty')} />;
  return <>{children}</>;
}
