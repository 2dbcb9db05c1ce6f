import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STATS_TYPES, type StatsItem } from '@tracker/contract';
import { mockFetch, ok, renderApp } from '../../../test/render';
import { i18n } from '../../../lib/i18n';
import { statsChartOption, statsValueLabel } from '../stats-chart';

const role = ok({ username: 'anna.admin', role: 1, operators: [], white_labels: [1, 2], types: [-1], preferedLanguage: 'en' });
const item = (day: string, white_label_id: number, value: number, extra: Partial<StatsItem> = {}): StatsItem => ({
  day,
  value,
  white_label_id,
  white_label_name: `WL ${white_label_id}`,
  ...extra,
});

function statsApi(items: StatsItem[], asOf: string | null = null) {
  return mockFetch({
    'GET /api/local/role': role,
    'GET /api/whitelabel/list': ok([{ id: 1, name: 'TrackCo' }, { id: 2, name: 'TrackCo Kids' }]),
    'GET /api/whitelabel/deployments/list': ok([{ id: 1, name: 'TrackCo EU', white_label_id: 1 }, { id: 3, name: 'Kids EU', white_label_id: 2 }]),
    'GET /api/stats/list': ({ url }) => ok({ type: url.searchParams.get('type'), chart: 'line', as_of: asOf, items }),
  });
}
const today = new Date().toISOString().slice(0, 10);

