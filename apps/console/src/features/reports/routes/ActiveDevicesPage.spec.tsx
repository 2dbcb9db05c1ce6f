import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POLLING_MS } from '@tracker/contract';
import { mockFetch, ok, renderApp } from '../../../test/render';

const role = ok({ username: 'anna.admin', role: 1, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' });
const device = { device_id: 7, imei: '356938035643809', gsm_number: '+4915550001234', device_type_id: 1, owner_email: 'a@b.c', white_label_name: 'TrackCo', first_seen: '2026-01-01T08:00:00.000Z', last_seen: '2026-01-02T08:00:00.000Z', communications: 3 };

afterEach(() => {
  vi.useRealTimers();
});

describe('/admin/reports/activeDevices', () => {
  it("keeps Search disabled until both days are valid and 'to' is a day after a past 'from'; then polls until the devices are there", async () => {
    // the report's polling on a fake clock, advanced by hand (it also follows real time, so the user's typing runs)
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    const run = { id: 5, from: '2026-01-01', to: '2026-01-02' };
    const api = mockFetch({
      'GET /api/local/role': role,
      'POST /api/reports/active_devices': ok({ ...run, status: 'QUEUED' }),
      'GET /api/reports/active_devices': () =>
        ++polls < 2
          ? ok({ ...run, status: 'RUNNING', items: null, total: null, total_pages: 0, page: 0 })
          : ok({ ...run, status: 'DONE', items: [device], total: 1, total_pages: 1, page: 0 }),
    });
    const { user } = renderApp('/admin/reports/activeDevices', { session: {} });
    const button = (await screen.findByRole('button', { name: 'Search' })) as HTMLButtonElement;
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('Until (day included)');
    await user.clear(from);
    await user.type(from, '2026-01-01');
    await user.clear(to);
    await user.type(to, '2026-01-01');
    expect(button.disabled).toBe(true);
    expect(screen.getByText('To must be at least one day after from')).toBeTruthy();
    await user.clear(to);
    expect(button.disabled).toBe(true);
    await user.type(to, '2026-01-02');
    expect(button.disabled).toBe(false);
    await user.click(button);
    await waitFor(() => expect(polls).toBe(1));
    await vi.advanceTimersByTimeAsync(POLLING_MS.activeDevices);
    expect(await screen.findByText('356938035643809')).toBeTruthy();
    expect(polls).toBe(2);
    expect(api.callsTo('POST', '/api/reports/active_devices')[0]!.body).toEqual({ from: '2026-01-01', to: '2026-01-02' });
    await waitFor(() => expect(screen.getByText('Active devices: 1')).toBeTruthy());
  });
});
