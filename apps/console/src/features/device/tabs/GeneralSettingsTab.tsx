import { useState } from 'react';
import { Facts } from '../../../components/Facts';
import { useTranslation } from 'react-i18next';
import { BIRTH_DATE_MIN, deviceSettingsBody, HEIGHT_CM, WEIGHT_KG, type DeviceDetail, type DeviceGeneralSettings, type DeviceSettingsBody, type FactoryDetail, factoryDetailsQuery } from '@tracker/contract';
import { FormActions, SelectField, TextField } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { ApiError } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/contract-form';
import { reasonLabel } from '../../../lib/reasons';
import { useSession } from '../../../lib/session';
import { successToast } from '../../../lib/toast';
import { useDeviceDetails, useFactoryLookupMutation, useLinkFactoryMutation, useUpdateDeviceMutation } from '../api/device';
import { profileState, useGeneralSettings, useSaveGeneralSettingsMutation } from '../api/settings';
import { SettingState } from '../components/SettingState';
import { QueryState } from '../../../components/QueryState';
import { canEdit } from '../device-tabs';
import { cmToInch, inchToCm, kgToPound, poundToKg, today } from '../format';
import { useTimeZone } from '../../../lib/time-zone';

type Units = { height: 'cm' | 'inch'; weight: 'kg' | 'lb' };

/**
 * General settings: the wearer's profile (`/device/settings`: child name, birth date, height in cm or inch, weight in
 * kg or pound, gender 1 boy / 2 girl; its watch fields reach the watch by SMS, whose state shows here), then the device
 * record (`/device/update`): enabled, and the factory record it links.
 */
export function GeneralSettingsTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const q = useDeviceDetails(id, 'deviceInfoImsi');
  const general = useGeneralSettings(id);
  return (
    <div>
      <h2>{t('device.tabs.generalSettings')}</h2>
      <QueryState query={general}>{general.data ? <GeneralForm key={general.data.device_id} id={id} d={general.data} /> : null}</QueryState>
      <QueryState query={q}>
        {q.data ? (
          <>
            <EnabledSection id={id} d={q.data} />
            <FactoryLinkSection id={id} d={q.data} />
          </>
        ) : null}
      </QueryState>
    </div>
  );
}

type GeneralValues = { first_name: string; last_name: string; birth_date: string; height: string; weight: string; gender: string };

