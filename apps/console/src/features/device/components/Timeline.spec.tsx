import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TimelineItem } from '@tracker/contract';
import { mockFetch, ok, renderApp } from '../../../test/render';
import { mergeEntries } from '../api/timeline';
import { device, roleOf } from '../tabs/fixtures';

const item = (over: Partial<TimelineItem>): TimelineItem => ({
  cursor: 'c',
  at: '2026-11-20T10:00:00.000Z',
  source: 'sms',
  kind: 'commands',
  id: 1,
  what: 'command',
  code: 'STATUS',
  params: {},
  text: 'STATUS#',
  reply: null,
  state: 'sent',
  reason: null,
  by: null,
  before: null,
  after: null,
  unread: false,
  link: null,
  until: null,
  duration_s: null,
  ...over,
});

const command = item({ id: 11, at: '2026-11-20T10:00:00.000Z', reply: 'BAT:80', state: 'answered', by: { kind: 'person', name: 'anna.admin', from: null }, link: { tab: 'sms', ref: null } });
const alarm = item({ id: 12, at: '2026-11-20T09:00:00.000Z', kind: 'watch', what: 'alarm', code: 'SOS', text: 'SOS ALARM', state: null, unread: true, by: { kind: 'watch', name: null, from: null } });
const older = item({ id: 5, at: '2026-11-19T08:00:00.000Z', kind: 'settings', what: 'setting', code: 'location_interval', text: 'UPLOAD,300#', state: 'confirmed' });

describe('device timeline', () => {
  it('shows unread alarms on top, commands with their reply and sender, pages older entries, filters by kind, and marks an alarm read', async () => {
    let acked: unknown;
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/device/timeline': ({ url }) => {
        if (url.searchParams.get('before') === 'p2') return ok({ items: [older], next: null, alarms: [] });
        const kinds = url.searchParams.get('kinds');
        if (kinds === 'settings') return ok({ items: [older], next: null, alarms: acked ? [] : [alarm] });
        return ok({ items: [command, alarm], next: 'p2', alarms: acked ? [] : [alarm] });
      },
      'POST /api/device/alarm/ack': ({ body }) => {
        acked = body;
        return ok({ id: 12, acknowledged_at: '2026-11-20T11:00:00.000Z' });
      },
    });
    const { user } = renderApp('/device/42', { session: { role: 1 } });
    const list = await screen.findByTestId('timeline-list');
    const cmd = await within(list).findByTestId('timeline-sms-11');
    expect(cmd.textContent).toContain('STATUS#');
    expect(within(cmd).getByTestId('timeline-reply').textContent).toContain('BAT:80');
    expect(within(cmd).getByTestId('timeline-state').textContent).toContain('answered');
    expect(cmd.textContent).toContain('by anna.admin');
    expect(within(cmd).getByRole('link', { name: 'Details' }).getAttribute('href')).toBe('/device/42/sms?date=2026-11-20');
    const alarms = screen.getByTestId('timeline-alarms');
    expect(within(alarms).getByTestId('timeline-sms-12').getAttribute('data-what')).toBe('alarm');

    await user.click(screen.getByTestId('timeline-older'));
    await within(list).findByTestId('timeline-sms-5');
    expect(within(list).getAllByRole('listitem').map((li) => li.getAttribute('data-testid'))).toEqual(['timeline-sms-11', 'timeline-sms-12', 'timeline-sms-5']);
    expect(screen.queryByTestId('timeline-older')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/device/timeline').some((c) => c.url.searchParams.get('kinds') === 'settings')).toBe(true));
    await waitFor(() => expect(within(screen.getByTestId('timeline-list')).queryByTestId('timeline-sms-11')).toBeNull());
    expect(within(screen.getByTestId('timeline-list')).getByTestId('timeline-sms-5')).toBeTruthy();

    await user.click(within(screen.getByTestId('timeline-alarms')).getByTestId('timeline-ack'));
    await waitFor(() => expect(screen.queryByTestId('timeline-alarms')).toBeNull());
    expect(acked).toEqual({ device_id: 42, id: 12 });
  });

  it('says where the watch was first seen after a gap, with the fix\'s time and source, linked to the tracking day', async () => {
    const gap = item({ id: 7, source: 'gap', kind: 'watch', what: 'gap', code: 'heartbeat', text: null, state: null, params: { from: '2026-11-20T06:00:00.000Z' }, until: '2026-11-20T08:00:00.000Z', duration_s: 7200, at: '2026-11-20T08:00:00.000Z' });
    const fix = item({
      id: 7, source: 'firstfix', kind: 'location', what: 'first_fix', code: null, text: null, state: null, at: '2026-11-20T08:00:00.000Z',
      params: { fix_id: 90, fix_at: '2026-11-20T08:03:00.000Z', source: 1, latitude: 52.5, longitude: 13.4 }, duration_s: 7200, link: { tab: 'tracking', ref: null },
    });
    mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/device/timeline': () => ok({ items: [fix, gap], next: null, alarms: [] }),
    });
    renderApp('/device/42', { session: { role: 1 } });
    const entry = await screen.findByTestId('timeline-firstfix-7');
    expect(entry.getAttribute('data-what')).toBe('first_fix');
    expect(entry.textContent).toContain('First fix after the gap');
    expect(within(entry).getByTestId('timeline-first-fix').textContent).toMatch(/at 2026-11-20 \d\d:03(:00)?, GPS/);
    expect(within(entry).getByRole('link', { name: 'Details' }).getAttribute('href')).toMatch(/^\/device\/42\/tracking\?date=2026-11-20$/);
  });

  it('role 9 reads the timeline on its own tab and cannot mark an alarm read', async () => {
    mockFetch({
      'GET /api/local/role': roleOf(9),
      'GET /api/device/device_details': ok(device()),
      'GET /api/device/timeline': ok({ items: [alarm], next: null, alarms: [alarm] }),
    });
    renderApp('/device/42/timeline', { session: { role: 9 } });
    const alarms = await screen.findByTestId('timeline-alarms');
    expect(within(alarms).getByTestId('timeline-sms-12')).toBeTruthy();
    expect(screen.queryByTestId('timeline-ack')).toBeNull();
  });

  it('merges a newer page into what is shown: each entry once, newer state wins, nothing shown goes away', () => {
    const sent = item({ id: 11, state: 'sent' });
    const merged = mergeEntries([sent, older], [item({ id: 11, state: 'answered' }), item({ id: 20, at: '2026-11-21T00:00:00.000Z' })]);
    expect(merged.map((e) => [e.id, e.state])).toEqual([
      [20, 'sent'],
      [11, 'answered'],
      [5, 'confirmed'],
    ]);
  });
});
