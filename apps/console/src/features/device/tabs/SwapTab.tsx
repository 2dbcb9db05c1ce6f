import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IMSI_LENGTH, PHONE_MAX, PHONE_MIN, type SimCardItem } from '@tracker/contract';
import { FormActions, TextField } from '../../../components/Field';
import { ApiError } from '../../../lib/api-client';
import { reasonLabel } from '../../../lib/reasons';
import { useSession } from '../../../lib/session';
import { successToast } from '../../../lib/toast';
import { useDeviceDetails } from '../api/device';
import { useSimLookupMutation, useSwapSimMutation } from '../api/swap';
import { QueryState } from '../../../components/QueryState';
import { canEdit } from '../device-tabs';

/** swap: look a SIM up by IMSI (exactly 15 characters; not found marks the input invalid), then swap it in. */
export function SwapTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const role = useSession()!.role;
  const editable = canEdit(role, 'device');
  const device = useDeviceDetails(id, 'deviceInfoImsi');
  const lookup = useSimLookupMutation();
  const swap = useSwapSimMutation(id);
  const [imsi, setImsi] = useState('');
  const [gsm, setGsm] = useState('+');
  const [sim, setSim] = useState<SimCardItem | null>(null);
  const [errors, setErrors] = useState<{ imsi?: string; gsm?: string }>({});

  const check = (e: FormEvent) => {
    e.preventDefault();
    setSim(null);
    const v = imsi.trim();
    if (v.length !== IMSI_LENGTH) return setErrors({ imsi: reasonLabel(t, 'imsiLength', { length: IMSI_LENGTH }) });
    setErrors({});
    lookup.mutate(v, {
      onSuccess: (s) => {
        setSim(s);
        // §5: the GSM number is prefilled with a plus sign (also when the SIM's stored number has none)
        const n = s.gsm_number?.trim() ?? '';
        setGsm(n.startsWith('+') ? n : `+${n}`);
        if (s.device_id === id) setErrors({ imsi: reasonLabel(t, 'simAlreadyInDevice') });
        else if (s.device_id !== null) setErrors({ imsi: t('device.swap.inUse', { id: s.device_id }) });
      },
      onError: (err) =>
        setErrors({
          imsi:
            err instanceof ApiError && err.status === 404
              ? t('device.swap.notFound')
              : err instanceof ApiError && err.status === 403
                ? t('device.swap.forbidden')
                : err instanceof ApiError
                  ? (err.fieldErrors().imsi ?? err.message)
                  : err.message,
        }),
    });
  };

  const doSwap = () => {
    if (!sim) return;
    // a number typed or pasted with spaces, dashes, dots or brackets ("+49 151 1234-5678") is sent as digits
    const number = gsm.replace(/[\s\-.()/]/g, '');
    if (!/^\+\d{8,15}$/.test(number)) return setErrors({ gsm: reasonLabel(t, 'gsmNumber', { min: PHONE_MIN, max: PHONE_MAX }) });
    swap.mutate(
      { device_id: id, sim_card_id: sim.id, gsm_number: number },
      {
        onSuccess: () => {
          successToast(t('device.swap.done'));
          setSim(null);
          setImsi('');
          setGsm('+');
        },
        onError: (err) =>
          err instanceof ApiError &&
          setErrors(
            err.status === 403 ? { imsi: t('device.swap.forbidden') } : { imsi: err.fieldErrors().sim_card_id, gsm: err.fieldErrors().gsm_number },
          ),
      },
    );
  };

  return (
    <div>
      <h2>{t('device.tabs.swap')}</h2>
      <QueryState query={device}>
        {device.data ? (
          <p data-testid="swap-current">
            {t('device.swap.current')}: <span className="mono">{device.data.imsi ?? t('device.header.empty')}</span> ·{' '}
            <span className="mono">{device.data.gsm_number ?? t('common.none')}</span>
          </p>
        ) : null}
      </QueryState>
      {!editable ? (
        <p className="muted">{t('device.common.readOnly')}</p>
      ) : (
        <>
          <form className="dw-form dw-swap" onSubmit={check} noValidate>
            <TextField
              label={t('device.swap.imsi')}
              value={imsi}
              inputMode="numeric"
              maxLength={IMSI_LENGTH}
              onChange={(e) => {
                setImsi(e.target.value.replace(/\s+/g, ''));
                setSim(null);
              }}
              error={errors.imsi}
              hint={t('device.swap.imsiHint', { n: IMSI_LENGTH })}
            />
            <FormActions submit={t('device.swap.check')} pending={lookup.isPending} />
          </form>
          {sim && !errors.imsi ? (
            <section className="dw-section" data-testid="swap-sim">
              <dl className="facts dw-facts">
                <div className="dw-facts__row">
                  <dt>{t('device.info.imsi')}</dt>
                  <dd className="mono">{sim.imsi}</dd>
                </div>
                <div className="dw-facts__row">
                  <dt>{t('device.info.iccid')}</dt>
                  <dd className="mono">{sim.iccid ?? t('common.none')}</dd>
                </div>
                <div className="dw-facts__row">
                  <dt>{t('device.info.operator')}</dt>
                  <dd>{sim.operator_name ?? t('common.none')}</dd>
                </div>
                <div className="dw-facts__row">
                  <dt>{t('device.swap.carrierStatus')}</dt>
                  <dd>{t(`device.carrierStatus.${sim.carrier_status}`, { defaultValue: sim.carrier_status })}</dd>
                </div>
                <div className="dw-facts__row">
                  <dt>{t('device.info.simStatus')}</dt>
                  <dd>{t(`device.simStatus.${sim.status}`, { defaultValue: String(sim.status) })}</dd>
                </div>
              </dl>
              <TextField label={t('device.swap.gsm')} value={gsm} onChange={(e) => setGsm(e.target.value)} error={errors.gsm} inputMode="tel" />
              <div className="form-actions">
                <button type="button" className="btn btn--primary" disabled={swap.isPending} onClick={doSwap}>
                  {t('device.swap.swap')}
                </button>
              </div>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
