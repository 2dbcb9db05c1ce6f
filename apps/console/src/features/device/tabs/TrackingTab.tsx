import { useCallback, useMemo, useState } from 'react';
import { Facts } from '../../../components/Facts';
import { useTranslation } from 'react-i18next';
import { LOCATION_REASONS, LOCATION_SOURCES, type LocationDetail, type LocationItem } from '@tracker/contract';
import { Pager } from '../../../components/Pager';
import { Spinner } from '../../../components/Spinner';
import { formatDateTime } from '../../../lib/dates';
import { useLocation, useLocationPath, useLocations, useSafeZones } from '../api/tracking';
import { DataTable, type Column } from '../../../components/DataTable';
import { DayTabShell } from '../components/TabShell';
import { FixLayer, MapView, PathLayer, ZonesLayer } from '../../../components/MapView';
import { QueryState } from '../../../components/QueryState';
import { SignalBars } from '../components/SignalBars';
import { useDay } from '../use-day';

export function useLocationLabels() {
  const { t } = useTranslation();
  return {
    reason: (r: number | null) => (r === null ? t('common.none') : LOCATION_REASONS[r] ? t(`device.reason.${LOCATION_REASONS[r]}`) : t('device.reason.unknown', { n: r })),
    source: (s: number) => (LOCATION_SOURCES[s] ? t(`device.source.${LOCATION_SOURCES[s]}`) : t('device.source.unknown', { n: s })),
  };
}

/** tracking: the day's fixes 20 per page beside a map with the path, the selected fix and the owner's safe zones. */
export function TrackingTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const day = useDay();
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const d = { id, date: day.date, tz: day.tz };
  const list = useLocations(d, page);
  const path = useLocationPath(d);
  const zones = useSafeZones(id);
  const fix = useLocation(id, selected);
  const labels = useLocationLabels();
  const onSelect = useCallback((lid: number) => setSelected(lid), []);
  const points = useMemo(() => path.data?.points ?? [], [path.data]);
  const zoneList = useMemo(() => zones.data ?? [], [zones.data]);

  const changeDay = (v: string) => {
    day.setDate(v);
    setPage(0);
    setSelected(null);
  };

  const columns: Column<LocationItem>[] = [
    {
      key: 'time',
      header: t('device.tracking.time'),
      cell: (l) => (
        <button type="button" className="dw-linkbtn" onClick={() => setSelected(l.id)} data-testid="location-row">
          {formatDateTime(l.time, day.tz)}
        </button>
      ),
    },
    { key: 'reason', header: t('device.tracking.reason'), cell: (l) => labels.reason(l.reason) },
    { key: 'source', header: t('device.tracking.source'), cell: (l) => labels.source(l.source) },
    { key: 'radius', header: t('device.tracking.radius'), cell: (l) => (l.radius !== null ? `${l.radius} m` : t('common.none')) },
  ];

  return (
    <DayTabShell title={t('device.tabs.tracking')} day={day} onDayChange={changeDay} deviceId={id} exportKind="locations">
      <div className="dw-split">
        <div className="dw-split__list">
          <QueryState query={list} empty={list.data?.total === 0} emptyTitle={t('device.tracking.empty')}>
            {list.data ? (
              <>
                <p className="muted" aria-live="polite">
                  {t('device.tracking.count', { n: list.data.total })}
                </p>
                <DataTable
                  data-testid="location-list"
                  columns={columns}
                  rows={list.data.items}
                  rowKey={(l) => l.id}
                  rowProps={(l) => ({ 'aria-selected': selected === l.id, className: selected === l.id ? 'dw-row--selected' : undefined })}
                />
                <Pager page={page} totalPages={list.data.total_pages} onChange={setPage} disabled={list.isFetching} />
              </>
            ) : null}
          </QueryState>
        </div>
        <div className="dw-split__map">
          <MapView label={t('device.tracking.map')}>
            <ZonesLayer zones={zoneList} />
            <PathLayer points={points} onSelect={onSelect} fitKey={`${id}:${day.date}:${day.tz}`} />
            {fix.data ? <FixLayer lat={fix.data.latitude} lng={fix.data.longitude} radius={fix.data.radius} /> : null}
          </MapView>
          <p className="muted dw-map__legend">
            {path.isPending ? (
              <Spinner inline />
            ) : path.isError ? (
              <span role="alert" data-testid="path-error">
                {t('common.loadFailed')}{' '}
                <button type="button" className="btn btn--ghost" onClick={() => void path.refetch()}>
                  {t('common.retry')}
                </button>
              </span>
            ) : (
              t('device.tracking.pathCount', { n: points.length })
            )}{' '}
            {t('device.tracking.zonesCount', { n: zoneList.length })}
          </p>
          {selected !== null ? (
            <QueryState query={fix}>{fix.data ? <FixDetails f={fix.data} tz={day.tz} /> : null}</QueryState>
          ) : (
            <p className="muted">{t('device.tracking.pick')}</p>
          )}
        </div>
      </div>
    </DayTabShell>
  );
}

