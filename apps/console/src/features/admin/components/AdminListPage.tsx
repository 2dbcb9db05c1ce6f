import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, useSortedRows, type Column, type SortState } from '../../../components/DataTable';
import { ListPage } from '../../../components/ListPage';
import '../admin.css';

type ListQuery<T> = { data?: readonly T[] | undefined; isPending: boolean; isError: boolean; isFetching: boolean; error: unknown; refetch: () => unknown };

/**
 * The frame of the §2 configuration lists (users, operators, VoIP centrals, gateways): the shared list frame with the
 * add button, the list in a DataTable (short lists answered whole, sorted in the browser by the columns' `sortable`
 * values, `initialSort` first) and the screen's add/edit dialog.
 */
export function AdminListPage<T>({
  title,
  addLabel,
  onAdd,
  query,
  columns,
  rowKey,
  initialSort,
  testId,
  children,
}: {
  title: string;
  addLabel: string;
  onAdd: () => void;
  query: ListQuery<T>;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  /** the order the api answers in (by name), shown as the sorted column */
  initialSort: SortState;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const sorted = useSortedRows(query.data, columns, initialSort);
  return (
    <ListPage title={title} add={{ label: addLabel, onClick: onAdd }} query={query} after={children}>
      {sorted.rows ? (
        <DataTable
          columns={columns}
          rows={sorted.rows}
          rowKey={rowKey}
          layout="fit"
          empty={t('admin.empty')}
          caption={title}
          data-testid={testId}
          rowProps={() => ({ 'data-testid': `${testId}-row` })}
          sort={sorted.sort}
          onSort={sorted.onSort}
        />
      ) : null}
    </ListPage>
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
