import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isConfirmationRequired, SMS_TEXT_MAX, smsSendBody, type ConfirmationRequired, type SmsSendBody } from '@tracker/contract';
import { ConfirmCommandDialog } from '../../../components/ConfirmCommandDialog';
import { CountedTextField, SelectField } from '../../../components/Field';
import { firstSegment, useContractForm } from '../../../lib/contract-form';
import { successToast } from '../../../lib/toast';
import { useSendSms, useSmsCommands } from '../api/sms';

/** An error of the device itself shows at the command (the only choice of this form). */
const fieldOf = (path: string) => (path === 'device_id' ? 'command_key' : firstSegment()(path));

/**
 * Sends one SMS command of the device's type to this device (`POST /sms/send`); its row then turns live. The list
 * offers only the commands the user's role may send (the api's `/sms/commands`); a destructive one (factory reset,
 * power off) is answered with a confirmation first, and goes out only once confirmed. Checked by the contract's
 * schema (`useContractForm`, as /admin/sendSMS).
 */
export function SmsSendForm({ id, onSent }: { id: number; onSent: () => void }) {
  const { t } = useTranslation();
  const commands = useSmsCommands(id);
  const send = useSendSms(id);
  const [confirmation, setConfirmation] = useState<ConfirmationRequired | null>(null);
  const [pending, setPending] = useState<SmsSendBody | null>(null);
  const chosenOf = (v: { command_key: string }) => commands.data?.find((c) => c.command_key === v.command_key);
  const form = useContractForm(smsSendBody, {
    initial: { command_key: '', message: '' },
    body: (v) => ({ command_key: v.command_key, message: chosenOf(v)?.takes_message ? v.message : '', device_id: id }),
    check: (v) => ({
      command_key: chosenOf(v) ? undefined : t('device.sms.send.commandRequired'),
      message: chosenOf(v)?.takes_message && !v.message.trim() ? t('device.sms.send.messageRequired') : undefined,
    }),
    fieldOf,
  });
  const chosen = chosenOf(form.values);

  async function sendCommand(body: SmsSendBody, confirm_token?: string) {
    const { device_id: _, ...rest } = body;
    try {
      const r = await send.mutateAsync({ ...rest, ...(confirm_token ? { confirm_token } : {}) });
      if (isConfirmationRequired(r)) {
        setPending(body);
        return void setConfirmation(r);
      }
      setConfirmation(null);
      form.set('message', '');
      successToast(t('device.sms.send.sent'));
      onSent();
    } catch (err) {
      setConfirmation(null);
      throw err;
    }
  }

  return (
    <>
      <form className="dw-section dw-sms-send" noValidate onSubmit={form.submit((body) => sendCommand(body))} aria-label={t('device.sms.send.title')}>
        <SelectField
          label={t('device.sms.send.command')}
          value={form.values.command_key}
          disabled={commands.isPending}
          error={form.errors.command_key ?? (commands.isError ? t('common.loadFailed') : undefined)}
          onChange={(e) => {
            form.set('command_key', e.target.value);
            form.setErrors({});
          }}
        >
          <option value="">{commands.isPending ? t('common.loading') : t('device.sms.send.choose')}</option>
          {(commands.data ?? []).map((c) => (
            <option key={c.command_key} value={c.command_key} title={c.description ?? undefined}>
              {c.name} ({c.command_key})
            </option>
          ))}
        </SelectField>
        {chosen?.takes_message ? (
          <CountedTextField
            label={t('device.sms.send.message')}
            value={form.values.message}
            maxLength={SMS_TEXT_MAX}
            error={form.errors.message}
            onChange={(e) => form.set('message', e.target.value)}
          />
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={send.isPending}>
          {t('device.sms.send.submit')}
        </button>
      </form>
      {/* outside the form: the dialog's own form submits through the React tree, and must not submit this one */}
      <ConfirmCommandDialog
        confirmation={confirmation}
        command={{ key: form.values.command_key, name: chosen?.name }}
        pending={send.isPending}
        onCancel={() => setConfirmation(null)}
        onConfirm={(token) => pending && void sendCommand(pending, token).catch(form.fail)}
      />
    </>
  );
}
