import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useSafeZoneLogs, useSafeZones } from '../api/tracking';
import { DayPicker } from '../components/DayPicker';
import { ExportButton } from '../components/ExportButton';
import { QueryState } from '../../../components/QueryState';
import { useDay } from '../use-day';

/** safezones: the owner's zones (on/off, applies to this device) and the day's log (type 0 exit, 9 entry). */
export function SafeZonesTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const day = useDay();
  const zones = useSafeZones(id);
  const logs = useSafeZoneLogs({ id, date: day.date, tz: day.tz });
  return (
    <div>
      <div className="dw-toolbar">
        <h2>{t('device.tabs.safezones')}</h2>
        <DayPicker value={day.date} max={day.max} onChange={day.setDate} />
        <ExportButton kind="safezone" deviceId={id} date={day.date} tz={day.tz} />
      </div>
      <h3>{t('device.safezones.zones')}</h3>
      <QueryState query={zones} empty={zones.data?.length === 0} emptyTitle={t('device.safezones.noZones')}>
        <ul className="dw-zones">
          {(zones.data ?? []).map((z) => (
            <li key={z.id}>
              <strong>{z.name}</strong> · {z.radius} m ·{' '}
              <span className={z.enabled ? 'status status--active' : 'status status--inactive'}>{t(z.enabled ? 'device.safezones.on' : 'device.safezones.off')}</span>
              {z.attached ? null : <span className="muted"> · {t('device.safezones.notThisDevice')}</span>}
            </li>
          ))}
        </ul>
      </QueryState>
      <h3>{t('device.safezones.log')}</h3>
      <QueryState query={logs} empty={logs.data?.length === 0} emptyTitle={t('device.safezones.emptyLog')}>
        <div className="table-wrap">
          <table className="table dw-table" data-testid="safezone-log">
            <thead>
              <tr>
                <th scope="col">{t('device.safezones.time')}</th>
                <th scope="col">{t('device.safezones.type')}</th>
                <th scope="col">{t('device.safezones.zone')}</th>
                <th scope="col">{t('device.tracking.position')}</th>
              </tr>
            </thead>
            <tbody>
              {(logs.data ?? []).map((l) => (
                <tr key={l.id}>
                  <td>{formatDateTime(l.time, day.tz)}</td>
                  <td>{l.type === 9 ? t('device.safezones.entry') : l.type === 0 ? t('device.safezones.exit') : String(l.type)}</td>
                  <td>{l.safe_zone_name ?? t('common.none')}</td>
                  <td className="mono">{l.latitude !== null && l.longitude !== null ? `${l.latitude.toFixed(5)}, ${l.longitude.toFixed(5)}` : t('common.none')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </QueryState>
    </div>
  );
}
