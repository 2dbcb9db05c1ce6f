import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, type ChartOption } from '../../../components/EChart';
import { formatDateTime } from '../../../lib/dates';
import { useTemperatures } from '../api/activity';
import { DayTabShell } from '../components/TabShell';
import { useDay } from '../use-day';

/** deviceTemp (roles 1, 9): the day's temperatures as a line chart. */
export function TemperatureTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const day = useDay();
  const q = useTemperatures({ id, date: day.date, tz: day.tz });
  const option = useMemo<ChartOption>(() => {
    const rows = q.data ?? [];
    const x = rows.map((r) => formatDateTime(r.time, day.tz).slice(11, 16));
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 4, data: [t('device.temp.device'), t('device.temp.battery')] },
      grid: { left: 48, right: 24, top: 40, bottom: 40 },
      xAxis: { type: 'category', data: x, name: t('device.temp.time') },
      yAxis: { type: 'value', name: '°C', scale: true },
      series: [
        { name: t('device.temp.device'), type: 'line', data: rows.map((r) => r.temperature), smooth: true },
        { name: t('device.temp.battery'), type: 'line', data: rows.map((r) => r.battery_temperature), smooth: true },
      ],
    };
  }, [q.data, day.tz, t]);
  return (
    <DayTabShell title={t('device.tabs.deviceTemp')} day={day} deviceId={id} query={q} empty={q.data?.length === 0} emptyTitle={t('device.temp.empty')}>
      <EChart option={option} label={t('device.temp.chart', { date: day.date })} />
    </DayTabShell>
  );
}
