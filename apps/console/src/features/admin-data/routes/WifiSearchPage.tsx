import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMac, WIFI_SORTS, type WifiItem } from '@tracker/contract';
import type { Column } from '../../../components/DataTable';
import { TextField } from '../../../components/Field';
import { ListPage, PagedTable, SearchForm, serverPaging } from '../../../components/ListPage';
import { formatDateTime } from '../../../lib/dates';
import { useUrlSearch } from '../../../lib/url-search';
import { useWifiSearch } from '../api/admin-data-api';
import { WifiHelp } from '../components/WifiHelp';
import '../admin-data.css';

/**
 * §2 /geolocation/search: wifi access points by the start of their MAC, 25 per page, sorted by the server, each
 * opening its edit screen; a help tooltip on the search field (role 1 edits it, §6).
 */
export function WifiSearchPage() {
  const { t } = useTranslation();
  const search = useUrlSearch(WIFI_SORTS, { key: 'mac', dir: 'asc' });
  const list = useWifiSearch(search.query, search.page, search.sort);

  const flag = (b: boolean) => (b ? t('adminData.yes') : t('adminData.no'));
  const columns: Column<WifiItem>[] = [
    {
      key: 'mac',
      header: t('adminData.wifi.mac'),
      width: '12rem',
      className: 'mono',
      sortable: true,
      cell: (w) => <Link to={`/geolocation/edit/${w.mac}`}>{formatMac(w.mac)}</Link>,
    },
    { key: 'latitude', header: t('adminData.wifi.latitude'), width: '8rem', align: 'end', sortable: true, cell: (w) => w.latitude.toFixed(6) },
    { key: 'longitude', header: t('adminData.wifi.longitude'), width: '8rem', align: 'end', sortable: true, cell: (w) => w.longitude.toFixed(6) },
    { key: 'fixed', header: t('adminData.wifi.fixed'), width: '7rem', sortable: true, cell: (w) => flag(w.fixed) },
    { key: 'blacklisted', header: t('adminData.wifi.blacklisted'), width: '8rem', sortable: true, cell: (w) => flag(w.blacklisted) },
    { key: 'user_id', header: t('adminData.wifi.owner'), width: '7rem', sortable: true, cell: (w) => (w.user_id ? <Link to={`/owner/${w.user_id}`}>{w.user_id}</Link> : '') },
    { key: 'updated_at', header: t('adminData.updated'), sortable: true, cell: (w) => formatDateTime(w.updated_at) },
  ];

  const title = t('adminData.wifi.title');
  return (
    <ListPage
      title={title}
      add={{ label: t('adminData.wifi.add'), to: '/geolocation/add' }}
      filters={
        <SearchForm label={t('adminData.wifi.formLabel')} submitLabel={t('adminData.wifi.search')} onSubmit={search.submit} className="admin-data-filters">
          <TextField
            label={t('adminData.wifi.query')}
            help={<WifiHelp field="query" />}
            hint={t('adminData.wifi.queryHint')}
            type="search"
            autoComplete="off"
            maxLength={17}
            value={search.draft}
            onChange={(e) => search.setDraft(e.target.value)}
          />
        </SearchForm>
      }
      resultsLabel={t('adminData.wifi.results')}
      query={list}
    >
      {list.data ? (
        <PagedTable
          {...serverPaging(search, list.data)}
          columns={columns}
          rowKey={(w) => w.mac}
          layout="fixed"
          empty={t('adminData.wifi.none')}
          caption={title}
          data-testid="wifi-results"
          rowProps={() => ({ 'data-testid': 'wifi-row' })}
        />
      ) : null}
    </ListPage>
  );
}
