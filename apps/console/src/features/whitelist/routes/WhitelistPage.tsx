import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WHITELIST_SORTS, type WhitelistItem } from '@tracker/contract';
import type { Column } from '../../../components/DataTable';
import { TextField } from '../../../components/Field';
import { ListPage, PagedTable, SearchForm, serverPaging } from '../../../components/ListPage';
import { formatDateTime } from '../../../lib/dates';
import { useUrlSearch } from '../../../lib/url-search';
import { useGsmSearch } from '../api/whitelist-api';
import { WhitelistModal } from '../components/WhitelistModal';
import '../whitelist.css';

/** §2 /carrier-whitelist/search: numbers by GSM number (25 per page, sorted by the server) with the add/edit modal. */
export function WhitelistPage() {
  const { t } = useTranslation();
  const search = useUrlSearch(WHITELIST_SORTS, { key: 'number', dir: 'asc' });
  const [editing, setEditing] = useState<{ item: WhitelistItem | null } | null>(null);
  const list = useGsmSearch(search.query, search.page, search.sort);

  const none = <span className="muted">{t('common.none')}</span>;
  const columns: Column<WhitelistItem>[] = [
    { key: 'number', header: t('whitelist.number'), width: '12rem', className: 'mono', sortable: true, cell: (w) => w.number },
    {
      key: 'is_allowed',
      header: t('whitelist.allowedCol'),
      width: '8rem',
      sortable: true,
      cell: (w) => <span className={`status ${w.is_allowed ? 'status--active' : 'status--terminated'}`}>{t(w.is_allowed ? 'whitelist.yes' : 'whitelist.no')}</span>,
    },
    { key: 'comment', header: t('whitelist.comment'), truncate: true, sortable: true, cell: (w) => w.comment ?? none },
    { key: 'updated_at', header: t('whitelist.updated'), width: '11rem', sortable: true, cell: (w) => formatDateTime(w.updated_at) },
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

  const title = t('whitelist.title');
  return (
    <ListPage
      title={title}
      add={{ label: t('whitelist.add'), onClick: () => setEditing({ item: null }) }}
      filters={
        <SearchForm label={t('whitelist.formLabel')} submitLabel={t('whitelist.submit')} onSubmit={search.submit} className="whitelist-form">
          <TextField label={t('whitelist.query')} type="search" inputMode="tel" autoComplete="off" maxLength={30} value={search.draft} onChange={(e) => search.setDraft(e.target.value)} />
        </SearchForm>
      }
      resultsLabel={t('whitelist.resultsLabel')}
      query={list}
      after={<WhitelistModal open={editing !== null} item={editing?.item ?? null} onClose={() => setEditing(null)} />}
    >
      {list.data ? (
        <PagedTable
          {...serverPaging(search, list.data)}
          columns={columns}
          rowKey={(w) => w.id}
          layout="fixed"
          empty={t('whitelist.noResults')}
          caption={t('whitelist.caption')}
          data-testid="whitelist-results"
          rowProps={() => ({ 'data-testid': 'whitelist-row' })}
        />
      ) : null}
    </ListPage>
  );
}
