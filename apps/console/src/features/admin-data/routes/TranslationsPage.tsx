import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TranslationItem } from '@tracker/contract';
import { useSortedRows, type Column } from '../../../components/DataTable';
import { SelectField, TextField } from '../../../components/Field';
import { ListPage, PagedTable } from '../../../components/ListPage';
import { formatDateTime } from '../../../lib/dates';
import { useDeviceTypes, useLanguages, useTranslationsOf } from '../api/admin-data-api';
import { TranslationModal } from '../components/TranslationModal';
import '../admin-data.css';

const PAGE = 25;

/**
 * §2 /admin/translations: the texts for watches and apps of one language (and one device type, or all), filtered by
 * key or value, sorted and paged here (a language holds a few hundred); values are shown as text, HTML included
 * (escaped).
 */
export function TranslationsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const language = params.get('language') ?? 'en';
  const typeId = Number(params.get('type')) || null;
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<{ item: TranslationItem | null } | null>(null);
  const types = useDeviceTypes();
  const languages = useLanguages();
  const list = useTranslationsOf(language, typeId);
  const typeName = (id: number) => types.data?.find((x) => x.id === id)?.name ?? String(id);

  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return (list.data ?? []).filter((x) => !f || x.key.toLowerCase().includes(f) || x.value.toLowerCase().includes(f));
  }, [list.data, filter]);

  function choose(k: 'language' | 'type', v: string) {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    setParams(next);
    setPage(0);
  }

  const columns: Column<TranslationItem>[] = [
    { key: 'key', header: t('adminData.translations.key'), width: '16rem', className: 'mono', truncate: true, sortable: (x) => x.key, cell: (x) => x.key },
    { key: 'type', header: t('adminData.deviceType'), width: '9rem', sortable: (x) => typeName(x.device_type_id), cell: (x) => typeName(x.device_type_id) },
    { key: 'value', header: t('adminData.translations.value'), truncate: true, sortable: (x) => x.value, cell: (x) => <span data-testid="translation-value">{x.value}</span> },
    { key: 'html', header: t('adminData.translations.html'), width: '5rem', sortable: (x) => x.is_html, cell: (x) => (x.is_html ? t('adminData.yes') : t('adminData.no')) },
    { key: 'updated', header: t('adminData.updated'), width: '11rem', sortable: (x) => x.updated_at, cell: (x) => formatDateTime(x.updated_at) },
    {
      key: 'edit',
      header: t('adminData.edit'),
      hideHeader: true,
      width: '6rem',
      cell: (x) => (
        <button type="button" className="btn btn--ghost" aria-haspopup="dialog" aria-label={t('adminData.translations.editOne', { key: x.key })} onClick={() => setEditing({ item: x })}>
          {t('adminData.edit')}
        </button>
      ),
    },
  ];

  // sorted before it is paged: a sort orders every text of the filter, not just the page shown
  const sorted = useSortedRows(shown, columns, { key: 'key', dir: 'asc' });
  const totalPages = Math.ceil(shown.length / PAGE);
  const current = Math.min(page, Math.max(0, totalPages - 1));

  const title = t('adminData.translations.title');
  return (
    <ListPage
      title={title}
      add={{ label: t('adminData.translations.add'), onClick: () => setEditing({ item: null }) }}
      filters={
        <div className="search-form admin-data-filters">
          <SelectField label={t('adminData.translations.language')} value={language} onChange={(e) => choose('language', e.target.value)}>
            {(languages.data ?? [{ language_code: 'en', name: 'English' }]).map((l) => (
              <option key={l.language_code} value={l.language_code}>
                {l.name}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('adminData.deviceType')} value={typeId ?? ''} onChange={(e) => choose('type', e.target.value)}>
            <option value="">{t('adminData.allTypes')}</option>
            {(types.data ?? []).map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('adminData.translations.filter')}
            type="search"
            value={filter}
            maxLength={200}
            onChange={(e) => {
              setFilter(e.target.value);
              setPage(0);
            }}
          />
        </div>
      }
      resultsLabel={t('adminData.translations.results')}
      query={list}
      after={editing ? <TranslationModal item={editing.item} language={language} typeId={typeId} onClose={() => setEditing(null)} /> : null}
    >
      <PagedTable
        columns={columns}
        rows={(sorted.rows ?? []).slice(current * PAGE, current * PAGE + PAGE)}
        rowKey={(x) => x.id}
        layout="fixed"
        empty={t('adminData.translations.none')}
        caption={title}
        data-testid="translations"
        rowProps={() => ({ 'data-testid': 'translation-row' })}
        sort={sorted.sort}
        onSort={(s) => {
          sorted.onSort(s);
          setPage(0);
        }}
        page={current}
        totalPages={totalPages}
        onPage={setPage}
      />
    </ListPage>
  );
}
