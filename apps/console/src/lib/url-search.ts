import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A one-field search kept in the URL (`?query=&page=`, page zero-based like the api) so back, forward and reload
 * work: the current query and page, the field's draft, `go(query, page)` and the form's `submit` (a new query starts
 * at page 0). The carrier whitelist and the wifi search use it.
 */
export function useUrlSearch() {
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0);
  const [draft, setDraft] = useState(query);

  function go(q: string, p: number) {
    const next = new URLSearchParams();
    if (q) next.set('query', q);
    if (p) next.set('page', String(p));
    setParams(next);
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    go(draft.trim(), 0);
  }
  return { query, page, draft, setDraft, go, submit };
}
