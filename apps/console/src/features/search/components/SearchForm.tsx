import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_FILTERS, type SearchFilter } from '@tracker/contract';
import { isSearchFilter } from '../search-params';

type Props = {
  filter: SearchFilter;
  query: string;
  onSearch: (filter: SearchFilter, query: string) => void;
  busy: boolean;
};

/** Filter, query and the Search button; the button stays disabled while the query is empty. */
export function SearchForm({ filter, query, onSearch, busy }: Props) {
  const { t } = useTranslation();
  const filterId = useId();
  const queryId = useId();
  const [draftFilter, setDraftFilter] = useState<SearchFilter>(filter);
  const [draft, setDraft] = useState(query);

  // back / forward change the URL: show what is searched
  useEffect(() => {
    setDraftFilter(filter);
    setDraft(query);
  }, [filter, query]);

  const empty = draft.trim() === '';

  function submit(e: FormEvent) {
    e.preventDefault();
    if (empty) return;
    onSearch(draftFilter, draft.trim());
  }

  return (
    <form className="search-form" role="search" aria-label={t('search.formLabel')} onSubmit={submit}>
      <div className="field">
        <label htmlFor={filterId} className="field__label">
          {t('search.filterLabel')}
        </label>
        <select
          id={filterId}
          className="input"
          value={draftFilter}
          onChange={(e) => isSearchFilter(e.target.value) && setDraftFilter(e.target.value)}
        >
          {SEARCH_FILTERS.map((f) => (
            <option key={f} value={f}>
              {t(`search.filter.${f}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field search-form__query">
        <label htmlFor={queryId} className="field__label">
          {t('search.queryLabel')}
        </label>
        <input
          id={queryId}
          className="input"
          type="search"
          name="query"
          autoComplete="off"
          spellCheck={false}
          inputMode={draftFilter === 'gsm_number' ? 'tel' : draftFilter === 'imei' || draftFilter === 'imsi' ? 'numeric' : 'text'}
          placeholder={t(`search.placeholder.${draftFilter}`)}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          maxLength={100}
          autoFocus
        />
      </div>
      <div className="search-form__submit">
        <button type="submit" className="btn btn--primary" disabled={empty} aria-busy={busy || undefined}>
          {t('search.submit')}
        </button>
      </div>
    </form>
  );
}
