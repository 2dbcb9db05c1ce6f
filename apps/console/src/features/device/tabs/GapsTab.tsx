import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useCommunications } from '../api/activity';
import type { CommunicationItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { DayTabShell } from '../components/TabShell';
import { MapView, PointsLayer } from '../../../components/MapView';
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
  const columns: Column<CommunicationItem>[] = [
    { key: 'time', header: t('device.gaps.time'), cell: (c) => formatDateTime(c.time, day.tz) },
    { key: 'kind', header: t('device.gaps.kind'), cell: (c) => t(`device.gaps.kinds.${c.kind}`, { defaultValue: c.kind }) },
    { key: 'gap', header: t('device.gaps.gap'), cell: (c) => (c.gap_seconds !== null ? duration(c.gap_seconds) : t('common.none')) },
    { key: 'signal', header: t('device.tracking.signal'), cell: (c) => <SignalBars dbm={c.signal} /> },
    { key: 'battery', header: t('device.gaps.battery'), cell: (c) => (c.battery !== null ? `${c.battery} %` : t('common.none')) },
  ];
  return (
    <DayTabShell
      title={t('device.tabs.gaps')}
      day={day}
      deviceId={id}
      exportKind="communications"
      query={q}
      empty={rows.length === 0}
      emptyTitle={t('device.gaps.empty')}
    >
      <p className="muted">{t('device.gaps.summary', { n: rows.length, gaps: gaps.length })}</p>
      <div className="dw-split">
        <div className="dw-split__list">
          <DataTable
            data-testid="gaps-table"
            frameClassName="dw-scroll"
            columns={columns}
            rows={rows}
            rowKey={(c) => c.id}
            rowProps={(c) => ({ className: (c.gap_seconds ?? 0) >= GAP_SECONDS ? 'dw-row--gap' : undefined })}
          />
        </div>
        <div className="dw-split__map">
          <MapView label={t('device.gaps.map')}>
            <PointsLayer points={points} />
          </MapView>
        </div>
      </div>
    </DayTabShell>
  );
}