describe('/admin/stats/{type}', () => {
  it('queries from the start of the month (UTC) to today when the URL has no dates, for all the user\'s white labels', async () => {
    const api = statsApi([item(today, 1, 4)]);
    renderApp('/admin/stats/new_registrations', { session: {} });
    expect(await screen.findByRole('heading', { name: 'New registrations' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/stats/list')).toHaveLength(1));
    const q = api.callsTo('GET', '/api/stats/list')[0]!.url.searchParams;
    expect([q.get('type'), q.get('from'), q.get('to'), q.has('whitelabel_ids')]).toEqual(['new_registrations', `${today.slice(0, 8)}01`, today, false]);
    expect(await screen.findByTestId('stats-chart')).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).max).toBe(today);
    expect((screen.getByLabelText('Until (day included)') as HTMLInputElement).max).toBe(today);
    // the stats menu lists every type
    expect(screen.getByRole('navigation', { name: 'Statistics types' }).querySelectorAll('a')).toHaveLength(Object.keys(STATS_TYPES).length);
  });

  it("says 'No data found.' when there are no items", async () => {
    statsApi([]);
    renderApp('/admin/stats/calls_to_911?from=2026-01-01&to=2026-01-31', { session: {} });
    expect(await screen.findByText('No data found.')).toBeTruthy();
  });

  it('does not query invalid dates and keeps Search disabled until both are valid, to not before from', async () => {
    const api = statsApi([]);
    const { user } = renderApp('/admin/stats/new_pairing?from=2026-02-30&to=2026-03-01', { session: {} });
    const button = (await screen.findByRole('button', { name: 'Search' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-03-02');
    expect(button.disabled).toBe(true);
    expect(screen.getByText('To must not be before from')).toBeTruthy();
    await user.clear(from);
    await user.type(from, '2026-02-01');
    expect(button.disabled).toBe(false);
    expect(api.callsTo('GET', '/api/stats/list')).toHaveLength(0);
    await user.click(button);
    await waitFor(() => expect(api.callsTo('GET', '/api/stats/list')).toHaveLength(1));
  });

  it('sends the chosen white label, and offers the sub-white-label for firmware_version only', async () => {
    const api = statsApi([item(today, 2, 3, { firmware: 'v1' })]);
    const { user, router } = renderApp('/admin/stats/firmware_version?from=2026-01-01&to=2026-01-31', { session: {} });
    const wl = await screen.findByLabelText('White label');
    await waitFor(() => expect((wl as HTMLSelectElement).disabled).toBe(false));
    await user.selectOptions(wl, '2');
    await user.selectOptions(screen.getByLabelText('Sub white label'), '3');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-01-01&to=2026-01-31&selectedWhiteLabel=2&selectedDeployment=3'));
    await waitFor(() => expect(api.callsTo('GET', '/api/stats/list').at(-1)!.url.searchParams.get('deployment_id')).toBe('3'));
    expect(api.callsTo('GET', '/api/stats/list').at(-1)!.url.searchParams.get('whitelabel_ids')).toBe('2');
    await user.click(screen.getByRole('link', { name: 'Child gender' }));
    expect(await screen.findByRole('heading', { name: 'Child gender' })).toBeTruthy();
    expect(screen.queryByLabelText('Sub white label')).toBeNull();
  });
});

describe('the §4 names of location sources, reasons and technologies', () => {
  it('labels location_reasons and location_sources with their §4 names, translated in en, de and es, not their codes', async () => {
    await i18n.loadLanguages(['de', 'es']);
    const expected = {
      en: { reason22: '911 call', reason2: 'Alarm button', source3: 'Skyhook', source7: 'Phone', source0: 'Invalid', tech2: 'Wifi', techUnknown: 'Unknown technology' },
      de: { reason22: 'Notruf 911', reason2: 'Alarmknopf', source3: 'Skyhook', source7: 'Telefon', source0: 'Ungültig', tech2: 'WLAN', techUnknown: 'Unbekannte Technologie' },
      es: { reason22: 'Llamada al 911', reason2: 'Botón de alarma', source3: 'Skyhook', source7: 'Teléfono', source0: 'No válida', tech2: 'Wifi', techUnknown: 'Tecnología desconocida' },
    } as const;
    for (const lng of ['en', 'de', 'es'] as const) {
      const t = i18n.getFixedT(lng);
      const reason = statsValueLabel('location_reasons', STATS_TYPES.location_reasons, t);
      const source = statsValueLabel('location_sources', STATS_TYPES.location_sources, t);
      const tech = statsValueLabel('location_technology', STATS_TYPES.location_technology, t);
      const e = expected[lng];
      expect([reason('22'), reason('2'), source('3'), source('7'), source('0'), tech('2'), tech('unknown')], lng).toEqual([
        e.reason22, e.reason2, e.source3, e.source7, e.source0, e.tech2, e.techUnknown,
      ]);
      // a code outside §4 still says what it is
      expect(reason('99')).toMatch(/99/);
    }
  });
});

describe('a snapshot says as of when it is', () => {
  it("shows the snapshot's time in the chosen time zone, and only the day for an older day's snapshot", async () => {
    statsApi([item(today, 1, 3, { language: 'de' })], '2026-03-02T10:04:05.000Z');
    renderApp('/admin/stats/language', { session: {} });
    expect(await screen.findByTestId('stats-chart')).toBeTruthy();
    expect(screen.getByTestId('stats-as-of').textContent).toBe('As of 2026-03-02 10:04:05');
  });

  it('says the day of an older snapshot, and nothing for a daily type', async () => {
    statsApi([item('2026-01-31', 1, 3, { language: 'de' })]);
    renderApp('/admin/stats/language?from=2026-01-01&to=2026-01-31', { session: {} });
    expect(await screen.findByTestId('stats-chart')).toBeTruthy();
    expect(screen.getByTestId('stats-as-of').textContent).toBe('Snapshot of 2026-01-31');
  });
});

describe('a pie says its values and its total', () => {
  it('labels each slice with its value and shows the total above the chart', async () => {
    statsApi([item(today, 1, 3, { source_type: '1' }), item(today, 2, 4, { source_type: '3' }), item(today, 1, 5, { source_type: '7' })]);
    renderApp('/admin/stats/location_sources', { session: {} });
    expect(await screen.findByTestId('stats-chart')).toBeTruthy();
    expect(screen.getByTestId('stats-total').textContent).toBe('Total: 12');
    const o = statsChartOption(STATS_TYPES.location_sources, [item(today, 1, 3, { source_type: '1' })], { from: today, to: today }, { value: (v) => v, other: 'Other' }) as {
      series: { label: { show: boolean; formatter: string } }[];
    };
    expect(o.series[0]!.label).toMatchObject({ show: true, formatter: '{b}: {c}' });
  });
});

describe('statsChartOption', () => {
  const labels = { value: (v: string) => v, other: 'Other' };
  it('draws a line per white label over every day of the range, 0 on days without items', () => {
    const o = statsChartOption(STATS_TYPES.new_pairing, [item('2026-01-02', 1, 5), item('2026-01-01', 2, 1)], { from: '2026-01-01', to: '2026-01-03' }, labels) as {
      series: { name: string; data: number[] }[];
      color: string[];
    };
    expect(o.series).toEqual([expect.objectContaining({ name: 'WL 1', data: [0, 5, 0] }), expect.objectContaining({ name: 'WL 2', data: [1, 0, 0] })]);
    expect(o.color.length).toBeLessThanOrEqual(10);
  });

  it('keeps a pie at 10 slices: the largest nine and the rest as Other', () => {
    const items = Array.from({ length: 12 }, (_, n) => item('2026-01-01', 1, 100 - n, { language: `l${n}` }));
    const o = statsChartOption(STATS_TYPES.language, items, { from: '2026-01-01', to: '2026-01-01' }, labels) as { series: { data: { name: string; value: number }[] }[] };
    expect(o.series[0]!.data).toHaveLength(10);
    expect(o.series[0]!.data.at(-1)).toEqual({ name: 'Other', value: 91 + 90 + 89 });
  });
});
