import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useSms } from '../api/sms';
import { SmsSendForm } from '../components/SmsSendForm';
import { DayTabShell } from '../components/TabShell';
import { canEdit } from '../device-tabs';
import { smsErrorText } from '../../../lib/reasons';
import { smsThread, type SmsRow } from '../sms-thread';
import { useDay } from '../use-day';

/**
 * sms: the device's SMS of a day with the §3 message status (and expired: never sent), replies under the command
 * they answer (the ledger's correlation), what the watch said on its own as such (an alarm in red, an event, free
 * text, a reply no command awaited); sending a command of the device's type (deviceSettingsEdit: not roles 9 and 10).
 * Today's list turns live while a command is on its way (api/sms.ts `useSms`).
 */
export function SmsTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const day = useDay();
  const role = useSession()!.role;
  const q = useSms({ id, date: day.date, tz: day.tz });
  const columns: Column<SmsRow>[] = [
    { key: 'created', header: t('device.sms.created'), cell: ({ m }) => formatDateTime(m.created, day.tz) },
    {
      key: 'direction',
      header: t('device.sms.direction'),
      cell: ({ m, reply }) => {
        if (reply) return `↳ ${t(m.kind === 'progress' ? 'device.sms.progress' : 'device.sms.reply')}`;
        // what the watch said on its own: an alarm (red), an event, free text, or a reply no command awaited
        if (m.direction === 'INBOUND' && m.kind && m.kind !== 'reply' && m.kind !== 'progress') {
          return (
            <span className={`dw-sms-kind dw-sms-kind--${m.kind}`} data-testid="sms-kind">
              {m.event_code ? t(`device.sms.event.${m.event_code}`, { defaultValue: m.event_code }) : t(`device.sms.kind.${m.kind}`)}
            </span>
          );
        }
        return t(`device.sms.${m.direction === 'OUTBOUND' ? 'outbound' : 'inbound'}`);
      },
    },
    { key: 'command', header: t('device.sms.command'), className: 'mono', cell: ({ m }) => m.command_key ?? t('common.none') },
    { key: 'message', header: t('device.sms.message'), className: 'mono', truncate: true, cell: ({ m }) => m.message },
    {
      key: 'status',
      header: t('device.sms.status'),
      cell: ({ m }) => {
        const error = m.status === 3 || m.status === 4 ? smsErrorText(t, m) : null;
        return (
          <>
            <span className={`status dw-msg--${m.status}`} data-testid="sms-status">
              {t(`device.messageStatus.${m.status}`, { defaultValue: String(m.status) })}
            </span>
            {error ? (
              <span className="dw-sms-error" data-testid="sms-error">
                {error}
              </span>
            ) : null}
          </>
        );
      },
    },
  ];
  return (
    <DayTabShell title={t('device.tabs.sms')} day={day} deviceId={id} exportKind="sms_per_device" query={q}>
      {canEdit(role, 'settings') ? (
        // a command sent while another day is shown appears on today's list: go there
        <SmsSendForm id={id} onSent={() => (day.date !== day.max ? day.setDate(day.max) : undefined)} />
      ) : (
        <p className="muted" data-testid="sms-read-only">
          {t('device.common.readOnly')}
        </p>
      )}
      <DataTable
        data-testid="sms-table"
        columns={columns}
        rows={q.data ? smsThread(q.data) : undefined}
        rowKey={({ m }) => m.id}
        rowProps={({ m, reply }) => ({
          'data-testid': reply ? `sms-reply-${m.reply_to}` : `sms-${m.id}`,
          className: reply ? 'dw-sms-reply' : m.kind === 'alarm' ? 'dw-sms-alarm' : undefined,
        })}
        empty={t('device.sms.empty')}
      />
    </DayTabShell>
  );
}
