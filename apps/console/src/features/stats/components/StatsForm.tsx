import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isRealDate } from '@tracker/contract';
import { SelectField, TextField } from '../../../components/Field';
import { RefSelect } from '../../../components/RefSelect';
import { useWhiteLabels } from '../../../lib/lists';
import { useStatsDeployments, type StatsSearch } from '../api/stats-api';

type Draft = Omit<StatsSearch, 'type'>;
const validDay = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && isRealDate(d);

/**
 * From, to (§2: at most today; Search disabled until both are valid, to not before from), the white-label dropdown
 * (the user's own) and, for firmware_version only, the sub-white-label dropdown (deployments of the chosen one).
 */
export function StatsForm({ value, today, sub, onSearch }: { value: Draft; today: string; sub: boolean; onSearch: (d: Draft) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(value);
  const { from, to, whiteLabel, deployment } = value;
  useEffect(() => setDraft({ from, to, whiteLabel, deployment }), [from, to, whiteLabel, deployment]);
  const whiteLabels = useWhiteLabels();
  const deployments = useStatsDeployments(sub);

  const datesValid = validDay(draft.from) && validDay(draft.to) && draft.from <= today && draft.to <= today;
  const order = datesValid && draft.to < draft.from ? t('statsPage.toBeforeFrom') : undefined;
  const valid = datesValid && !order;
  const set = (k: 'from' | 'to') => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const id = (v: string) => (v ? Number(v) : null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (valid) onSearch(draft);
  }

  return (
    <form className="search-form stats-form" aria-label={t('statsPage.submit')} onSubmit={submit}>
      <TextField label={t('statsPage.from')} type="date" max={today} value={draft.from} onChange={set('from')} />
      <TextField label={t('statsPage.to')} type="date" max={today} value={draft.to} onChange={set('to')} error={order} />
      <RefSelect
        label={t('statsPage.whiteLabel')}
        query={whiteLabels}
        optionLabel={(w) => w.name}
        placeholder={t('statsPage.allWhiteLabels')}
        value={draft.whiteLabel ?? ''}
        onChange={(e) => setDraft((d) => ({ ...d, whiteLabel: id(e.target.value), deployment: null }))}
      />
      {sub ? (
        <SelectField
          label={t('statsPage.deployment')}
          value={draft.deployment ?? ''}
          disabled={draft.whiteLabel === null}
          onChange={(e) => setDraft((d) => ({ ...d, deployment: id(e.target.value) }))}
        >
          <option value="">{t('statsPage.allDeployments')}</option>
          {(deployments.data ?? [])
            .filter((x) => x.white_label_id === draft.whiteLabel)
            .map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
        </SelectField>
      ) : null}
      <div className="search-form__submit">
        <button type="submit" className="btn btn--primary" disabled={!valid}>
          {t('statsPage.submit')}
        </button>
      </div>
    </form>
  );
}
