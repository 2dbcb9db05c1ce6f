import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isRealDate, SMS_QUERY_MAX } from '@tracker/contract';
import { TextField } from '../../../components/Field';
import type { TrafficSearch } from '../api/traffic-api';

type Draft = Omit<TrafficSearch, 'page'>;
const validDay = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && isRealDate(d);

/**
 * Query, from and until (§5): Search stays disabled until there is a query and both days are valid, until not before
 * from. The days go up to `today`.
 */
export function TrafficForm({ value, today, onSearch, busy }: { value: Draft; today: string; onSearch: (d: Draft) => void; busy: boolean }) {
  const { t } = useTranslation();
  const { query, from, to } = value;
  const [draft, setDraft] = useState<Draft>(value);
  // back / forward change the URL: show what is searched
  useEffect(() => setDraft({ query, from, to }), [query, from, to]);

  const datesValid = validDay(draft.from) && validDay(draft.to);
  const order = datesValid && draft.to < draft.from ? t('traffic.untilBeforeFrom') : undefined;
  const valid = draft.query.trim() !== '' && datesValid && !order;
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (valid) onSearch({ ...draft, query: draft.query.trim() });
  }

  return (
    <form className="search-form traffic-form" role="search" aria-label={t('traffic.formLabel')} onSubmit={submit}>
      <TextField
        label={t('traffic.query')}
        hint={t('traffic.queryHint')}
        type="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={SMS_QUERY_MAX}
        value={draft.query}
        onChange={set('query')}
        autoFocus
      />
      <TextField label={t('traffic.from')} type="date" max={today} value={draft.from} onChange={set('from')} />
      <TextField label={t('traffic.until')} type="date" max={today} value={draft.to} onChange={set('to')} error={order} />
      <div className="search-form__submit">
        <button type="submit" className="btn btn--primary" disabled={!valid} aria-busy={busy || undefined}>
          {t('traffic.submit')}
        </button>
      </div>
    </form>
  );
}
