import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useCommunications } from '../api/activity';
import { DayPicker } from '../components/DayPicker';
import { ExportButton } from '../components/ExportButton';
import { MapView, PointsLayer } from '../../../components/MapView';
import { QueryState } from '../../../components/QueryState';
import { SignalBars } from '../components/SignalBars';
import { duration } from '../format';
import { useDay } from '../use-day';

/** A silence longer than this is a gap worth a support agent's eye. */
export const GAP_SECONDS = 3600;

/** gaps: the day's communications with the silences between them, on a map and in a table. */
export function GapsTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const day = useDay();
  const q = useCommunications({ id, date: day.date, tz: day.tz });
  const rows = useMemo(() => q.data ?? [], [q.data]);
  const gaps = rows.filter((c) => (c.gap_seconds ?? 0) >= GAP_SECONDS);
  const points = useMemo(
    () =>
      rows
        .filter((c) => c.latitude !== null && c.longitude !== null)
        .map((c) => ({
          lat: c.latitude!,
          lng: c.longitude!,
          gap: (c.gap_seconds ?? 0) >= GAP_SECONDS,
          label: `${formatDateTime(c.time, day.tz)} · ${t(`device.gaps.kinds.${c.kind}`, { defaultValue: c.kind })}`,
        })),
    [rows, day.tz, t],
  );
  return (
    <div>
      <div className="dw-toolbar">
        <h2>{t('device.tabs.gaps')}</h2>
        <DayPicker value={day.date} max={day.max} onChange={day.setDate} />
        <ExportButton kind="communications" deviceId={id} date={day.date} tz={day.tz} />
      </div>
      <QueryState query={q} empty={rows.length === 0} emptyTitle={t('device.gaps.empty')}>
        <p className="muted">{t('device.gaps.summary', { n: rows.length, gaps: gaps.length })}</p>
        <div className="dw-split">
          <div className="dw-split__list">
            <div className="table-wrap dw-scroll">
              <table className="table dw-table" data-testid="gaps-table">
                <thead>
                  <tr>
                    <th scope="col">{t('device.gaps.time')}</th>
                    <th scope="col">{t('device.gaps.kind')}</th>
                    <th scope="col">{t('device.gaps.gap')}</th>
                    <th scope="col">{t('device.tracking.signal')}</th>
                    <th scope="col">{t('device.gaps.battery')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((c) => (
                    <tr key={c.id} className={(c.gap_seconds ?? 0) >= GAP_SECONDS ? 'dw-row--gap' : undefined}>
                      <td>{formatDateTime(c.time, day.tz)}</td>
                      <td>{t(`device.gaps.kinds.${c.kind}`, { defaultValue: c.kind })}</td>
                      <td>{c.gap_seconds !== null ? duration(c.gap_seconds) : t('common.none')}</td>
                      <td>
                        <SignalBars dbm={c.signal} />
                      </td>
                      <td>{c.battery !== null ? `${c.battery} %` : t('common.none')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
          <div className="dw-split__map">
            <MapView label={t('device.gaps.map')}>
              <PointsLayer points={points} />
            </MapView>
          </div>
        </div>
      </QueryState>
    </div>
  );
}
