import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_FILTERS, type SearchFilter } from '@tracker/contract';
import { SelectField, TextField } from '../../../components/Field';
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
      <SelectField
        label={t('search.filterLabel')}
        value={draftFilter}
        onChange={(e) => isSearchFilter(e.target.value) && setDraftFilter(e.target.value)}
      >
        {SEARCH_FILTERS.map((f) => (
          <option key={f} value={f}>
            {t(`search.filter.${f}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        className="search-form__query"
        label={t('search.queryLabel')}
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
      <div className="search-form__submit">
        <button type="submit" className="btn btn--primary" disabled={empty} aria-busy={busy || undefined}>
          {t('search.submit')}
        </button>
      </div>
    </form>
  );
}
