import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IMSI_LENGTH, PHONE_MAX, PHONE_MIN, type DeviceToAdd } from '@tracker/contract';
import { FormActions, TextField } from '../../../components/Field';
import { RefSelect } from '../../../components/RefSelect';
import { ApiError } from '../../../lib/api-client';
import { reasonLabel } from '../../../lib/reasons';
import { successToast } from '../../../lib/toast';
import { useAddDeviceMutation, useFindDeviceMutation, useDeviceTypes } from '../api/contacts';
import type { OwnerTabProps } from '../owner-tabs';

/**
 * /owner/{id}/addDevice (§2, §5): the wizard. A 15-character activation code or IMSI and the type; not found marks
 * the input invalid; then the SIM data to confirm with the GSM number prefilled with '+'; then the device is added
 * and the profile shows it.
 */
export function AddDeviceTab({ id }: OwnerTabProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const types = useDeviceTypes();
  const find = useFindDeviceMutation();
  const add = useAddDeviceMutation();
  const [param, setParam] = useState('');
  const [type, setType] = useState('');
  const [found, setFound] = useState<DeviceToAdd | null>(null);
  const [gsm, setGsm] = useState('+');
  const [errors, setErrors] = useState<{ param?: string; type?: string; gsm?: string }>({});

  const lookUp = (e: FormEvent) => {
    e.preventDefault();
    setFound(null);
    const v = param.trim();
    const next: typeof errors = {};
    if (v.length !== IMSI_LENGTH) next.param = reasonLabel(t, 'codeOrImsiLength', { length: IMSI_LENGTH });
    if (!type) next.type = t('ownerAddDevice.typeRequired');
    setErrors(next);
    if (next.param || next.type) return;
    find.mutate(
      { param: v, type: Number(type) },
      {
        onSuccess: (d) => {
          setFound(d);
          // §5: the GSM number is prefilled with a plus sign
          const n = (d.sim?.gsm_number ?? d.gsm_number ?? '').trim();
          setGsm(n.startsWith('+') ? n : `+${n}`);
        },
        onError: (err) => setErrors({ param: err instanceof ApiError ? (err.fieldErrors().param ?? err.message) : err.message }),
      },
    );
  };

  const confirm = () => {
    if (!found) return;
    const number = gsm.replace(/[\s\-.()/]/g, '');
    if (!/^\+\d{8,15}$/.test(number)) return setErrors({ gsm: reasonLabel(t, 'gsmNumber', { min: PHONE_MIN, max: PHONE_MAX }) });
    add.mutate(
      { type: found.device_type_id, body: { user_id: id, device_id: found.id, gsm_number: number } },
      {
        onSuccess: () => {
          successToast(t('ownerAddDevice.added', { imei: found.imei }));
          void navigate(`/owner/${id}/profile`);
        },
        onError: (err) =>
          err instanceof ApiError && setErrors({ param: err.fieldErrors().device_id ?? err.message, gsm: err.fieldErrors().gsm_number }),
      },
    );
  };

  return (
    <div>
      <h2>{t('owner.tabs.addDevice')}</h2>
      <form className="dw-form" onSubmit={lookUp} noValidate>
        <TextField
          label={t('ownerAddDevice.param')}
          value={param}
          maxLength={IMSI_LENGTH}
          error={errors.param}
          hint={t('ownerAddDevice.paramHint', { n: IMSI_LENGTH })}
          data-testid="add-device-param"
          onChange={(e) => {
            setParam(e.target.value.replace(/\s+/g, ''));
            setFound(null);
          }}
        />
        <RefSelect
          label={t('ownerAddDevice.type')}
          query={types}
          optionLabel={(d) => d.name}
          placeholder={t('ownerAddDevice.typePick')}
          value={type}
          error={errors.type}
          data-testid="add-device-type"
          onChange={(e) => {
            setType(e.target.value);
            setFound(null);
          }}
        />
        <FormActions submit={t('ownerAddDevice.check')} pending={find.isPending} />
      </form>
      {found ? (
        <section className="dw-section" data-testid="add-device-sim">
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
          <TextField label={t('ownerAddDevice.gsm')} value={gsm} onChange={(e) => setGsm(e.target.value)} error={errors.gsm} inputMode="tel" data-testid="add-device-gsm" />
          <div className="form-actions">
            <button type="button" className="btn btn--primary" disabled={add.isPending} onClick={confirm} data-testid="add-device-confirm">
              {t('ownerAddDevice.add')}
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
