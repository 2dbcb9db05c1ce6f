import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isConfirmationRequired, SMS_TEXT_MAX, smsSendBulkBody, type ConfirmationRequired, type SmsCampaign, type SmsSendBulkBody } from '@tracker/contract';
import { ConfirmCommandDialog } from '../../../components/ConfirmCommandDialog';
import { CountedTextField, SelectField, TextAreaField } from '../../../components/Field';
import { RefSelect } from '../../../components/RefSelect';
import { useContractForm } from '../../../lib/contract-form';
import { successToast } from '../../../lib/toast';
import { useDeviceTypeCommands, useSendBulk } from '../api/sms-send';
import { parseDeviceIds } from '../device-ids';

/** The form's values: the body's fields as typed (`devices` is the comma-separated text). */
type Values = { device_type: string; command_key: string; message: string; devices: string };

/**
 * /admin/sendSMS form: device type, one of its SMS commands, the text when the command takes one, the device ids;
 * checked by the contract's schema (`useContractForm`, as the device's own SMS form), then asked of the api, which
 * answers how many devices it reaches and which it refuses (terminated, disabled, no number) with a confirmation
 * token; confirmed, the same request with the token starts one campaign (`POST /sms/sendBulk`, docs/sms.md
 * "Confirmations"). An error of `devices.3` shows at the device ids.
 */
export function SendSmsForm({ onSent }: { onSent: (c: SmsCampaign) => void }) {
  const { t } = useTranslation();
  const types = useDeviceTypeCommands();
  const send = useSendBulk();
  const [confirmation, setConfirmation] = useState<ConfirmationRequired | null>(null);
  const [pending, setPending] = useState<SmsSendBulkBody | null>(null);

  const commandsOf = (v: Values) => types.data?.find((d) => String(d.id) === v.device_type)?.sms_commands ?? [];
  const chosenOf = (v: Values) => commandsOf(v).find((c) => c.command_key === v.command_key);
  // a server without `takes_message` in /device/list: the text is offered for every command (and may stay empty)
  const takesMessageOf = (v: Values) => chosenOf(v)?.takes_message !== false && chosenOf(v) !== undefined;

  const form = useContractForm(smsSendBulkBody, {
    initial: { device_type: '', command_key: '', message: '', devices: '' } as Values,
    body: (v) => ({ device_type: Number(v.device_type) || 0, command_key: v.command_key, message: takesMessageOf(v) ? v.message : '', devices: parseDeviceIds(v.devices) }),
    check: (v) => ({
      device_type: v.device_type ? undefined : t('sms.send.typeRequired'),
      command_key: v.command_key ? undefined : t('sms.send.commandRequired'),
      message: chosenOf(v)?.takes_message === true && !v.message.trim() ? t('sms.send.messageRequired') : undefined,
    }),
  });
  const { values } = form;
  const commands = commandsOf(values);
  const chosen = chosenOf(values);
  const takesMessage = takesMessageOf(values);
  const devices = useMemo(() => parseDeviceIds(values.devices), [values.devices]);

  /** The api's answer: without a token what it would do (shown for confirmation), with the token the campaign. */
  async function ask(body: SmsSendBulkBody, confirm_token?: string) {
    try {
      const c = await send.mutateAsync(confirm_token ? { ...body, confirm_token } : body);
      if (isConfirmationRequired(c)) {
        setPending(body);
        return void setConfirmation(c);
      }
      setConfirmation(null);
      form.set('devices', '');
      successToast(t('sms.send.started', { n: c.total }));
      onSent(c);
    } catch (err) {
      setConfirmation(null);
      throw err;
    }
  }

  return (
    <>
      <form className="sms-send" noValidate onSubmit={form.submit((body) => ask(body))} aria-label={t('sms.send.title')}>
        <RefSelect
          label={t('sms.send.deviceType')}
          query={types}
          placeholder={t('sms.send.choose')}
          optionLabel={(d) => d.name}
          value={values.device_type}
          error={form.errors.device_type}
          onChange={(e) => {
            form.set('device_type', e.target.value);
            form.set('command_key', '');
          }}
        />
        <SelectField
          label={t('sms.send.command')}
          value={values.command_key}
          disabled={!values.device_type}
          error={form.errors.command_key}
          hint={values.device_type && commands.length === 0 ? t('sms.send.noCommands') : undefined}
          onChange={(e) => form.set('command_key', e.target.value)}
        >
          <option value="">{t('sms.send.choose')}</option>
          {commands.map((c) => (
            <option key={c.command_key} value={c.command_key}>
              {c.name} ({c.command_key})
            </option>
          ))}
        </SelectField>
        {takesMessage ? (
          <CountedTextField
            label={t('sms.send.message')}
            value={values.message}
            maxLength={SMS_TEXT_MAX}
            error={form.errors.message}
            onChange={(e) => form.set('message', e.target.value)}
          />
        ) : null}
        <TextAreaField
          label={t('sms.send.devices')}
          rows={3}
          value={values.devices}
          placeholder="1201, 1202, 1203"
          hint={<span data-testid="device-count">{t('sms.send.deviceCount', { n: devices.length })}</span>}
          error={form.errors.devices}
          onChange={(e) => form.set('devices', e.target.value)}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={send.isPending}>
            {t('sms.send.submit')}
          </button>
        </div>
      </form>
      <ConfirmCommandDialog
        confirmation={confirmation}
        command={{ key: values.command_key, name: chosen?.name }}
        pending={send.isPending}
        onCancel={() => setConfirmation(null)}
        onConfirm={(token) => pending && void ask(pending, token).catch(form.fail)}
      />
    </>
  );
}
