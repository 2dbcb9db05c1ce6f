import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WhitelistItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { TextField } from '../../../components/Field';
import { PageTitle } from '../../../components/PageTitle';
import { Pager } from '../../../components/Pager';
import { QueryState } from '../../../components/QueryState';
import { formatDateTime } from '../../../lib/dates';
import { useUrlSearch } from '../../../lib/url-search';
import { useGsmSearch } from '../api/whitelist-api';
import { WhitelistModal } from '../components/WhitelistModal';
import '../whitelist.css';

/** §2 /carrier-whitelist/search: numbers by GSM number (25 per page) with the add/edit modal. */
export function WhitelistPage() {
  const { t } = useTranslation();
  const { query, page, draft, setDraft, go, submit } = useUrlSearch();
  const [editing, setEditing] = useState<{ item: WhitelistItem | null } | null>(null);
  const list = useGsmSearch(query, page);

  const none = <span className="muted">{t('common.none')}</span>;
  const columns: Column<WhitelistItem>[] = [
    { key: 'number', header: t('whitelist.number'), width: '12rem', className: 'mono', cell: (w) => w.number },
    {
      key: 'allowed',
      header: t('whitelist.allowedCol'),
      width: '8rem',
      cell: (w) => <span className={`status ${w.is_allowed ? 'status--active' : 'status--terminated'}`}>{t(w.is_allowed ? 'whitelist.yes' : 'whitelist.no')}</span>,
    },
    { key: 'comment', header: t('whitelist.comment'), truncate: true, cell: (w) => w.comment ?? none },
    { key: 'updated', header: t('whitelist.updated'), width: '11rem', cell: (w) => formatDateTime(w.updated_at) },
    {
      key: 'edit',
      header: t('whitelist.edit'),
      hideHeader: true,
      width: '6rem',
      cell: (w) => (
        <button type="button" className="btn btn--ghost" aria-haspopup="dialog" aria-label={t('whitelist.editNumber', { number: w.number })} onClick={() => setEditing({ item: w })}>
          {t('whitelist.edit')}
        </button>
      ),
    },
  ];

  const body = (
    <QueryState query={list}>
      {list.data ? (
        <>
          <DataTable
            columns={columns}
            rows={list.data.items}
            rowKey={(w) => w.id}
            layout="fixed"
            empty={t('whitelist.noResults')}
            caption={t('whitelist.caption')}
            data-testid="whitelist-results"
            rowProps={() => ({ 'data-testid': 'whitelist-row' })}
          />
          <Pager page={page} totalPages={list.data.total_pages} more={list.data.more} onChange={(p) => go(query, p)} />
        </>
      ) : null}
    </QueryState>
  );

  const title = t('whitelist.title');
  return (
    <div className="page page--search">
      <PageTitle
        text={title}
        actions={
          <button type="button" className="btn" aria-haspopup="dialog" onClick={() => setEditing({ item: null })}>
            {t('whitelist.add')}
          </button>
        }
      >
        {title}
      </PageTitle>
      <form className="search-form whitelist-form" role="search" aria-label={t('whitelist.formLabel')} onSubmit={submit}>
        <TextField label={t('whitelist.query')} type="search" inputMode="tel" autoComplete="off" maxLength={30} value={draft} onChange={(e) => setDraft(e.target.value)} />
        <div className="search-form__submit">
          <button type="submit" className="btn btn--primary">
            {t('whitelist.submit')}
          </button>
        </div>
      </form>
      <section className="results" aria-label={t('whitelist.resultsLabel')} aria-busy={list.isFetching || undefined}>
        {body}
      </section>
      <WhitelistModal open={editing !== null} item={editing?.item ?? null} onClose={() => setEditing(null)} />
    </div>
  );
}
