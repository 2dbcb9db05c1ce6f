import { useTranslation } from 'react-i18next';
import type { SmsItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { QueryState } from '../../../components/QueryState';
import { formatDateTime } from '../../../lib/dates';
import { useSms, useSmsCommands } from '../api/activity';
import { DayTabShell } from '../components/TabShell';
import { useDay } from '../use-day';

/** sms: the device's SMS of a day with the §3 message status; the commands its type understands. */
export function SmsTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const day = useDay();
  const q = useSms({ id, date: day.date, tz: day.tz });
  const commands = useSmsCommands(id);
  const columns: Column<SmsItem>[] = [
    { key: 'created', header: t('device.sms.created'), cell: (m) => formatDateTime(m.created, day.tz) },
    { key: 'direction', header: t('device.sms.direction'), cell: (m) => t(`device.sms.${m.direction === 'OUTBOUND' ? 'outbound' : 'inbound'}`) },
    { key: 'command', header: t('device.sms.command'), className: 'mono', cell: (m) => m.command_key ?? t('common.none') },
    { key: 'message', header: t('device.sms.message'), className: 'mono', truncate: true, cell: (m) => m.message },
    {
      key: 'status',
      header: t('device.sms.status'),
      cell: (m) => (
        <span className={`status dw-msg--${m.status}`} title={m.error ?? undefined}>
          {t(`device.messageStatus.${m.status}`, { defaultValue: String(m.status) })}
        </span>
      ),
    },
  ];
  return (
    <DayTabShell
      title={t('device.tabs.sms')}
      day={day}
      deviceId={id}
      exportKind="sms_per_device"
      query={q}
      footer={
        <details className="dw-section">
          <summary>{t('device.sms.commands')}</summary>
          <QueryState query={commands} empty={commands.data?.length === 0}>
            <ul className="dw-plain">
              {(commands.data ?? []).map((c) => (
                <li key={c.command_key}>
                  <span className="mono">{c.command_key}</span> — {c.name}
                </li>
              ))}
            </ul>
          </QueryState>
        </details>
      }
    >
      <DataTable data-testid="sms-table" columns={columns} rows={q.data} rowKey={(m) => m.id} empty={t('device.sms.empty')} />
    </DayTabShell>
  );
}
