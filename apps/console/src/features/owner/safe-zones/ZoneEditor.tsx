import { useTranslation } from 'react-i18next';
import { SAFE_ZONE_LIMITS, SAFE_ZONE_NAME_MAX, SAFE_ZONE_RADIUS, clampRadius, type SafeZoneDevice } from '@tracker/contract';
import { SelectField, TextField } from '../../../components/Field';
import { DeviceChecklist } from '../editor/DeviceChecklist';
import type { FormErrors } from '../../../lib/contract-form';

/** A zone being edited: the map sets latitude and longitude (null until the user clicks the map for a new one). */
export type ZoneDraft = {
  id?: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
  radius: number;
  enabled: boolean;
  limit_percent: number;
  devices: number[];
};

export const newZone = (): ZoneDraft => ({ name: '', latitude: null, longitude: null, radius: SAFE_ZONE_RADIUS.default, enabled: true, limit_percent: -1, devices: [] });

type Props = {
  draft: ZoneDraft;
  original: ZoneDraft;
  devices: SafeZoneDevice[];
  errors: FormErrors;
  /** the radius note (clamped to 500 m), shown under the radius */
  note: string | null;
  onChange: (d: ZoneDraft) => void;
  onClamp: () => void;
};

/** The selected zone's name, centre, radius (at most 500 m, clamped with the message), enabled, limit and devices. */
export function ZoneEditor({ draft, original, devices, errors, note, onChange, onClamp }: Props) {
  const { t } = useTranslation();
  const set = <K extends keyof ZoneDraft>(k: K, v: ZoneDraft[K]) => onChange({ ...draft, [k]: v });
  return (
    <div className="dw-form" data-testid="zone-editor">
      <TextField label={t('ownerZones.name')} value={draft.name} maxLength={SAFE_ZONE_NAME_MAX} error={errors.name} onChange={(e) => set('name', e.target.value)} data-testid="zone-name" />
      <p className="mono" data-testid="zone-centre">
        {t('ownerZones.centre')}: {draft.latitude === null || draft.longitude === null ? t('ownerZones.clickMap') : `${draft.latitude}, ${draft.longitude}`}
      </p>
      {errors.latitude || errors.longitude ? (
        <p className="field__error" role="alert">
          {errors.latitude ?? errors.longitude}
        </p>
      ) : null}
      <TextField
        label={t('ownerZones.radius')}
        type="number"
        min={SAFE_ZONE_RADIUS.min}
        max={SAFE_ZONE_RADIUS.max}
        value={draft.radius}
        error={errors.radius}
        hint={note ?? t('ownerZones.radiusHint', { max: SAFE_ZONE_RADIUS.max })}
        data-testid="zone-radius"
        onChange={(e) => {
          const { radius, clamped } = clampRadius(Number(e.target.value) || 0);
          if (clamped) onClamp();
          set('radius', radius);
        }}
      />
      <div className="field field--checkbox">
        <input id="zone-enabled" type="checkbox" checked={draft.enabled} onChange={(e) => set('enabled', e.target.checked)} />
        <label htmlFor="zone-enabled">{t('ownerZones.enabled')}</label>
      </div>
      <SelectField label={t('ownerZones.limit')} value={draft.limit_percent} error={errors.limit_percent} onChange={(e) => set('limit_percent', Number(e.target.value))}>
        {SAFE_ZONE_LIMITS.map((l) => (
          <option key={l} value={l}>
            {l === -1 ? t('ownerZones.limitOff') : t('common.percent', { value: l })}
          </option>
        ))}
      </SelectField>
      <DeviceChecklist
        legend={t('ownerZones.devices')}
        devices={devices}
        checked={draft.devices}
        saved={original.devices}
        error={errors.devices}
        idPrefix="zone-device"
        onChange={(ids) => set('devices', ids)}
        data-testid="zone-devices"
      />
    </div>
  );
}
