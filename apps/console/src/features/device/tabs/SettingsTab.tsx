import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  checkSettingValue,
  LOCATION_INTERVAL_CHOICES,
  LOCATION_INTERVAL_STANDBY,
  OPERATIONAL_TIME_MAX,
  OPERATIONAL_TIME_MIN,
  SETTING_LOCATION_INTERVAL,
  SETTING_OPERATIONAL_TIME,
  type SettingItem,
} from '@tracker/contract';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useTimeZone } from '../../../lib/time-zone';
import { localErrorToast, successToast } from '../../../lib/toast';
import { useEditSettings, useLoadDefaults, usePushAll, usePushSetting, useSettings } from '../api/settings';
import { QueryState } from '../components/QueryState';
import { canEdit } from '../device-tabs';

/** settings: the per-device list; edit, push one, push all, load defaults. A push shows as pending until confirmed. */
export function SettingsTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const role = useSession()!.role;
  const editable = canEdit(role, 'settings');
  const q = useSettings(id);
  const edit = useEditSettings(id);
  const push = usePushSetting(id);
  const pushAll = usePushAll(id);
  const loadDefaults = useLoadDefaults(id);
  const [draft, setDraft] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const busy = edit.isPending || push.isPending || pushAll.isPending || loadDefaults.isPending;
  const changed = useMemo(() => {
    const list = q.data ?? [];
    return list.filter((s) => draft[s.setting_no] !== undefined && draft[s.setting_no] !== (s.value ?? s.default_value ?? ''));
  }, [q.data, draft]);

  const save = () => {
    const local: Record<number, string> = {};
    for (const s of changed) {
      // the api checks the same §9 rule; here it is said in the UI language
      if (checkSettingValue(s.name, draft[s.setting_no]!)) {
        local[s.setting_no] = t(s.name === SETTING_LOCATION_INTERVAL ? 'device.settings.badInterval' : 'device.settings.badHours');
      }
    }
    setErrors(local);
    if (Object.keys(local).length) return localErrorToast(t('form.fixErrors'));
    edit.mutate(
      { settings: changed.map((s) => ({ setting_no: s.setting_no, value: draft[s.setting_no]! })) },
      {
        onSuccess: () => {
          setDraft({});
          successToast(t('device.settings.saved'));
        },
        onError: (e) => {
          if (!(e instanceof ApiError)) return;
          const byNo: Record<number, string> = {};
          for (const fe of e.errors) {
            const idx = /^settings\.(\d+)\./.exec(fe.field)?.[1];
            const s = idx !== undefined ? changed[Number(idx)] : undefined;
            if (s) byNo[s.setting_no] = fe.message;
          }
          setErrors(byNo);
        },
      },
    );
  };

  return (
    <div>
      <div className="dw-toolbar">
        <h2>{t('device.tabs.settings')}</h2>
        {editable ? (
          <>
            <button type="button" className="btn btn--primary" disabled={busy || changed.length === 0} onClick={save}>
              {t('device.settings.save', { n: changed.length })}
            </button>
            <button
              type="button"
              className="btn"
              disabled={busy || changed.length > 0}
              title={changed.length > 0 ? t('device.settings.saveFirst') : undefined}
              onClick={() => pushAll.mutate(undefined, { onSuccess: (r) => successToast(t('device.settings.pushedAll', { n: r.length })) })}
            >
              {t('device.settings.pushAll')}
            </button>
            <button type="button" className="btn" disabled={busy} onClick={() => loadDefaults.mutate(0, { onSuccess: () => { setDraft({}); successToast(t('device.settings.defaultsLoaded')); } })}>
              {t('device.settings.loadDefaults')}
            </button>
          </>
        ) : (
          <p className="muted">{t('device.common.readOnly')}</p>
        )}
      </div>
      <QueryState query={q} empty={q.data?.length === 0} emptyTitle={t('device.settings.empty')}>
        <div className="table-wrap">
          <table className="table dw-table" data-testid="settings-table">
            <thead>
              <tr>
                <th scope="col">{t('device.settings.no')}</th>
                <th scope="col">{t('device.settings.name')}</th>
                <th scope="col">{t('device.settings.value')}</th>
                <th scope="col">{t('device.settings.default')}</th>
                <th scope="col">{t('device.settings.state')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('device.settings.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(q.data ?? []).map((s) => (
                <tr key={s.setting_no} data-testid={`setting-${s.name ?? s.setting_no}`}>
                  <td>{s.setting_no}</td>
                  <td>{s.name ? t(`device.settingName.${s.name}`, { defaultValue: s.name }) : t('common.none')}</td>
                  <td>
                    <SettingInput
                      s={s}
                      value={draft[s.setting_no] ?? s.value ?? s.default_value ?? ''}
                      disabled={!editable || !s.editable || busy}
                      error={errors[s.setting_no]}
                      onChange={(v) => setDraft((d) => ({ ...d, [s.setting_no]: v }))}
                    />
                  </td>
                  <td className="muted">{formatSetting(s.name, s.default_value, t)}</td>
                  <td>
                    {s.synced ? (
                      <span className="status status--active">{t('device.settings.synced')}</span>
                    ) : (
                      <span className="status status--inactive" data-testid="setting-pending" title={s.last_push ? formatDateTime(s.last_push.created, tz) : undefined}>
                        {s.last_push ? t('device.settings.pendingPush', { status: t(`device.messageStatus.${s.last_push.status}`) }) : t('device.settings.pending')}
                      </span>
                    )}
                  </td>
                  <td>
                    {editable && s.editable ? (
                      <button
                        type="button"
                        className="btn btn--ghost"
                        // a push sends the saved value: an unsaved change must be saved first
                        disabled={busy || changed.includes(s)}
                        title={changed.includes(s) ? t('device.settings.saveFirst') : undefined}
                        aria-label={t('device.settings.pushOne', { name: s.name ?? s.setting_no })}
                        onClick={() => push.mutate(s.setting_no, { onSuccess: () => successToast(t('device.settings.pushed')) })}
                      >
                        {t('device.settings.push')}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </QueryState>
    </div>
  );
}


function formatSetting(name: string | null, value: string | null, t: TFunction): string {
  if (value === null) return t('common.none');
  if (name === SETTING_LOCATION_INTERVAL) {
    const n = Number(value);
    return n === LOCATION_INTERVAL_STANDBY ? t('device.settings.standby') : t('device.settings.minutes', { n: n / 60 });
  }
  return value || t('common.none');
}

function SettingInput({ s, value, disabled, error, onChange }: { s: SettingItem; value: string; disabled: boolean; error?: string | undefined; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const label = s.name ?? String(s.setting_no);
  const common = {
    className: 'input input--compact',
    'aria-label': t('device.settings.valueOf', { name: label }),
    'aria-invalid': error ? true : undefined,
    disabled,
    value,
  } as const;
  let input;
  if (s.name === SETTING_LOCATION_INTERVAL) {
    const known = LOCATION_INTERVAL_CHOICES.includes(Number(value));
    input = (
      <select {...common} onChange={(e) => onChange(e.target.value)}>
        {known ? null : <option value={value}>{value}</option>}
        {LOCATION_INTERVAL_CHOICES.map((c) => (
          <option key={c} value={String(c)}>
            {formatSetting(s.name, String(c), t)}
          </option>
        ))}
      </select>
    );
  } else if (s.name === SETTING_OPERATIONAL_TIME) {
    const hours = Array.from({ length: OPERATIONAL_TIME_MAX - OPERATIONAL_TIME_MIN + 1 }, (_, i) => String(i + OPERATIONAL_TIME_MIN));
    input = (
      <select {...common} onChange={(e) => onChange(e.target.value)}>
        {hours.includes(value) ? null : <option value={value}>{value}</option>}
        {hours.map((h) => (
          <option key={h} value={h}>
            {t('device.settings.hours', { n: h })}
          </option>
        ))}
      </select>
    );
  } else {
    input = <input {...common} maxLength={500} onChange={(e) => onChange(e.target.value)} />;
  }
  return (
    <>
      {input}
      {error ? <p className="field__error">{error}</p> : null}
    </>
  );
}
