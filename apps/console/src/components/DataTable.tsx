import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { Spinner } from './Spinner';

/** One column of a DataTable: its header, how a row fills its cell, and optional width, alignment and truncation. */
export type Column<T> = {
  /** stable id of the column (React key) */
  key: string;
  /** the header text (`th scope="col"`) */
  header: ReactNode;
  /** the header is read by screen readers only (action columns) */
  hideHeader?: boolean;
  cell: (row: T, index: number) => ReactNode;
  /** a CSS width for the column (`<col>`), e.g. `11rem` */
  width?: string;
  /** `end` right-aligns with tabular figures (counts, sizes) */
  align?: 'start' | 'end';
  /** long text is cut with an ellipsis; its full value is the cell's `title` (the cell's text, or `title` below) */
  truncate?: boolean;
  /** the hover text of the cell (when it differs from what the cell shows) */
  title?: (row: T) => string | null | undefined;
  /** extra classes of the cell (`mono`, `nowrap`, ...) */
  className?: string;
  /**
   * The header sorts by this column (a button; `aria-sort` on the sorted one). `true`: by the column's `key`, which the
   * caller passes on (server-side: one of the route's `sort` values); a function: the value rows compare by
   * (client-side, `useSortedRows`).
   */
  sortable?: boolean | ((row: T) => SortValue);
};

/** What a client-side sort compares: text (numbers in it by value, any case), numbers, flags; null and undefined last. */
export type SortValue = string | number | boolean | null | undefined;
export type SortDir = 'asc' | 'desc';
/** The column a table is sorted by (its `key`) and the direction. */
export type SortState = { key: string; dir: SortDir };

/** The sort after a click on column `key`: the same column turns around, another one starts ascending. */
export const nextSort = (current: SortState | null | undefined, key: string): SortState =>
  current?.key === key ? { key, dir: current.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' };

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const isEmpty = (v: SortValue) => v === null || v === undefined || v === '';
function compareValues(a: SortValue, b: SortValue): number {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) === isEmpty(b) ? 0 : isEmpty(a) ? 1 : -1;
  if (typeof a === 'string' || typeof b === 'string') return collator.compare(String(a), String(b));
  return Number(a) - Number(b);
}

/** `rows` in the order of `sort` (stable; empty values last in both directions), or as they are without a sort. */
export function sortRows<T>(rows: readonly T[], columns: readonly Column<T>[], sort: SortState | null | undefined): readonly T[] {
  const by = columns.find((c) => c.key === sort?.key)?.sortable;
  if (!sort || typeof by !== 'function') return rows;
  const sign = sort.dir === 'asc' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i, v: by(row) }))
    .sort((x, y) => (isEmpty(x.v) || isEmpty(y.v) ? compareValues(x.v, y.v) : sign * compareValues(x.v, y.v)) || x.i - y.i)
    .map((x) => x.row);
}

/**
 * Client-side sorting of a short, unpaged list (or one paged in the browser: page the rows this answers): the rows
 * sorted by the columns' `sortable` values, and `sort` / `onSort` for the DataTable.
 */
export function useSortedRows<T>(rows: readonly T[] | undefined, columns: readonly Column<T>[], initial: SortState | null = null) {
  const [sort, setSort] = useState<SortState | null>(initial);
  // sorted on each render (short lists): the columns' values may read other data (a type's name) that changes
  return { rows: rows ? sortRows(rows, columns, sort) : undefined, sort, onSort: setSort };
}

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | number | boolean | undefined };

/**
 * How the table lays out: `fixed` the page-wide table of fixed column widths (search results), `fit` sized by its
 * content with cells on one line (device tabs), `wrap` sized by content with long cells wrapping (imports).
 */
export type TableLayout = 'fixed' | 'fit' | 'wrap';
const LAYOUT_CLASS: Record<TableLayout, string> = { fixed: 'table', fit: 'table table--fit', wrap: 'table table--auto' };

