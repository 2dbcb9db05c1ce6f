import type { HTMLAttributes, ReactNode } from 'react';
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
};

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | number | boolean | undefined };

/**
 * How the table lays out: `fixed` the page-wide table of fixed column widths (search results), `fit` sized by its
 * content with cells on one line (device tabs), `wrap` sized by content with long cells wrapping (imports).
 */
export type TableLayout = 'fixed' | 'fit' | 'wrap';
const LAYOUT_CLASS: Record<TableLayout, string> = { fixed: 'table', fit: 'table table--fit', wrap: 'table table--auto' };

type Props<T> = {
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
  'data-testid': testId,
}: Props<T>) {
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
          {columns.map((c) => (
            <th key={c.key} scope="col" className={alignClass(c as Column<unknown>)}>
              {c.hideHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
            </th>
          ))}
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
