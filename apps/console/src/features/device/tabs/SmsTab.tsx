import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useSms, useSmsCommands } from '../api/activity';
import { DayPicker } from '../components/DayPicker';
import { ExportButton } from '../components/ExportButton';
import { QueryState } from '../../../components/QueryState';
import { useDay } from '../use-day';

/** sms: the device's SMS of a day with the §3 message status; the commands its type understands. */
export function SmsTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const day = useDay();
  const q = useSms({ id, date: day.date, tz: day.tz });
  const commands = useSmsCommands(id);
  return (
    <div>
      <div className="dw-toolbar">
        <h2>{t('device.tabs.sms')}</h2>
        <DayPicker value={day.date} max={day.max} onChange={day.setDate} />
        <ExportButton kind="sms_per_device" deviceId={id} date={day.date} tz={day.tz} />
      </div>
      <QueryState query={q} empty={q.data?.length === 0} emptyTitle={t('device.sms.empty')}>
        <div className="table-wrap">
          <table className="table dw-table" data-testid="sms-table">
            <thead>
              <tr>
                <th scope="col">{t('device.sms.created')}</th>
                <th scope="col">{t('device.sms.direction')}</th>
                <th scope="col">{t('device.sms.command')}</th>
                <th scope="col">{t('device.sms.message')}</th>
                <th scope="col">{t('device.sms.status')}</th>
              </tr>
            </thead>
            <tbody>
              {(q.data ?? []).map((m) => (
                <tr key={m.id}>
                  <td>{formatDateTime(m.created, day.tz)}</td>
                  <td>{t(`device.sms.${m.direction === 'OUTBOUND' ? 'outbound' : 'inbound'}`)}</td>
                  <td className="mono">{m.command_key ?? t('common.none')}</td>
                  <td className="mono dw-json" title={m.message}>{m.message}</td>
                  <td>
                    <span className={`status dw-msg--${m.status}`} title={m.error ?? undefined}>
                      {t(`device.messageStatus.${m.status}`, { defaultValue: String(m.status) })}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </QueryState>
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
    </div>
  );
}
