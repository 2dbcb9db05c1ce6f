import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { SortDirection } from '@tracker/contract';

/** The sort of a server-sorted list: one of the route's `sort` values and the direction. */
export type UrlSort<K extends string> = { key: K; dir: SortDirection };

/**
 * A one-field search kept in the URL (`?query=&page=&sort=&dir=`, page zero-based like the api) so back, forward and
 * reload work: the current query, page and sort, the field's draft, `go(query, page)`, the form's `submit` (a new
 * query starts at page 0) and `setSort` (a new sort starts at page 0 too). `sorts` are the route's `sort` values: a
 * URL naming another one shows the default sort. The carrier whitelist and the wifi search use it.
 */
export function useUrlSearch<K extends string>(sorts: readonly K[], defaultSort: UrlSort<K>) {
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0);
  const key = sorts.find((k) => k === params.get('sort'));
  const sort: UrlSort<K> = key ? { key, dir: params.get('dir') === 'desc' ? 'desc' : 'asc' } : defaultSort;
  const [draft, setDraft] = useState(query);

  function write(q: string, p: number, s: UrlSort<K>) {
    const next = new URLSearchParams();
    if (q) next.set('query', q);
    if (p) next.set('page', String(p));
    if (s.key !== defaultSort.key || s.dir !== defaultSort.dir) {
      next.set('sort', s.key);
      next.set('dir', s.dir);
    }
    setParams(next);
  }
  const go = (q: string, p: number) => write(q, p, sort);
  /** a sort chosen in the table's header: an unknown column is ignored */
  function setSort(s: { key: string; dir: SortDirection }) {
    const k = sorts.find((x) => x === s.key);
    if (k) write(query, 0, { key: k, dir: s.dir });
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    go(draft.trim(), 0);
  }
  return { query, page, sort, setSort, draft, setDraft, go, submit };
}