function FixDetails({ f, tz }: { f: LocationDetail; tz: string }) {
  const { t } = useTranslation();
  const labels = useLocationLabels();
  const none = t('common.none');
  const signal: Column<{ signal: number | null }> = { key: 'signal', header: t('device.tracking.signal'), cell: (x) => <SignalBars dbm={x.signal} /> };
  const wifiColumns: Column<LocationDetail['wifi'][number]>[] = [
    { key: 'mac', header: t('device.tracking.mac'), className: 'mono', cell: (w) => w.mac_address },
    signal,
  ];
  const gsmColumns: Column<LocationDetail['gsm'][number]>[] = [
    { key: 'mcc', header: 'MCC', cell: (g) => g.mcc },
    { key: 'mnc', header: 'MNC', cell: (g) => g.mnc },
    { key: 'lac', header: 'LAC', cell: (g) => g.lac },
    { key: 'cell', header: t('device.tracking.cellId'), className: 'mono', cell: (g) => g.cell_id },
    signal,
  ];
  return (
    <section className="dw-section" data-testid="fix-details" aria-label={t('device.tracking.details')}>
      <h3>{formatDateTime(f.time, tz)}</h3>
      <Facts
        rows={
          [
            [t('device.tracking.reason'), labels.reason(f.reason)],
            [t('device.tracking.source'), labels.source(f.source)],
            [t('device.tracking.position'), `${f.latitude.toFixed(6)}, ${f.longitude.toFixed(6)}`],
            [t('device.tracking.radius'), f.radius !== null ? `${f.radius} m` : none],
            [t('device.tracking.altitude'), f.altitude !== null ? `${f.altitude} m` : none],
            [t('device.tracking.speed'), f.speed !== null ? `${f.speed} km/h` : none],
            [t('device.tracking.angle'), f.angle !== null ? `${f.angle}°` : none],
            [t('device.tracking.valid'), t(f.is_valid ? 'device.common.yes' : 'device.common.no')],
            [t('device.tracking.operator'), f.gsm_operator ?? none],
          ] as [string, string | null][]
        }
      />
      <h4>{t('device.tracking.wifi')}</h4>
      {f.wifi.length === 0 ? (
        <p className="muted">{none}</p>
      ) : (
        <DataTable columns={wifiColumns} rows={f.wifi} rowKey={(w, i) => `${w.mac_address}-${i}`} />
      )}
      <h4>{t('device.tracking.gsm')}</h4>
      {f.gsm.length === 0 ? (
        <p className="muted">{none}</p>
      ) : (
        <DataTable columns={gsmColumns} rows={f.gsm} rowKey={(g, i) => `${g.cell_id}-${i}`} />
      )}
      {f.providers.length > 0 ? (
        <>
          <h4>{t('device.tracking.providers')}</h4>
          <ul className="dw-plain">
            {f.providers.map((p, i) => (
              <li key={`${p.provider}-${i}`}>
                {p.provider}: {p.latitude.toFixed(5)}, {p.longitude.toFixed(5)} ({p.radius ?? '?'} m)
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
