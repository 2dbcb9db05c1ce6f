import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageTitle } from '../../../components/PageTitle';
import { QueryState } from '../../../components/QueryState';
import '../admin.css';

type ListQuery<T> = { data?: readonly T[] | undefined; isPending: boolean; isError: boolean; isFetching: boolean; error: unknown; refetch: () => unknown };

/**
 * The frame of the §2 configuration lists (users, operators, VoIP centrals, gateways): the title with its add
 * button, the list in a DataTable (short lists, sorted by name by the api), and the screen's add/edit dialog.
 */
export function AdminListPage<T>({
  title,
  addLabel,
  onAdd,
  query,
  columns,
  rowKey,
  testId,
  children,
}: {
  title: string;
  addLabel: string;
  onAdd: () => void;
  query: ListQuery<T>;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="page page--search">
      <PageTitle
        text={title}
        actions={
          <button type="button" className="btn" aria-haspopup="dialog" onClick={onAdd}>
            {addLabel}
          </button>
        }
      >
        {title}
      </PageTitle>
      <section className="results" aria-label={title} aria-busy={query.isFetching || undefined}>
        <QueryState query={query}>
          {query.data ? (
            <DataTable
              columns={columns}
              rows={query.data}
              rowKey={rowKey}
              layout="fit"
              empty={t('admin.empty')}
              caption={title}
              data-testid={testId}
              rowProps={() => ({ 'data-testid': `${testId}-row` })}
            />
          ) : null}
        </QueryState>
      </section>
      {children}
    </div>
  );
}

/** The edit button of a row. */
export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="btn btn--ghost" aria-haspopup="dialog" aria-label={label} onClick={onClick}>
      {t('admin.edit')}
    </button>
  );
}
