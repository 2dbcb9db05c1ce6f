import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isConfirmationRequired, SMS_TEXT_MAX, type ConfirmationRequired } from '@tracker/contract';
import { ConfirmCommandDialog } from '../../../components/ConfirmCommandDialog';
import { CountedTextField, SelectField } from '../../../components/Field';
import { ApiError } from '../../../lib/api-client';
import { localErrorToast, successToast } from '../../../lib/toast';
import { useSendSms, useSmsCommands } from '../api/sms';

type Errors = { command_key?: string | undefined; message?: string | undefined };

/**
 * Sends one SMS command of the device's type to this device (`POST /sms/send`); its row then turns live. The list
 * offers only the commands the user's role may send (the api's `/sms/commands`); a destructive one (factory reset,
 * power off) is answered with a confirmation first, and goes out only once confirmed.
 */
export function SmsSendForm({ id, onSent }: { id: number; onSent: () => void }) {
  const { t } = useTranslation();
  const commands = useSmsCommands(id);
  const send = useSendSms(id);
  const [command, setCommand] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [confirmation, setConfirmation] = useState<ConfirmationRequired | null>(null);
  const chosen = commands.data?.find((c) => c.command_key === command);

  function submit(e: FormEvent) {
    e.preventDefault();
    const local: Errors = {};
    if (!chosen) local.command_key = t('device.sms.send.commandRequired');
    else if (chosen.takes_message && !message.trim()) local.message = t('device.sms.send.messageRequired');
    setErrors(local);
    if (local.command_key || local.message) return void localErrorToast(t('form.fixErrors'));
    sendCommand();
  }

  function sendCommand(confirm_token?: string) {
    send.mutate(
      { command_key: command, message: chosen?.takes_message ? message : '', ...(confirm_token ? { confirm_token } : {}) },
      {
        onSuccess: (r) => {
          if (isConfirmationRequired(r)) return void setConfirmation(r);
          setConfirmation(null);
          setMessage('');
          successToast(t('device.sms.send.sent'));
          onSent();
        },
        onError: (err) => {
          setConfirmation(null);
          if (!(err instanceof ApiError)) return;
          const f = err.fieldErrors();
          setErrors({ command_key: f.command_key ?? f.device_id, message: f.message });
        },
      },
    );
  }

  return (
    <>
      <form className="dw-section dw-sms-send" noValidate onSubmit={submit} aria-label={t('device.sms.send.title')}>
        <SelectField
          label={t('device.sms.send.command')}
          value={command}
          disabled={commands.isPending}
          error={errors.command_key ?? (commands.isError ? t('common.loadFailed') : undefined)}
          onChange={(e) => {
            setCommand(e.target.value);
            setErrors({});
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
            value={message}
            maxLength={SMS_TEXT_MAX}
            error={errors.message}
            onChange={(e) => {
              setMessage(e.target.value);
              setErrors((x) => ({ ...x, message: undefined }));
            }}
          />
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={send.isPending}>
          {t('device.sms.send.submit')}
        </button>
      </form>
      {/* outside the form: the dialog's own form submits through the React tree, and must not submit this one */}
      <ConfirmCommandDialog
        confirmation={confirmation}
        command={{ key: command, name: chosen?.name }}
        pending={send.isPending}
        onCancel={() => setConfirmation(null)}
        onConfirm={(token) => sendCommand(token)}
      />
    </>
  );
}
