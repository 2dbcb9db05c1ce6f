import { SEARCH_FILTERS, type SearchFilter } from '@tracker/contract';

/** The dashboard search lives in the URL (?filter=&query=&page=, page zero-based like the api) so back, forward and reload work. */
export type SearchState = { filter: SearchFilter; query: string; page: number };

export const DEFAULT_FILTER: SearchFilter = 'imei';

export function isSearchFilter(s: unknown): s is SearchFilter {
  return typeof s === 'string' && (SEARCH_FILTERS as readonly string[]).includes(s);
}

export function readSearchState(params: URLSearchParams): SearchState {
  const f = params.get('filter');
  const page = Number(params.get('page') ?? '0');
  return {
    filter: isSearchFilter(f) ? f : DEFAULT_FILTER,
    query: (params.get('query') ?? '').trim(),
    page: Number.isInteger(page) && page >= 0 ? page : 0,
  };
}

export function searchStateToParams(s: SearchState): URLSearchParams {
  const p = new URLSearchParams({ filter: s.filter, query: s.query });
  if (s.page > 0) p.set('page', String(s.page));
  return p;
}

/** A link to the dashboard search showing `query` (used after creating an owner). */
export function searchHref(s: Omit<SearchState, 'page'> & { page?: number }): string {
  return `/dashboard/search?${searchStateToParams({ page: 0, ...s }).toString()}`;
}
