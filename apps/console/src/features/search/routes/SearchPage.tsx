import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { SearchFilter } from '@tracker/contract';
import { EmptyState } from '../../../components/EmptyState';
import { PageTitle } from '../../../components/PageTitle';
import { Pager } from '../../../components/Pager';
import { Spinner } from '../../../components/Spinner';
import { useDeviceSearch } from '../api/search-devices';
import { SearchForm } from '../components/SearchForm';
import { SearchResults } from '../components/SearchResults';
import { readSearchState, searchStateToParams, type SearchState } from '../search-params';

/** §2 /dashboard/search. `actions` are the page's buttons composed by the app (add user). */
export function SearchPage({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = readSearchState(params);
  const search = useDeviceSearch(state);
  const data = search.data;
  const resultsRef = useRef<HTMLElement>(null);

  function go(next: SearchState) {
    setParams(searchStateToParams(next));
  }

  function onSearch(filter: SearchFilter, query: string) {
    if (filter === state.filter && query === state.query && state.page === 0) void search.refetch();
    else go({ filter, query, page: 0 });
  }

  const stale = search.isFetching && (search.isPlaceholderData || search.isRefetching);
  const title = t('search.title');

  let summary = '';
  if (state.query && data && data.items.length > 0) {
    summary = data.more
      ? t('search.summaryMore', { page: data.page + 1, total: data.total_pages })
      : t('search.summary', { page: data.page + 1, total: data.total_pages });
  }

  let body: ReactNode;
  if (state.query === '') {
    body = <EmptyState title={t('search.start')}>{t('search.startHint')}</EmptyState>;
  } else if (search.isPending) {
    body = (
      <div className="results__loading">
        <Spinner label={t('search.loading')} />
      </div>
    );
  } else if (search.isError && !data) {
    body = (
      <EmptyState title={t('search.error')}>
        <button type="button" className="btn" onClick={() => void search.refetch()}>
          {t('common.retry')}
        </button>
      </EmptyState>
    );
  } else if (data && data.items.length === 0) {
    body = <EmptyState title={t('search.noResults')}>{t('search.noResultsHint')}</EmptyState>;
  } else if (data) {
    body = (
      <>
        <div className={stale ? 'results__table results__table--stale' : 'results__table'}>
          <SearchResults items={data.items} caption={t('search.caption', { query: state.query })} from={`?${params.toString()}`} />
          {stale ? (
            <div className="results__overlay">
              <Spinner label={t('search.loading')} />
            </div>
          ) : null}
        </div>
        <Pager
          page={state.page}
          totalPages={data.total_pages}
          more={data.more}
          onChange={(page) => {
            go({ ...state, page });
            // from the pager under a long table, bring the top of the new page into view
            const el = resultsRef.current;
            if (el && el.getBoundingClientRect().top < 0) el.scrollIntoView?.({ block: 'start' });
          }}
        />
      </>
    );
  }

  return (
    <div className="page page--search">
      <PageTitle text={title} actions={actions}>
        {title}
      </PageTitle>
      <SearchForm filter={state.filter} query={state.query} onSearch={onSearch} busy={search.isFetching} />
      <section ref={resultsRef} className="results" aria-label={t('search.resultsLabel')} aria-busy={search.isFetching || undefined}>
        <p className="results__summary" aria-live="polite">
          {summary}
        </p>
        {body}
      </section>
    </div>
  );
}
