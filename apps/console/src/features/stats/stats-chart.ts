import type { TFunction } from 'i18next';
import {
  LOCATION_REASONS,
  LOCATION_SOURCES,
  LOCATION_TECHNOLOGIES,
  LOCATION_TECHNOLOGY_UNKNOWN,
  STATS_MAX_COLOURS,
  type StatsItem,
  type StatsType,
  type StatsTypeDef,
} from '@tracker/contract';
import type { ChartOption } from '../../components/EChart';

/** §2: charts use up to 10 colours. */
export const STATS_PALETTE = ['#2f6fde', '#e0822d', '#3aa55d', '#c8423b', '#8c5fc4', '#8a5a44', '#d668b8', '#6f7782', '#b5b82c', '#2eb3c2'];

const DAY_MS = 86_400_000;
/** Every day from `from` to `to` (both included). */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** The item's value of the type's field ('' for types without one). */
export const fieldValue = (def: StatsTypeDef, i: StatsItem) => (def.field ? (i[def.field] ?? '') : '');

const byNumberThenText = (a: string, b: string) => {
  const na = Number(a);
  const nb = Number(b);
  if (a !== '' && b !== '' && !Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  return a.localeCompare(b);
};

/** The sum of the items' values (a pie's total, shown beside it). */
export const statsTotal = (items: readonly StatsItem[]) => items.reduce((n, i) => n + i.value, 0);

/**
 * How a field's value reads: §4's names of genders, contact roles, location technologies, sources and reasons (the
 * device pages' translations of sources and reasons), §9 Stand by; other values as they are.
 */
export function statsValueLabel(type: StatsType, def: StatsTypeDef, t: TFunction): (v: string) => string {
  const map: Record<string, Record<string, string>> = {
    gender: { '1': 'male', '2': 'female', '0': 'other' },
    role: { '1': 'primary', '2': 'secondary' },
    occurence: { standby: 'standby', invalid: 'invalid' },
  };
  if (type === 'location_technology')
    map.source_type = { ...LOCATION_TECHNOLOGIES, [LOCATION_TECHNOLOGY_UNKNOWN]: 'unknownTechnology' } as Record<string, string>;
  const known = (names: Record<number, string>, prefix: string) => (v: string) =>
    /^\d+$/.test(v) && names[Number(v)] ? t(`device.${prefix}.${names[Number(v)]}`) : t(`device.${prefix}.unknown`, { n: v });
  if (type === 'location_sources') return known(LOCATION_SOURCES, 'source');
  if (type === 'location_reasons') return known(LOCATION_REASONS, 'reason');
  return (v: string) => {
    const key = def.field ? map[def.field]?.[v] : undefined;
    return key ? t(`statsPage.values.${key}`) : v || '-';
  };
}

type Labels = { value: (v: string) => string; other: string };

/**
 * The ECharts option of a type's items: a line per white label over the days (daily types without a field), bars
 * of the field's values per white label, or a pie of the field's values (at most 10 slices: the largest nine and
 * the rest as one). Never more than STATS_MAX_COLOURS colours.
 */
export function statsChartOption(def: StatsTypeDef, items: readonly StatsItem[], range: { from: string; to: string }, labels: Labels): ChartOption {
  const palette = STATS_PALETTE.slice(0, STATS_MAX_COLOURS);
  const whiteLabels = [...new Map(items.map((i) => [i.white_label_id, i.white_label_name])).entries()].sort((a, b) => a[0] - b[0]);
  if (def.chart === 'line') {
    const days = daysOf(range.from, range.to);
    return {
      color: palette,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 16, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: days },
      yAxis: { type: 'value', minInterval: 1 },
      series: whiteLabels.map(([id, name]) => {
        const perDay = new Map<string, number>();
        for (const i of items) if (i.white_label_id === id) perDay.set(i.day, (perDay.get(i.day) ?? 0) + i.value);
        return { type: 'line', name, data: days.map((d) => perDay.get(d) ?? 0) };
      }),
    };
  }
  const categories = [...new Set(items.map((i) => fieldValue(def, i)))].sort(byNumberThenText);
  if (def.chart === 'bar') {
    return {
      color: palette,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 16, top: 40, bottom: 48 },
      xAxis: { type: 'category', data: categories.map(labels.value) },
      yAxis: { type: 'value', minInterval: 1 },
      series: whiteLabels.map(([id, name]) => ({
        type: 'bar',
        name,
        label: { show: true, position: 'top' },
        data: categories.map((c) => items.filter((i) => i.white_label_id === id && fieldValue(def, i) === c).reduce((s, i) => s + i.value, 0)),
      })),
    };
  }
  const totals = categories
    .map((c) => ({ name: labels.value(c), value: items.filter((i) => fieldValue(def, i) === c).reduce((s, i) => s + i.value, 0) }))
    .sort((a, b) => b.value - a.value);
  const slices = totals.length > STATS_MAX_COLOURS
    ? [...totals.slice(0, STATS_MAX_COLOURS - 1), { name: labels.other, value: totals.slice(STATS_MAX_COLOURS - 1).reduce((s, x) => s + x.value, 0) }]
    : totals;
  return {
    color: palette,
    tooltip: { trigger: 'item' },
    legend: { top: 0 },
    // each slice says its value beside its name (not only on hover); the page shows the total above the chart
    series: [{ type: 'pie', radius: ['30%', '65%'], top: 32, data: slices, label: { show: true, formatter: '{b}: {c}' } }],
  };
}