function GeneralForm({ id, d }: { id: number; d: DeviceGeneralSettings }) {
  const { t } = useTranslation();
  const role = useSession()!.role;
  // §6: role 10 (and 9) sees the settings pages read-only
  const editable = canEdit(role, 'settings');
  const save = useSaveGeneralSettingsMutation(id);
  const maxBirth = today(useTimeZone());
  const [units, setUnits] = useState<Units>({ height: 'cm', weight: 'kg' });
  const num = (s: string) => (s.trim() === '' ? null : Number(s.replace(',', '.')));
  /** the body in the api's units (cm, kg), whatever unit the user typed in */
  const body = (v: GeneralValues): DeviceSettingsBody => {
    const h = num(v.height);
    const w = num(v.weight);
    return {
      first_name: v.first_name,
      last_name: v.last_name,
      birth_date: v.birth_date || null,
      height: h === null ? null : units.height === 'inch' ? inchToCm(h) : Math.round(h),
      weight: w === null ? null : units.weight === 'lb' ? poundToKg(w) : Math.round(w),
      gender: v.gender === '1' ? 1 : v.gender === '2' ? 2 : null,
    };
  };
  const f = useContractForm(deviceSettingsBody, {
    initial: {
      first_name: d.first_name ?? '',
      last_name: d.last_name ?? '',
      birth_date: d.birth_date ?? '',
      height: d.height === null ? '' : String(d.height),
      weight: d.weight === null ? '' : String(d.weight),
      gender: d.gender === null ? '' : String(d.gender),
    },
    body,
    // the api's rules and codes, checked here first (in the unit the user typed), said in the UI language like the api's
    check: (v) => {
      const { height: cm, weight: kg } = body(v);
      const h = num(v.height);
      const w = num(v.weight);
      return {
        height:
          h !== null && !Number.isFinite(h) ? t('device.general.number') : cm != null && (cm < HEIGHT_CM.min || cm > HEIGHT_CM.max) ? reasonLabel(t, 'heightRange', HEIGHT_CM) : undefined,
        weight:
          w !== null && !Number.isFinite(w) ? t('device.general.number') : kg != null && (kg < WEIGHT_KG.min || kg > WEIGHT_KG.max) ? reasonLabel(t, 'weightRange', WEIGHT_KG) : undefined,
        birth_date:
          v.birth_date && v.birth_date < BIRTH_DATE_MIN
            ? reasonLabel(t, 'birthDateTooEarly', { min: BIRTH_DATE_MIN })
            : v.birth_date > maxBirth
              ? reasonLabel(t, 'birthDateFuture')
              : undefined,
      };
    },
  });
  const form = f.values;
  const errors = f.errors;
  const set = (k: keyof GeneralValues) => (e: { target: { value: string } }) => f.set(k, e.target.value);

  const switchUnit = (what: 'height' | 'weight', to: string) => {
    const v = Number(form[what]);
    if (form[what] !== '' && Number.isFinite(v)) {
      const next =
        what === 'height' ? (to === 'inch' ? cmToInch(v) : inchToCm(v)) : to === 'lb' ? kgToPound(v) : poundToKg(v);
      f.set(what, String(next));
    }
    setUnits((u) => ({ ...u, [what]: to }));
  };

  const submit = f.submit(async (_, v) => {
    await save.mutateAsync(body(v));
    successToast(t('device.general.saved'));
  });

  return (
    <form className="dw-form" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset disabled={!editable || save.isPending} className="form-grid">
        <TextField label={t('device.general.firstName')} value={form.first_name} onChange={set('first_name')} error={errors.first_name} maxLength={50} />
        <TextField label={t('device.general.lastName')} value={form.last_name} onChange={set('last_name')} error={errors.last_name} maxLength={50} />
        <TextField label={t('device.general.birthDate')} type="date" min={BIRTH_DATE_MIN} max={maxBirth} value={form.birth_date} onChange={set('birth_date')} error={errors.birth_date} />
        <SelectField label={t('device.general.gender')} value={form.gender} onChange={set('gender')} error={errors.gender}>
          <option value="">{t('device.general.genderUnset')}</option>
          <option value="1">{t('device.general.boy')}</option>
          <option value="2">{t('device.general.girl')}</option>
        </SelectField>
        <div className="dw-unit">
          <TextField label={t('device.general.height')} inputMode="decimal" value={form.height} onChange={set('height')} error={errors.height} />
          <SelectField label={t('device.general.heightUnit')} value={units.height} onChange={(e) => switchUnit('height', e.target.value)}>
            <option value="cm">cm</option>
            <option value="inch">{t('device.general.inch')}</option>
          </SelectField>
        </div>
        <div className="dw-unit">
          <TextField label={t('device.general.weight')} inputMode="decimal" value={form.weight} onChange={set('weight')} error={errors.weight} />
          <SelectField label={t('device.general.weightUnit')} value={units.weight} onChange={(e) => switchUnit('weight', e.target.value)}>
            <option value="kg">kg</option>
            <option value="lb">{t('device.general.pound')}</option>
          </SelectField>
        </div>
      </fieldset>
      <p className="field__hint">{t('device.general.watchHint')}</p>
      {d.last_push ? (
        <p data-testid="profile-on-watch">
          {t('device.general.onWatch')} <SettingState s={profileState(d)} />
        </p>
      ) : null}
      {editable ? (
        <FormActions submit={t('common.save')} pending={save.isPending} primary />
      ) : (
        <p className="muted">{t('device.common.readOnly')}</p>
      )}
    </form>
  );
}

/** Enable or disable the device (audit status 3 enabled / 4 disabled), after a confirmation. */
function EnabledSection({ id, d }: { id: number; d: DeviceDetail }) {
  const { t } = useTranslation();
  const editable = canEdit(useSession()!.role, 'device');
  const save = useUpdateDeviceMutation(id);
  const [confirm, setConfirm] = useState(false);
  const next = !d.enabled;
  const run = () =>
    save.mutate(
      { enabled: next },
      {
        onSuccess: () => {
          successToast(t(next ? 'device.general.enabledDone' : 'device.general.disabledDone'));
          setConfirm(false);
        },
      },
    );
  return (
    <section className="dw-section" data-testid="device-enabled">
      <h3>{t('device.general.statusTitle')}</h3>
      <p>
        <span className={`status ${d.enabled ? 'status--active' : 'status--inactive'}`}>
          {t(d.enabled ? 'device.general.isEnabled' : 'device.general.isDisabled')}
        </span>
      </p>
      {editable ? (
        <div className="form-actions">
          <button type="button" className="btn" onClick={() => setConfirm(true)}>
            {t(next ? 'device.general.enable' : 'device.general.disable')}
          </button>
        </div>
      ) : null}
      <Modal
        open={confirm}
        title={t(next ? 'device.general.enable' : 'device.general.disable')}
        description={t(next ? 'device.general.enableConfirm' : 'device.general.disableConfirm')}
        onClose={() => setConfirm(false)}
        footer={
          <>
            <button type="button" className="btn" onClick={() => setConfirm(false)}>
              {t('common.cancel')}
            </button>
            <button type="button" className="btn btn--primary" disabled={save.isPending} onClick={run}>
              {t('device.common.confirm')}
            </button>
          </>
        }
      >
        <p>{t('device.info.confirmDevice', { id })}</p>
      </Modal>
    </section>
  );
}

