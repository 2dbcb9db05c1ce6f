import { useTranslation } from 'react-i18next';
import type { SafeZoneLogItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { QueryState } from '../../../components/QueryState';
import { formatDateTime } from '../../../lib/dates';
import { useSafeZoneLogs, useSafeZones } from '../api/tracking';
import { DayTabShell } from '../components/TabShell';
import { useDay } from '../use-day';

/** safezones: the owner's zones (on/off, applies to this device) and the day's log (type 0 exit, 9 entry). */
export function SafeZonesTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const day = useDay();
  const zones = useSafeZones(id);
  const logs = useSafeZoneLogs({ id, date: day.date, tz: day.tz });
  const columns: Column<SafeZoneLogItem>[] = [
    { key: 'time', header: t('device.safezones.time'), cell: (l) => formatDateTime(l.time, day.tz) },
    {
      key: 'type',
      header: t('device.safezones.type'),
      cell: (l) => (l.type === 9 ? t('device.safezones.entry') : l.type === 0 ? t('device.safezones.exit') : String(l.type)),
    },
    { key: 'zone', header: t('device.safezones.zone'), cell: (l) => l.safe_zone_name ?? t('common.none') },
    {
      key: 'position',
      header: t('device.tracking.position'),
      className: 'mono',
      cell: (l) => (l.latitude !== null && l.longitude !== null ? `${l.latitude.toFixed(5)}, ${l.longitude.toFixed(5)}` : t('common.none')),
    },
  ];
  return (
    <DayTabShell title={t('device.tabs.safezones')} day={day} deviceId={id} exportKind="safezone">
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
      <QueryState query={logs}>
        <DataTable data-testid="safezone-log" columns={columns} rows={logs.data} rowKey={(l) => l.id} empty={t('device.safezones.emptyLog')} />
      </QueryState>
    </DayTabShell>
  );
}