/** The props of a DataTable. */
export type DataTableProps<T> = {
  columns: readonly Column<T>[];
  /** undefined while the first load runs */
  rows: readonly T[] | undefined;
  rowKey: (row: T, index: number) => string | number;
  /** shown instead of the table when there are no rows: a text (an empty state) or an element; without it the table shows with no rows */
  empty?: ReactNode;
  /** a load is running: a spinner while there are no rows yet, otherwise the rows are marked busy */
  loading?: boolean;
  layout?: TableLayout;
  /** a caption for screen readers */
  caption?: string;
  className?: string;
  /** extra attributes of a row (test ids, selection, a class) */
  rowProps?: (row: T, index: number) => RowAttributes;
  'data-testid'?: string;
  /** inside the framed, scrolling `table-wrap` (default) or bare */
  framed?: boolean;
  /** extra classes of the frame (`dw-scroll`: at most 32rem high) */
  frameClassName?: string;
  /** the order the rows are in (the sorted column's header says so with `aria-sort`) */
  sort?: SortState | null | undefined;
  /** a sortable header was chosen (click, Enter or Space): the sort to show next (`nextSort`); without it no header sorts */
  onSort?: ((next: SortState) => void) | undefined;
};

const alignClass = (c: Column<unknown>) => (c.align === 'end' ? 'num' : undefined);
const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

function cellTitle<T>(column: Column<T>, row: T, content: ReactNode): string | undefined {
  if (column.title) return column.title(row) ?? undefined;
  if (column.truncate && (typeof content === 'string' || typeof content === 'number')) return String(content);
  return undefined;
}

/** The console's one table: header row with `th scope="col"`, one row per item, empty and loading states. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  empty,
  loading = false,
  layout = 'fit',
  caption,
  className,
  rowProps,
  framed = true,
  frameClassName,
  sort,
  onSort,
  'data-testid': testId,
}: DataTableProps<T>) {
  if (loading && (!rows || rows.length === 0)) {
    return (
      <div className="dw-state" aria-busy="true">
        <Spinner />
      </div>
    );
  }
  if (empty !== undefined && (rows?.length ?? 0) === 0) {
    return typeof empty === 'string' ? <EmptyState title={empty} /> : <>{empty}</>;
  }
  const widths = columns.some((c) => c.width);
  const table = (
    <table className={classes(LAYOUT_CLASS[layout], className)} data-testid={testId} aria-busy={loading || undefined}>
      {caption ? <caption className="visually-hidden">{caption}</caption> : null}
      {widths ? (
        <colgroup>
          {columns.map((c) => (
            <col key={c.key} style={c.width ? { width: c.width } : undefined} />
          ))}
        </colgroup>
      ) : null}
      <thead>
        <tr>
          {columns.map((c) => {
            const sorted = sort?.key === c.key ? sort.dir : null;
            return (
              <th
                key={c.key}
                scope="col"
                className={alignClass(c as Column<unknown>)}
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
              >
                {c.hideHeader ? (
                  <span className="visually-hidden">{c.header}</span>
                ) : c.sortable && onSort ? (
                  <button type="button" className={classes('th-sort', sorted !== null && 'th-sort--active')} onClick={() => onSort(nextSort(sort, c.key))}>
                    {c.header}
                    <span className="th-sort__icon" aria-hidden="true">
                      {sorted === 'desc' ? '▼' : sorted === 'asc' ? '▲' : '↕'}
                    </span>
                  </button>
                ) : (
                  c.header
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {(rows ?? []).map((row, i) => (
          <tr key={rowKey(row, i)} {...rowProps?.(row, i)}>
            {columns.map((c) => {
              const content = c.cell(row, i);
              return (
                <td key={c.key} className={classes(alignClass(c as Column<unknown>), c.truncate && 'cell--truncate', c.className)} title={cellTitle(c, row, content)}>
                  {content}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return framed ? <div className={classes('table-wrap', frameClassName)}>{table}</div> : table;
}
