import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import type { useUrlSearch } from '../lib/url-search';
import { DataTable, type DataTableProps } from './DataTable';
import { PageTitle } from './PageTitle';
import { Pager } from './Pager';
import { QueryState } from './QueryState';

/** The add action beside a list's title: a button that opens the screen's dialog, or a link to its add screen. */
export type ListAdd = { label: string; onClick: () => void; disabled?: boolean } | { label: string; to: string };

type ListQuery = { isPending: boolean; isError: boolean; isFetching: boolean; error: unknown; refetch: () => unknown };

/**
 * The frame of a list screen (the configuration lists, translations, default settings, wifi search, carrier
 * whitelist): the title with its add action, the filters or search form, the results section (busy while `query`
 * fetches; its loading and error states) and what follows it (the screen's dialogs).
 */
export function ListPage({
  title,
  add,
  filters,
  resultsLabel,
  query,
  children,
  after,
}: {
  title: string;
  add?: ListAdd;
  /** between the title and the results: filters, a search form, a progress */
  filters?: ReactNode;
  /** the results section's name (default: the title) */
  resultsLabel?: string;
  /** the list's main query: its loading and error states stand in for the results */
  query: ListQuery;
  /** the results: a DataTable or a PagedTable */
  children: ReactNode;
  /** after the results: the screen's dialogs */
  after?: ReactNode;
}) {
  const action = !add ? null : 'to' in add ? (
    <Link className="btn" to={add.to}>
      {add.label}
    </Link>
  ) : (
    <button type="button" className="btn" aria-haspopup="dialog" disabled={add.disabled} onClick={add.onClick}>
      {add.label}
    </button>
  );
  return (
    <div className="page page--search">
      <PageTitle text={title} actions={action}>
        {title}
      </PageTitle>
      {filters}
      <section className="results" aria-label={resultsLabel ?? title} aria-busy={query.isFetching || undefined}>
        <QueryState query={query}>{children}</QueryState>
      </section>
      {after}
    </div>
  );
}

/** A DataTable and its Pager below it (zero-based pages): lists paged by the server or in the browser. */
export function PagedTable<T>({
  page,
  totalPages,
  more,
  onPage,
  ...table
}: DataTableProps<T> & { page: number; totalPages: number; more?: boolean; onPage: (page: number) => void }) {
  return (
    <>
      <DataTable {...table} />
      <Pager page={page} totalPages={totalPages} more={more ?? false} onChange={onPage} />
    </>
  );
}

/** A list's search form (role search): its fields and the submit button. */
export function SearchForm({
  label,
  submitLabel,
  onSubmit,
  className,
  children,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (e: FormEvent) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form className={`search-form${className ? ` ${className}` : ''}`} role="search" aria-label={label} onSubmit={onSubmit}>
      {children}
      <div className="search-form__submit">
        <button type="submit" className="btn btn--primary">
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

/** The PagedTable props of a list paged and sorted by the server and searched through the URL (`useUrlSearch`). */
export function serverPaging<T, K extends string>(search: ReturnType<typeof useUrlSearch<K>>, data: { items: T[]; total_pages: number; more?: boolean }) {
  return {
    rows: data.items,
    sort: search.sort,
    onSort: search.setSort,
    page: search.page,
    totalPages: data.total_pages,
    more: data.more ?? false,
    onPage: (p: number) => search.go(search.query, p),
  };
}
