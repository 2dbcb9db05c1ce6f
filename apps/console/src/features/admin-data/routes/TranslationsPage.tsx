import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TranslationItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { SelectField, TextField } from '../../../components/Field';
import { PageTitle } from '../../../components/PageTitle';
import { Pager } from '../../../components/Pager';
import { QueryState } from '../../../components/QueryState';
import { formatDateTime } from '../../../lib/dates';
import { useDeviceTypes, useLanguages, useTranslationsOf } from '../api/admin-data-api';
import { TranslationModal } from '../components/TranslationModal';
import '../admin-data.css';

const PAGE = 25;

/**
 * §2 /admin/translations: the texts for watches and apps of one language (and one device type, or all), filtered by
 * key or value and paged here (a language holds a few hundred); values are shown as text, HTML included (escaped).
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
  const totalPages = Math.ceil(shown.length / PAGE);
  const current = Math.min(page, Math.max(0, totalPages - 1));

  function choose(k: 'language' | 'type', v: string) {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    setParams(next);
    setPage(0);
  }

  const columns: Column<TranslationItem>[] = [
    { key: 'key', header: t('adminData.translations.key'), width: '16rem', className: 'mono', truncate: true, cell: (x) => x.key },
    { key: 'type', header: t('adminData.deviceType'), width: '9rem', cell: (x) => typeName(x.device_type_id) },
    { key: 'value', header: t('adminData.translations.value'), truncate: true, cell: (x) => <span data-testid="translation-value">{x.value}</span> },
    { key: 'html', header: t('adminData.translations.html'), width: '5rem', cell: (x) => (x.is_html ? t('adminData.yes') : t('adminData.no')) },
    { key: 'updated', header: t('adminData.updated'), width: '11rem', cell: (x) => formatDateTime(x.updated_at) },
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

  const title = t('adminData.translations.title');
  return (
    <div className="page page--search">
      <PageTitle
        text={title}
        actions={
          <button type="button" className="btn" aria-haspopup="dialog" onClick={() => setEditing({ item: null })}>
            {t('adminData.translations.add')}
          </button>
        }
      >
        {title}
      </PageTitle>
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
        <TextField label={t('adminData.translations.filter')} type="search" value={filter} maxLength={200} onChange={(e) => { setFilter(e.target.value); setPage(0); }} />
      </div>
      <section className="results" aria-label={t('adminData.translations.results')} aria-busy={list.isFetching || undefined}>
        <QueryState query={list}>
          <DataTable
            columns={columns}
            rows={shown.slice(current * PAGE, current * PAGE + PAGE)}
            rowKey={(x) => x.id}
            layout="fixed"
            empty={t('adminData.translations.none')}
            caption={title}
            data-testid="translations"
            rowProps={() => ({ 'data-testid': 'translation-row' })}
          />
          <Pager page={current} totalPages={totalPages} onChange={setPage} />
        </QueryState>
      </section>
      {editing ? <TranslationModal item={editing.item} language={language} typeId={typeId} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
