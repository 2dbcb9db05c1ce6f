import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOG_DURATION_MAX, LOG_LEVEL_MAX, startLogBody, type SmsSent } from '@tracker/contract';
import { SelectField, TextField } from '../../../components/Field';
import { FormFooter, Modal } from '../../../components/Modal';
import { useContractForm } from '../../../lib/contract-form';
import { successToast } from '../../../lib/toast';
import { useTimeZone } from '../../../lib/time-zone';
import { useSendLogMutation, useSms, useStartLogMutation } from '../api/sms';
import { today } from '../format';

const LEVELS = Array.from({ length: LOG_LEVEL_MAX + 1 }, (_, i) => i);

/**
 * The logs tab's commands to the watch (deviceLogCommand, role 1): start logging for some minutes at a level, and
 * upload the log file. The sent command's §3 status follows live from today's SMS list; `onUploadRequested` lets
 * the tab wait for the file.
 */
export function LogCommands({ id, onUploadRequested }: { id: number; onUploadRequested: () => void }) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const start = useStartLogMutation(id);
  const upload = useSendLogMutation(id);
  const [dialog, setDialog] = useState(false);
  const [last, setLast] = useState<{ kind: 'start' | 'upload'; sms: SmsSent } | null>(null);
  const day = today(tz);
  // today's list, polled while the command is on its way (api/sms.ts); asked for only once a command went out
  const list = useSms({ id, date: day, tz }, last !== null);
  const status = last ? (list.data?.find((m) => m.id === last.sms.id)?.status ?? last.sms.status) : null;

  return (
    <>
      <button type="button" className="btn" disabled={start.isPending} onClick={() => setDialog(true)}>
        {t('device.logs.start')}
      </button>
      <button
        type="button"
        className="btn"
        disabled={upload.isPending}
        onClick={() =>
          upload.mutate(undefined, {
            onSuccess: (sms) => {
              setLast({ kind: 'upload', sms });
              successToast(t('device.logs.uploadRequested'));
              onUploadRequested();
            },
          })
        }
      >
        {t('device.logs.requestUpload')}
      </button>
      {last && status !== null ? (
        <span className="muted" role="status" data-testid="log-command-status">
          {t(last.kind === 'start' ? 'device.logs.startStatus' : 'device.logs.uploadStatus', {
            status: t(`device.messageStatus.${status}`, { defaultValue: String(status) }),
          })}
        </span>
      ) : null}
      {dialog ? (
        <StartLogDialog
          pending={start.isPending}
          onClose={() => setDialog(false)}
          onStart={async (body) => {
            const sms = await start.mutateAsync(body);
            setDialog(false);
            setLast({ kind: 'start', sms });
            successToast(t('device.logs.startRequested'));
          }}
        />
      ) : null}
    </>
  );
}

/** The start-log body without the device (the mutation adds it). */
const startLogFields = startLogBody.omit({ deviceId: true });

/** Duration (1-1440 minutes) and log level (0 errors only ... 4 verbose) of a start-log command. */
function StartLogDialog({ pending, onClose, onStart }: { pending: boolean; onClose: () => void; onStart: (b: { duration: number; logLevel: number }) => Promise<void> }) {
  const { t } = useTranslation();
  const form = useContractForm(startLogFields, {
    initial: { duration: '60', logLevel: '2' },
    body: (v) => ({ duration: Number(v.duration), logLevel: Number(v.logLevel) }),
    check: (v) => {
      const n = Number(v.duration);
      return { duration: /^\d+$/.test(v.duration.trim()) && n >= 1 && n <= LOG_DURATION_MAX ? undefined : t('device.logs.durationRange', { min: 1, max: LOG_DURATION_MAX }) };
    },
  });
  const submit = form.submit((body) => onStart(body));
  return (
    <Modal open title={t('device.logs.start')} onClose={onClose} onSubmit={submit} footer={<FormFooter onCancel={onClose} submit={t('device.logs.startSubmit')} pending={pending} />}>
      <TextField
        label={t('device.logs.durationMinutes')}
        inputMode="numeric"
        value={form.values.duration}
        error={form.errors.duration}
        hint={t('device.logs.durationRange', { min: 1, max: LOG_DURATION_MAX })}
        onChange={(e) => form.set('duration', e.target.value)}
      />
      <SelectField label={t('device.logs.logLevel')} value={form.values.logLevel} error={form.errors.logLevel} onChange={(e) => form.set('logLevel', e.target.value)}>
        {LEVELS.map((l) => (
          <option key={l} value={String(l)}>
            {t(`device.logs.levels.${l}`)}
          </option>
        ))}
      </SelectField>
    </Modal>
  );
}
