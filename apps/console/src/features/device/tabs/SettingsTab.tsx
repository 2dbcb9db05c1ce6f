import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  checkSettingValue,
  LOCATION_INTERVAL_ALL,
  LOCATION_INTERVAL_CHOICES,
  LOCATION_INTERVAL_STANDBY,
  OPERATIONAL_TIME_MAX,
  OPERATIONAL_TIME_MIN,
  SETTING_LOCATION_INTERVAL,
  SETTING_OPERATIONAL_TIME,
  type SettingItem,
} from '@tracker/contract';
import { ApiError } from '../../../lib/api-client';
import { reasonLabel } from '../../../lib/reasons';
import { useSession } from '../../../lib/session';
import { localErrorToast, successToast } from '../../../lib/toast';
import { useEditSettingsMutation, useLoadDefaultsMutation, usePushAllMutation, usePushSettingMutation, useSettings } from '../api/settings';
import { SelectField } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { DataTable, type Column } from '../../../components/DataTable';
import { SettingState } from '../components/SettingState';
import { TabShell } from '../components/TabShell';
import { canEdit } from '../device-tabs';

/** One change of a load of defaults: [setting, current value, default]. */
type DefaultsChange = [SettingItem, string | null, string | null];

/** The settings a load of default profile `type` (0 = all) would change. */
export function defaultsChanges(list: readonly SettingItem[], type: number): DefaultsChange[] {
  const out: DefaultsChange[] = [];
  for (const s of list) {
    const inProfile = type === 0 || s.profiles.length === 0 || s.profiles.includes(type);
    if (!inProfile) continue;
    const current = s.value ?? s.default_value;
    // profile 0 also drops values of settings the type has no default for
    if (s.default_value === null ? type === 0 && s.value !== null : current !== s.default_value) out.push([s, current, s.default_value]);
  }
  return out;
}