/**
 * Link a factory record (`/device/update?factory_id`): the id is looked up first (§7 factory_details), the record
 * is shown in a confirmation, and only then linked. Another partner's record is refused by the api (403 / 400).
 */
function FactoryLinkSection({ id, d }: { id: number; d: DeviceDetail }) {
  const { t } = useTranslation();
  const editable = canEdit(useSession()!.role, 'device');
  const lookup = useFactoryLookupMutation();
  const link = useLinkFactoryMutation(id);
  const [found, setFound] = useState<FactoryDetail | null>(null);
  // the lookup (GET /device/factory_details' query); every message is at the id, a refusal not toasted
  const form = useContractForm(factoryDetailsQuery, {
    initial: { id: '' },
    message: () => t('device.general.factoryIdFormat'),
    check: (v) => ({ id: d.factory_device_id !== null && Number(v.id.trim()) === d.factory_device_id ? t('device.general.factoryAlready') : undefined }),
    fieldOf: () => 'id',
    toast: false,
  });
  const error = form.errors.id ?? form.errors._;

  const check = form.submit(async ({ id: factoryId }) => {
    setFound(null);
    try {
      setFound(await lookup.mutateAsync(factoryId));
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return form.setErrors({ id: t('device.general.factoryNotFound') });
      if (err instanceof ApiError && err.status === 403) return form.setErrors({ id: t('device.general.factoryForbidden') });
      throw err;
    }
  });

  const run = () => {
    if (!found) return;
    link.mutate(found.id, {
      onSuccess: () => {
        successToast(t('device.general.factoryLinked'));
        setFound(null);
        form.reset();
      },
      onError: (err) => {
        setFound(null);
        form.fail(err);
      },
    });
  };

  return (
    <section className="dw-section" data-testid="factory-link">
      <h3>{t('device.general.factoryTitle')}</h3>
      <p>
        {d.factory_device_id === null
          ? t('device.general.factoryNone')
          : t('device.general.factoryCurrent', { factory: d.factory_device_id })}
      </p>
      {editable ? (
        <form className="dw-form" onSubmit={check} noValidate>
          <TextField
            label={t('device.general.factoryId')}
            inputMode="numeric"
            value={form.values.id}
            onChange={(e) => form.set('id', e.target.value)}
            error={error}
          />
          <FormActions submit={t('device.general.factoryCheck')} pending={lookup.isPending} />
        </form>
      ) : null}
      <Modal
        open={found !== null}
        title={t('device.general.factoryLink')}
        description={found ? t('device.general.factoryLinkConfirm', { factory: found.id, id }) : undefined}
        onClose={() => setFound(null)}
        footer={
          <>
            <button type="button" className="btn" onClick={() => setFound(null)}>
              {t('common.cancel')}
            </button>
            <button type="button" className="btn btn--primary" disabled={link.isPending} onClick={run}>
              {t('device.common.confirm')}
            </button>
          </>
        }
      >
        {found ? (
          <>
            <Facts
              mono
              testId="factory-found"
              rows={
                [
                  [t('device.info.imei'), found.imei],
                  [t('device.info.factory.serial'), found.serial_number],
                  [t('device.info.imsi'), found.imsi],
                  [t('device.info.factory.status'), t(`device.factoryStatus.${found.status}`, { defaultValue: String(found.status) })],
                  [t('device.info.factory.deployment'), found.deployment_name ?? String(found.white_label_deployment_id)],
                ] as [string, string | null][]
              }
            />
            {found.imei !== d.imei ? <p className="field__error">{t('device.general.factoryImeiDiffers', { imei: d.imei })}</p> : null}
          </>
        ) : null}
      </Modal>
    </section>
  );
}
