import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  codedIssues,
  isConfirmationRequired,
  issueFieldError,
  SMS_TEXT_MAX,
  smsSendBulkBody,
  type ConfirmationRequired,
  type SmsCampaign,
} from '@tracker/contract';
import { ConfirmCommandDialog } from '../../../components/ConfirmCommandDialog';
import { CountedTextField, SelectField, TextAreaField } from '../../../components/Field';
import { RefSelect } from '../../../components/RefSelect';
import { ApiError } from '../../../lib/api-client';
import { reasonLabel } from '../../../lib/reasons';
import { localErrorToast, successToast } from '../../../lib/toast';
import { useDeviceTypeCommands, useSendBulk } from '../api/sms-send';
import { parseDeviceIds } from '../device-ids';

type FieldName = 'device_type' | 'command_key' | 'message' | 'devices';
type Errors = Partial<Record<FieldName, string>>;

/** The field an error of the api (or of the contract's schema) belongs to: `devices.3` is the devices field. */
const fieldOf = (field: string): FieldName => field.split('.')[0] as FieldName;

/**
 * /admin/sendSMS form: device type, one of its SMS commands, the text when the command takes one, the device ids;
 * checked by the contract's schema, then asked of the api, which answers how many devices it reaches and which it
 * refuses (terminated, disabled, no number) with a confirmation token; confirmed, the same request with the token
 * starts one campaign (`POST /sms/sendBulk`, docs/sms.md "Confirmations").
 */
export function SendSmsForm({ onSent }: { onSent: (c: SmsCampaign) => void }) {
  const { t } = useTranslation();
  const types = useDeviceTypeCommands();
  const send = useSendBulk();
  const [type, setType] = useState('');
  const [command, setCommand] = useState('');
  const [message, setMessage] = useState('');
  const [devicesText, setDevicesText] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [confirmation, setConfirmation] = useState<ConfirmationRequired | null>(null);

  const commands = types.data?.find((d) => String(d.id) === type)?.sms_commands ?? [];
  const chosen = commands.find((c) => c.command_key === command);
  // a server without `takes_message` in /device/list: the text is offered for every command (and may stay empty)
  const takesMessage = chosen ? chosen.takes_message !== false : false;
  const devices = useMemo(() => parseDeviceIds(devicesText), [devicesText]);
  const body = { device_type: Number(type) || 0, command_key: command, message: takesMessage ? message : '', devices };

  const clear = (f: FieldName) => setErrors((e) => (e[f] ? { ...e, [f]: undefined } : e));

  function check(): Errors {
    const out: Errors = {};
    if (!type) out.device_type = t('sms.send.typeRequired');
    if (!command) out.command_key = t('sms.send.commandRequired');
    if (chosen?.takes_message === true && !message.trim()) out.message = t('sms.send.messageRequired');
    const parsed = smsSendBulkBody.safeParse(body, { error: codedIssues });
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const fe = issueFieldError(issue, 'devices');
      out[fieldOf(fe.field)] ??= reasonLabel(t, fe.code, fe.params);
    }
    return out;
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return void localErrorToast(t('form.fixErrors'));
    ask();
  }

  /** The api's answer: without a token what it would do (shown for confirmation), with the token the campaign. */
  function ask(confirm_token?: string) {
    send.mutate(confirm_token ? { ...body, confirm_token } : body, {
      onSuccess: (c) => {
        if (isConfirmationRequired(c)) return void setConfirmation(c);
        setConfirmation(null);
        setDevicesText('');
        successToast(t('sms.send.started', { n: c.total }));
        onSent(c);
      },
      onError: (err) => {
        setConfirmation(null);
        if (!(err instanceof ApiError)) return;
        const next: Errors = {};
        for (const [field, msg] of Object.entries(err.fieldErrors())) next[fieldOf(field)] ??= msg;
        setErrors(next);
      },
    });
  }

  return (
    <>
      <form className="sms-send" noValidate onSubmit={submit} aria-label={t('sms.send.title')}>
        <RefSelect
          label={t('sms.send.deviceType')}
          query={types}
          placeholder={t('sms.send.choose')}
          optionLabel={(d) => d.name}
          value={type}
          error={errors.device_type}
          onChange={(e) => {
            setType(e.target.value);
            setCommand('');
            clear('device_type');
          }}
        />
        <SelectField
          label={t('sms.send.command')}
          value={command}
          disabled={!type}
          error={errors.command_key}
          hint={type && commands.length === 0 ? t('sms.send.noCommands') : undefined}
          onChange={(e) => {
            setCommand(e.target.value);
            clear('command_key');
          }}
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
            value={message}
            maxLength={SMS_TEXT_MAX}
            error={errors.message}
            onChange={(e) => {
              setMessage(e.target.value);
              clear('message');
            }}
          />
        ) : null}
        <TextAreaField
          label={t('sms.send.devices')}
          rows={3}
          value={devicesText}
          placeholder="1201, 1202, 1203"
          hint={<span data-testid="device-count">{t('sms.send.deviceCount', { n: devices.length })}</span>}
          error={errors.devices}
          onChange={(e) => {
            setDevicesText(e.target.value);
            clear('devices');
          }}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={send.isPending}>
            {t('sms.send.submit')}
          </button>
        </div>
      </form>
      <ConfirmCommandDialog
        confirmation={confirmation}
        command={{ key: command, name: chosen?.name }}
        pending={send.isPending}
        onCancel={() => setConfirmation(null)}
        onConfirm={(token) => ask(token)}
      />
    </>
  );
}