/** settings: the per-device list; edit, push one, push all, load defaults. A push shows as pending until confirmed. */
export function SettingsTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const role = useSession()!.role;
  const editable = canEdit(role, 'settings');
  const q = useSettings(id);
  const edit = useEditSettingsMutation(id);
  const push = usePushSettingMutation(id);
  const pushAll = usePushAllMutation(id);
  const loadDefaults = useLoadDefaultsMutation(id);
  const [draft, setDraft] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [defaultsOpen, setDefaultsOpen] = useState(false);
  const busy = edit.isPending || push.isPending || pushAll.isPending || loadDefaults.isPending;
  const changed = useMemo(() => {
    const list = q.data ?? [];
    return list.filter((s) => draft[s.setting_no] !== undefined && draft[s.setting_no] !== (s.value ?? s.default_value ?? ''));
  }, [q.data, draft]);

  const save = () => {
    const local: Record<number, string> = {};
    for (const s of changed) {
      // the api checks the same §9 rule and answers the same code; here it is said in the UI language
      const refused = checkSettingValue(s.name, draft[s.setting_no]!);
      if (refused) local[s.setting_no] = reasonLabel(t, refused.code, refused.params);
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

  const columns: Column<SettingItem>[] = [
    { key: 'no', header: t('device.settings.no'), cell: (s) => s.setting_no },
    { key: 'name', header: t('device.settings.name'), cell: (s) => (s.name ? t(`device.settingName.${s.name}`, { defaultValue: s.name }) : t('common.none')) },
    {
      key: 'value',
      header: t('device.settings.value'),
      cell: (s) => (
        <SettingInput
          s={s}
          value={draft[s.setting_no] ?? s.value ?? s.default_value ?? ''}
          disabled={!editable || !s.editable || busy}
          error={errors[s.setting_no]}
          onChange={(v) => setDraft((d) => ({ ...d, [s.setting_no]: v }))}
        />
      ),
    },
    { key: 'default', header: t('device.settings.default'), className: 'muted', cell: (s) => formatSetting(s.name, s.default_value, t) },
    { key: 'state', header: t('device.settings.state'), cell: (s) => <SettingState s={s} /> },
    {
      key: 'actions',
      header: t('device.settings.actions'),
      hideHeader: true,
      cell: (s) =>
        editable && s.editable ? (
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
        ) : null,
    },
  ];

  return (
    <TabShell
      title={t('device.tabs.settings')}
      query={q}
      toolbar={
        editable ? (
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
            <button type="button" className="btn" disabled={busy || !q.data} onClick={() => setDefaultsOpen(true)}>
              {t('device.settings.loadDefaults')}
            </button>
          </>
        ) : (
          <p className="muted">{t('device.common.readOnly')}</p>
        )
      }
    >
      <DataTable
        data-testid="settings-table"
        columns={columns}
        rows={q.data}
        rowKey={(s) => s.setting_no}
        rowProps={(s) => ({ 'data-testid': `setting-${s.name ?? s.setting_no}` })}
        empty={t('device.settings.empty')}
      />
      {defaultsOpen && q.data ? (
        <LoadDefaultsDialog
          list={q.data}
          pending={loadDefaults.isPending}
          unsaved={changed.length}
          onClose={() => setDefaultsOpen(false)}
          onConfirm={(type) =>
            loadDefaults.mutate(type, {
              onSuccess: () => {
                setDraft({});
                setDefaultsOpen(false);
                successToast(t('device.settings.defaultsLoaded'));
              },
            })
          }
        />
      ) : null}
    </TabShell>
  );
}

/** Load defaults: pick the profile (0 = every default, or one of the type's profiles), see what changes, confirm. */
function LoadDefaultsDialog({
  list,
  pending,
  unsaved,
  onClose,
  onConfirm,
}: {
  list: readonly SettingItem[];
  pending: boolean;
  unsaved: number;
  onClose: () => void;
  onConfirm: (type: number) => void;
}) {
  const { t } = useTranslation();
  const profiles = useMemo(() => [...new Set(list.flatMap((s) => s.profiles))].sort((a, b) => a - b), [list]);
  const [type, setType] = useState(0);
  const changes = defaultsChanges(list, type);
  const name = (s: SettingItem) => (s.name ? t(`device.settingName.${s.name}`, { defaultValue: s.name }) : String(s.setting_no));
  const changeColumns: Column<DefaultsChange>[] = [
    { key: 'name', header: t('device.settings.name'), cell: ([s]) => name(s) },
    { key: 'value', header: t('device.settings.value'), cell: ([s, from]) => formatSetting(s.name, from, t) },
    { key: 'default', header: t('device.settings.default'), cell: ([s, , to]) => (to === null ? t('device.settings.defaultsDropped') : formatSetting(s.name, to, t)) },
  ];
  return (
    <Modal
      open
      size="wide"
      title={t('device.settings.loadDefaults')}
      description={t('device.settings.defaultsIntro')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn--primary" disabled={pending || changes.length === 0} onClick={() => onConfirm(type)}>
            {t('device.settings.defaultsConfirm', { n: changes.length })}
          </button>
        </>
      }
    >
      <SelectField label={t('device.settings.profile')} value={String(type)} onChange={(e) => setType(Number(e.target.value))}>
        <option value="0">{t('device.settings.profileAll')}</option>
        {profiles.map((p) => (
          <option key={p} value={String(p)}>
            {t('device.settings.profileN', { n: p })}
          </option>
        ))}
      </SelectField>
      {unsaved > 0 ? <p className="field__error">{t('device.settings.defaultsUnsaved', { n: unsaved })}</p> : null}
      {changes.length === 0 ? (
        <p data-testid="defaults-nochange">{t('device.settings.defaultsNone')}</p>
      ) : (
        <DataTable
          framed={false}
          data-testid="defaults-changes"
          columns={changeColumns}
          rows={changes}
          rowKey={([s]) => s.setting_no}
          rowProps={([s]) => ({ 'data-testid': `defaults-change-${s.name ?? s.setting_no}` })}
        />
      )}
    </Modal>
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
    // §9: every whole minute from 2 to 60 (and Stand by); the common choices come first
    const known = LOCATION_INTERVAL_ALL.includes(Number(value)) && /^\d+$/.test(value);
    const others = LOCATION_INTERVAL_ALL.filter((c) => !LOCATION_INTERVAL_CHOICES.includes(c));
    input = (
      <select {...common} onChange={(e) => onChange(e.target.value)}>
        {known ? null : <option value={value}>{value}</option>}
        <optgroup label={t('device.settings.intervalCommon')}>
          {LOCATION_INTERVAL_CHOICES.map((c) => (
            <option key={c} value={String(c)}>
              {formatSetting(s.name, String(c), t)}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('device.settings.intervalOther')}>
          {others.map((c) => (
            <option key={c} value={String(c)}>
              {formatSetting(s.name, String(c), t)}
            </option>
          ))}
        </optgroup>
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
