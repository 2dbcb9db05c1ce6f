import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POLLING_MS } from '@tracker/contract';
import { getSession } from '../../../lib/session';
import { mockFetch, ok, renderApp } from '../../../test/render';

const role = ok({ username: 'anna.admin', role: 1, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' });
const A = '350000000000001';
const B = '350000000000002';
const proc = (imei: string, id: number, over: Record<string, unknown> = {}) => ({
  modem_id: id, device_id: id, imei, profile: 'standard', status: 'RUNNING', task_id: 3, task_count: 11, task: 'checkStartSsp', errors: 0, error: null,
  started: '2026-01-01T08:00:00.000Z', step_started_at: '2026-01-01T08:01:00.000Z', deadline_at: '2026-01-11T08:00:00.000Z', finished_at: null, ...over,
});
const all = { total: 2, running: 2, done: 0, failed: 0, stopped: 0, by_task: [], processing_done: false };

afterEach(() => {
  vi.useRealTimers();
});

describe('/admin/modem/update', () => {
  it('reads IMEIs from a CSV (digits only), starts, then polls the progress table: a 401 while polling keeps the session', async () => {
    // the table's polling on a fake clock, advanced by hand (it also follows real time, so the user's typing runs)
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    const api = mockFetch({
      'GET /api/local/role': role,
      'POST /api/device/initModemUpdateProcess': ok({
        started: 2,
        items: [A, B].map((imei, i) => ({ imei, outcome: 'started', device_id: i + 1, modem_id: i + 1, profile: 'standard', task_count: 11 })),
      }),
      'GET /api/device/checkAllStatusesForModemUpdateProcess': ok(all),
      'POST /api/device/checkStatusModemUpdateProcess': () => {
        polls++;
        // the second poll meets an expired session: shown, not a logout (§4, §8)
        if (polls === 2) return { status: 401, body: { error: 'Session expired', code: 'SESSION_EXPIRED' } };
        const done = polls >= 3;
        const end = [{ status: 'DONE', task_id: 11, task: 'revertSettings' }, { status: 'FAILED', task_id: 5 }];
        return ok({ items: [A, B].map((imei, i) => ({ imei, device_id: i + 1, process: proc(imei, i + 1, done ? end[i] : {}) })) });
      },
    });
    const { user } = renderApp('/admin/modem/update', { session: {} });
    const csv = new File([`imei\n"${A}"\n350-000-000-000-002\n`], 'imeis.csv', { type: 'text/csv' });
    await user.upload(await screen.findByTestId('modem-csv'), csv);
    await waitFor(() => expect((screen.getByTestId('modem-imeis') as HTMLTextAreaElement).value).toBe(`${A}\n${B}`));
    await user.click(screen.getByTestId('modem-start'));
    expect(api.callsTo('POST', '/api/device/initModemUpdateProcess')[0]!.body).toEqual({ IMEIs: [A, B] });
    const outcomes = await screen.findByTestId('modem-outcomes');
    expect(within(outcomes).getAllByText('Started')).toHaveLength(2);
    await user.click(screen.getByTestId('modem-to-progress'));
    const table = await screen.findByTestId('modem-progress-table');
    expect(within(table).getAllByText('Running').length).toBeGreaterThan(0);
    expect(within(table).getAllByRole('progressbar')[0]!.getAttribute('aria-valuenow')).toBe(String(Math.round((100 * 3) / 11)));
    // two more polls: the 401, then the end
    await vi.advanceTimersByTimeAsync(POLLING_MS.modemStatus);
    await vi.advanceTimersByTimeAsync(POLLING_MS.modemStatus);
    // done says how each device ended, not that every one reached its last task
    const doneText = await screen.findByTestId('modem-done');
    expect(doneText.textContent).toBe('Processing done: 1 Done, 1 Failed, 0 Stopped');
    expect(polls).toBeGreaterThanOrEqual(3);
    expect(getSession()).not.toBeNull();
    expect(screen.queryByText('Sign in')).toBeNull();
  });

  it('select all and stop sends the running IMEIs; the progress modal asks for its process', async () => {
    const api = mockFetch({
      'GET /api/local/role': role,
      'POST /api/device/initModemUpdateProcess': ok({ started: 2, items: [A, B].map((imei, i) => ({ imei, outcome: 'started', device_id: i + 1, modem_id: i + 1, profile: 'standard', task_count: 11 })) }),
      'GET /api/device/checkAllStatusesForModemUpdateProcess': ok(all),
      'POST /api/device/checkStatusModemUpdateProcess': ok({ items: [A, B].map((imei, i) => ({ imei, device_id: i + 1, process: proc(imei, i + 1) })) }),
      'POST /api/device/stopModemUpdateProcess': ok({ stopped: 2, items: [A, B].map((imei, i) => ({ imei, outcome: 'stopped', modem_id: i + 1 })) }),
      'GET /api/modem/reset': ok(proc(A, 1)),
      'GET /api/modem/progress': ok({
        process: proc(A, 1),
        tasks: [{ task_id: 1, key: 'updateSettings', kind: 'settings', state: 'done' }, { task_id: 2, key: 'sendStartSsp', kind: 'send', state: 'done' }, { task_id: 3, key: 'checkStartSsp', kind: 'check', state: 'current' }],
        history: [{ task_id: 2, task: 'sendStartSsp', outcome: 'sent', reason: null, sms_id: 9, created: '2026-01-01T08:01:00.000Z' }],
        saved_settings: [{ setting_no: 1, previous: null }],
        settings_restored_at: null,
        dup_files: null,
      }),
    });
    const { user } = renderApp('/admin/modem/update', { session: {} });
    await user.type(await screen.findByTestId('modem-imeis'), `${A}, ${B}`);
    await user.click(screen.getByTestId('modem-start'));
    await user.click(await screen.findByTestId('modem-to-progress'));
    await screen.findByTestId('modem-progress-table');
    await user.click(screen.getByTestId('modem-select-all'));
    await user.click(screen.getByTestId('modem-stop'));
    await waitFor(() => expect(api.callsTo('POST', '/api/device/stopModemUpdateProcess')[0]?.body).toEqual({ IMEIs: [A, B] }));
    await user.click(screen.getAllByTestId('modem-details')[0]!);
    const modal = await screen.findByTestId('modem-progress');
    expect(within(modal).getByText(/Check START_SSP/)).toBeTruthy();
    expect(api.callsTo('GET', '/api/modem/progress')[0]!.url.searchParams.get('modem_id')).toBe('1');
    // starting over sends the modem commands again: asked first, sent only once confirmed
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByTestId('modem-reset'));
    expect(within(dialog).getByTestId('modem-reset-confirm').textContent).toContain(A);
    expect(api.callsTo('GET', '/api/modem/reset')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('GET', '/api/modem/reset')).toHaveLength(0);
    await user.click(within(dialog).getByTestId('modem-reset'));
    await user.click(within(dialog).getByRole('button', { name: 'Start over' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/modem/reset')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/modem/reset')[0]!.url.searchParams.get('modem_id')).toBe('1');
  }, 20_000);

  it('lists the devices waiting for their watch on the progress tab, and does not offer to start a DONE update over', async () => {
    const C = '350000000000003';
    const api = mockFetch({
      'GET /api/local/role': role,
      'POST /api/device/initModemUpdateProcess': ok({ started: 1, items: [{ imei: A, outcome: 'started', device_id: 1, modem_id: 1, profile: 'standard', task_count: 11 }] }),
      'GET /api/device/checkAllStatusesForModemUpdateProcess': ok(all),
      'POST /api/device/checkStatusModemUpdateProcess': ok({ items: [{ imei: A, device_id: 1, process: proc(A, 1, { status: 'DONE', task_id: 11, task: 'revertSettings' }) }] }),
      'GET /api/modem/waiting': ok({ items: [proc(C, 7)], total_pages: 1, more: false, page: 0 }),
      'GET /api/modem/progress': ok({ process: proc(A, 1, { status: 'DONE', task_id: 11, task: 'revertSettings' }), tasks: [], history: [], saved_settings: [], settings_restored_at: null, dup_files: null }),
    });
    const { user } = renderApp('/admin/modem/update', { session: {} });
    await user.type(await screen.findByTestId('modem-imeis'), A);
    await user.click(screen.getByTestId('modem-start'));
    await user.click(await screen.findByTestId('modem-to-progress'));
    const waiting = await screen.findByTestId('modem-waiting');
    expect(within(waiting).getByRole('heading', { name: 'Waiting for a reply' })).toBeTruthy();
    expect(await within(waiting).findByText(C)).toBeTruthy();
    expect(api.callsTo('GET', '/api/modem/waiting')[0]!.url.searchParams.get('page')).toBe('0');
    await user.click(within(screen.getByTestId('modem-progress-table')).getByTestId('modem-details'));
    await screen.findByTestId('modem-progress');
    const dialog = screen.getByRole('dialog');
    expect((within(dialog).getByTestId('modem-reset') as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByText('A finished update is not started over')).toBeTruthy();
  }, 20_000);

  it('asks for the waiting list once more when the last device finishes, so a device that just answered leaves it', async () => {
    let polls = 0;
    let answered = false;
    // the status poll that says DONE answers only after the waiting list's own poll of the same moment
    let lists = 0;
    let listPolledAgain!: () => void;
    const secondListPoll = new Promise<void>((r) => (listPolledAgain = r));
    mockFetch({
      'GET /api/local/role': role,
      'POST /api/device/initModemUpdateProcess': ok({ started: 1, items: [{ imei: A, outcome: 'started', device_id: 1, modem_id: 1, profile: 'standard', task_count: 11 }] }),
      'GET /api/device/checkAllStatusesForModemUpdateProcess': ok(all),
      // running at the first poll; done at the second: the watch answered meanwhile
      'POST /api/device/checkStatusModemUpdateProcess': async () => {
        if (++polls === 1) return ok({ items: [{ imei: A, device_id: 1, process: proc(A, 1) }] });
        await secondListPoll;
        answered = true;
        return ok({ items: [{ imei: A, device_id: 1, process: proc(A, 1, { status: 'DONE', task_id: 11, task: 'revertSettings' }) }] });
      },
      'GET /api/modem/waiting': () => {
        if (++lists === 2) listPolledAgain();
        return ok({ items: answered ? [] : [proc(A, 1)], total_pages: 1, more: false, page: 0 });
      },
    });
    const { user } = renderApp('/admin/modem/update', { session: {} });
    await user.type(await screen.findByTestId('modem-imeis'), A);
    await user.click(screen.getByTestId('modem-start'));
    await user.click(await screen.findByTestId('modem-to-progress'));
    const waiting = await screen.findByTestId('modem-waiting');
    expect(await within(waiting).findByText(A)).toBeTruthy();
    // the update finishes: polling stops, and the list is asked for once more
    await waitFor(() => expect(screen.getByTestId('modem-progress-table').querySelector('[data-status="DONE"]')).toBeTruthy(), { timeout: 6000 });
    await waitFor(() => expect(within(screen.getByTestId('modem-waiting')).queryByText(A)).toBeNull(), { timeout: 6000 });
  }, 20_000);

  it('refuses entries that are not IMEIs before calling the api', async () => {
    const api = mockFetch({ 'GET /api/local/role': role });
    const { user } = renderApp('/admin/modem/update', { session: {} });
    await user.type(await screen.findByTestId('modem-imeis'), '12345');
    await user.click(screen.getByTestId('modem-start'));
    expect((await screen.findByText('Not an IMEI of 15 digits: 12345')).className).toBe('field__error');
    expect(screen.getByTestId('modem-imeis').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/api/device/initModemUpdateProcess')).toHaveLength(0);
  });

  it("marks the api's refusal of an entry at the IMEIs", async () => {
    mockFetch({
      'GET /api/local/role': role,
      'POST /api/device/initModemUpdateProcess': {
        status: 400,
        body: { error: 'Validation failed.', code: 'VALIDATION_FAILED', errors: [{ field: 'IMEIs.1', code: 'text', params: { text: 'No device starts' }, message: 'No device starts' }] },
      },
    });
    const { user } = renderApp('/admin/modem/update', { session: {} });
    await user.type(await screen.findByTestId('modem-imeis'), `${A}, ${B}`);
    await user.click(screen.getByTestId('modem-start'));
    const said = await screen.findAllByText('No device starts');
    expect(said.some((e) => e.className === 'field__error')).toBe(true);
    expect(screen.getByRole('tab', { name: /IMEIs/ }).getAttribute('aria-selected')).toBe('true');
  });
});
