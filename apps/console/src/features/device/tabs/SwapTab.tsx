import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMSI_LENGTH, simCardQuery, swapSimBody, type SimCardItem } from '@tracker/contract';
import { FormActions, TextField } from '../../../components/Field';
import { ApiError } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/contract-form';
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
  const [sim, setSim] = useState<SimCardItem | null>(null);
  // the lookup (GET /device/sim_card's query): every refusal is said at the IMSI, not toasted
  const find = useContractForm(simCardQuery, { initial: { imsi: '' }, fieldOf: () => 'imsi', toast: false });
  // the swap (POST /device/swap_sim): the number at its field, a refused SIM at the IMSI
  const put = useContractForm(swapSimBody, {
    initial: { gsm: '+' },
    // a number typed or pasted with spaces, dashes, dots or brackets ("+49 151 1234-5678") is sent as digits
    body: (v) => ({ device_id: id, sim_card_id: sim?.id ?? 0, gsm_number: v.gsm.replace(/[\s\-.()/]/g, '') }),
    fieldOf: (path) => (path === 'gsm_number' ? 'gsm' : 'imsi'),
  });
  const forbidden = (err: unknown) => err instanceof ApiError && err.status === 403;
  const imsiError = find.errors.imsi ?? put.errors.imsi;

  const check = find.submit(async ({ imsi }) => {
    setSim(null);
    put.setErrors({});
    let s: SimCardItem;
    try {
      s = await lookup.mutateAsync(imsi);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return find.setErrors({ imsi: t('device.swap.notFound') });
      if (forbidden(err)) return find.setErrors({ imsi: t('device.swap.forbidden') });
      throw err;
    }
    setSim(s);
    // §5: the GSM number is prefilled with a plus sign (also when the SIM's stored number has none)
    const n = s.gsm_number?.trim() ?? '';
    put.reset({ gsm: n.startsWith('+') ? n : `+${n}` });
    if (s.device_id === id) find.setErrors({ imsi: reasonLabel(t, 'simAlreadyInDevice') });
    else if (s.device_id !== null) find.setErrors({ imsi: t('device.swap.inUse', { id: s.device_id }) });
  });

  const doSwap = put.submit(async (body) => {
    try {
      await swap.mutateAsync(body);
    } catch (err) {
      if (forbidden(err)) return put.setErrors({ imsi: t('device.swap.forbidden') });
      throw err;
    }
    successToast(t('device.swap.done'));
    setSim(null);
    find.reset();
    put.reset();
  });

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
              value={find.values.imsi}
              inputMode="numeric"
              maxLength={IMSI_LENGTH}
              onChange={(e) => {
                find.set('imsi', e.target.value.replace(/\s+/g, ''));
                put.setErrors({});
                setSim(null);
              }}
              error={imsiError}
              hint={t('device.swap.imsiHint', { n: IMSI_LENGTH })}
            />
            <FormActions submit={t('device.swap.check')} pending={lookup.isPending} />
          </form>
          {sim && !imsiError ? (
            <form className="dw-section" data-testid="swap-sim" onSubmit={doSwap} noValidate>
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
              <TextField label={t('device.swap.gsm')} value={put.values.gsm} onChange={(e) => put.set('gsm', e.target.value)} error={put.errors.gsm} inputMode="tel" />
              <FormActions submit={t('device.swap.swap')} pending={swap.isPending} primary />
            </form>
          ) : null}
        </>
      )}
    </div>
  );
}
