import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMac, type WifiItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { TextField } from '../../../components/Field';
import { PageTitle } from '../../../components/PageTitle';
import { Pager } from '../../../components/Pager';
import { QueryState } from '../../../components/QueryState';
import { formatDateTime } from '../../../lib/dates';
import { useUrlSearch } from '../../../lib/url-search';
import { useWifiSearch } from '../api/admin-data-api';
import '../admin-data.css';

/** §2 /geolocation/search: wifi access points by the start of their MAC, 25 per page, each opening its edit screen. */
export function WifiSearchPage() {
  const { t } = useTranslation();
  const { query, page, draft, setDraft, go, submit } = useUrlSearch();
  const list = useWifiSearch(query, page);

  const flag = (b: boolean) => (b ? t('adminData.yes') : t('adminData.no'));
  const columns: Column<WifiItem>[] = [
    {
      key: 'mac',
      header: t('adminData.wifi.mac'),
      width: '12rem',
      className: 'mono',
      cell: (w) => <Link to={`/geolocation/edit/${w.mac}`}>{formatMac(w.mac)}</Link>,
    },
    { key: 'lat', header: t('adminData.wifi.latitude'), width: '8rem', align: 'end', cell: (w) => w.latitude.toFixed(6) },
    { key: 'lng', header: t('adminData.wifi.longitude'), width: '8rem', align: 'end', cell: (w) => w.longitude.toFixed(6) },
    { key: 'fixed', header: t('adminData.wifi.fixed'), width: '6rem', cell: (w) => flag(w.fixed) },
    { key: 'blacklisted', header: t('adminData.wifi.blacklisted'), width: '7rem', cell: (w) => flag(w.blacklisted) },
    { key: 'owner', header: t('adminData.wifi.owner'), width: '7rem', cell: (w) => (w.user_id ? <Link to={`/owner/${w.user_id}`}>{w.user_id}</Link> : '') },
    { key: 'updated', header: t('adminData.updated'), cell: (w) => formatDateTime(w.updated_at) },
  ];

  const title = t('adminData.wifi.title');
  return (
    <div className="page page--search">
      <PageTitle
        text={title}
        actions={
          <Link className="btn" to="/geolocation/add">
            {t('adminData.wifi.add')}
          </Link>
        }
      >
        {title}
      </PageTitle>
      <form className="search-form admin-data-filters" role="search" aria-label={t('adminData.wifi.formLabel')} onSubmit={submit}>
        <TextField label={t('adminData.wifi.query')} hint={t('adminData.wifi.queryHint')} type="search" autoComplete="off" maxLength={17} value={draft} onChange={(e) => setDraft(e.target.value)} />
        <div className="search-form__submit">
          <button type="submit" className="btn btn--primary">
            {t('adminData.wifi.search')}
          </button>
        </div>
      </form>
      <section className="results" aria-label={t('adminData.wifi.results')} aria-busy={list.isFetching || undefined}>
        <QueryState query={list}>
          {list.data ? (
            <>
              <DataTable
                columns={columns}
                rows={list.data.items}
                rowKey={(w) => w.mac}
                layout="fixed"
                empty={t('adminData.wifi.none')}
                caption={title}
                data-testid="wifi-results"
                rowProps={() => ({ 'data-testid': 'wifi-row' })}
              />
              <Pager page={page} totalPages={list.data.total_pages} more={list.data.more} onChange={(p) => go(query, p)} />
            </>
          ) : null}
        </QueryState>
      </section>
    </div>
  );
}
