import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { byCodeOrImsiQuery, deviceAddBody, IMSI_LENGTH, type DeviceToAdd } from '@tracker/contract';
import { FormActions, TextField } from '../../../components/Field';
import { RefSelect } from '../../../components/RefSelect';
import { useContractForm } from '../../../lib/contract-form';
import { reasonLabel } from '../../../lib/reasons';
import { successToast } from '../../../lib/toast';
import { useAddDeviceMutation, useFindDeviceMutation, useDeviceTypes } from '../api/contacts';
import type { OwnerTabProps } from '../owner-tabs';

/**
 * /owner/{id}/addDevice (§2, §5): the wizard. A 15-character activation code or IMSI and the type; not found marks
 * the input invalid; then the SIM data to confirm with the GSM number prefilled with '+'; then the device is added
 * and the profile shows it. Both steps say their refusals at the fields, not in a toast.
 */
export function AddDeviceTab({ id }: OwnerTabProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const types = useDeviceTypes();
  const find = useFindDeviceMutation();
  const add = useAddDeviceMutation();
  const [found, setFound] = useState<DeviceToAdd | null>(null);
  // the lookup (GET /device/by_code_or_imsi's query)
  const look = useContractForm(byCodeOrImsiQuery, {
    initial: { param: '', type: '' },
    message: (field, e) => (field === 'type' ? t('ownerAddDevice.typeRequired') : reasonLabel(t, e.code, e.params)),
    fieldOf: (path) => (path === 'type' ? 'type' : 'param'),
    toast: false,
  });
  // the assignment (POST /device/add): the number at its field, a refused device at the code
  const put = useContractForm(deviceAddBody, {
    initial: { gsm: '+' },
    // a number typed or pasted with spaces, dashes, dots or brackets is sent as digits
    body: (v) => ({ user_id: id, device_id: found?.id ?? 0, gsm_number: v.gsm.replace(/[\s\-.()/]/g, '') }),
    fieldOf: (path) => (path === 'gsm_number' ? 'gsm' : 'param'),
    toast: false,
  });
  const paramError = look.errors.param ?? look.errors._ ?? put.errors.param ?? put.errors._;

  const lookUp = look.submit(async (query) => {
    setFound(null);
    put.setErrors({});
    const d = await find.mutateAsync(query);
    setFound(d);
    // §5: the GSM number is prefilled with a plus sign
    const n = (d.sim?.gsm_number ?? d.gsm_number ?? '').trim();
    put.reset({ gsm: n.startsWith('+') ? n : `+${n}` });
  });

  const confirm = put.submit(async (body) => {
    if (!found) return;
    await add.mutateAsync({ type: found.device_type_id, body });
    successToast(t('ownerAddDevice.added', { imei: found.imei }));
    void navigate(`/owner/${id}/profile`);
  });

  const changed = (field: 'param' | 'type', value: string) => {
    look.set(field, value);
    put.setErrors({});
    setFound(null);
  };

  return (
    <div>
      <h2>{t('owner.tabs.addDevice')}</h2>
      <form className="dw-form" onSubmit={lookUp} noValidate>
        <TextField
          label={t('ownerAddDevice.param')}
          value={look.values.param}
          maxLength={IMSI_LENGTH}
          error={paramError}
          hint={t('ownerAddDevice.paramHint', { n: IMSI_LENGTH })}
          data-testid="add-device-param"
          onChange={(e) => changed('param', e.target.value.replace(/\s+/g, ''))}
        />
        <RefSelect
          label={t('ownerAddDevice.type')}
          query={types}
          optionLabel={(d) => d.name}
          placeholder={t('ownerAddDevice.typePick')}
          value={look.values.type}
          error={look.errors.type}
          data-testid="add-device-type"
          onChange={(e) => changed('type', e.target.value)}
        />
        <FormActions submit={t('ownerAddDevice.check')} pending={find.isPending} />
      </form>
      {found ? (
        <form className="dw-section" data-testid="add-device-sim" onSubmit={confirm} noValidate>
          <h3>{t('ownerAddDevice.confirm')}</h3>
          <dl className="facts dw-facts">
            {(
              [
                ['imei', found.imei],
                ['imsi', found.sim?.imsi ?? found.imsi],
                ['iccid', found.sim?.iccid],
                ['operator', found.sim?.operator_name],
                ['deviceType', found.device_type_name],
              ] as const
            ).map(([k, v]) => (
              <div key={k} className="dw-facts__row">
                <dt>{t(`ownerAddDevice.${k}`)}</dt>
                <dd className="mono">{v ?? t('common.none')}</dd>
              </div>
            ))}
          </dl>
          <TextField
            label={t('ownerAddDevice.gsm')}
            value={put.values.gsm}
            onChange={(e) => put.set('gsm', e.target.value)}
            error={put.errors.gsm}
            inputMode="tel"
            data-testid="add-device-gsm"
          />
          <div className="form-actions">
            <button type="submit" className="btn btn--primary" disabled={add.isPending} data-testid="add-device-confirm">
              {t('ownerAddDevice.add')}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
