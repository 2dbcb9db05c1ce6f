import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FirmwareBinaryItem, FirmwareRequestItem } from '@tracker/contract';
import { mockFetch, ok, renderApp } from '../../../test/render';
import { FIRMWARE_POLL_MS } from '../api/firmware-api';

afterEach(() => {
  vi.useRealTimers();
});

const roleOf = (role: number) => ok({ username: 'u', role, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' });
const BINARY: FirmwareBinaryItem = {
  id: 7, name: 'Watch firmware', version: 'W2.0.0', device_type_id: 1, device_type: 'Watch', ftp_server_id: 1, ftp_server: 'Local', file_name: 'w.bin',
  path: '/firmware/0a1b2c3d.bin', size_bytes: 1024, sha256: 'ab'.repeat(32), created: '2026-11-20T10:00:00.000Z', created_by: 'admin',
};
const request = (over: Partial<FirmwareRequestItem> = {}): FirmwareRequestItem => ({
  id: 5, status: 0, state: 'running', fup_upload_id: 7, binary_name: 'Watch firmware W2.0.0', device_type: 'Watch', upload_type: 1, for_version: 'W1.4.2',
  comment: null, expired_at: '2026-12-20T10:00:00.000Z', extend: [], newVersion: 'W2.0.0', wave_size: 10, error_threshold: 20, timeout_minutes: 30,
  current_wave: 1, wave_count: 3, total: 25, counts: { processing: 5, downloading: 5, finished: 10, failed: 0, cancelled: 0 }, halt: null,
  created: '2026-11-26T10:00:00.000Z', created_by: 'admin', ended_at: null, ...over,
});
const base = {
  'GET /api/local/role': roleOf(1),
  'GET /api/firmware/getFTP': ok([{ id: 1, name: 'Local', host: '127.0.0.1', port: 2121, base_path: '/firmware' }]),
  'GET /api/device/types': ok([{ id: 1, name: 'Watch' }]),
  'GET /api/firmware/getUploads': ok([BINARY]),
};

describe('firmware upload (/admin/fup/upload)', () => {
  it('says the first missing field of FTP server, type, file, name and version (§5) and sends nothing', async () => {
    const api = mockFetch(base);
    const { user } = renderApp('/admin/fup/upload', { session: { role: 1 } });
    await screen.findByRole('option', { name: 'Local (127.0.0.1:2121)' });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getAllByText('Choose an FTP server').length).toBeGreaterThan(0);
    await user.selectOptions(screen.getByLabelText('FTP server'), '1');
    await user.selectOptions(screen.getByLabelText('Type'), '1');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getAllByText('Choose a file').length).toBeGreaterThan(0);
    await user.upload(screen.getByLabelText('File'), new File(['x'], 'w.bin'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getAllByText('Enter a name').length).toBeGreaterThan(0);
    // the first missing one only, at its field
    expect(screen.queryByText('Enter a version')).toBeNull();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/api/firmware/upload')).toHaveLength(0);
  });

  it("marks the api's refusal of a field at the field, and toasts it", async () => {
    const api = mockFetch({
      ...base,
      'POST /api/firmware/upload': {
        status: 400,
        body: { error: 'Validation failed.', code: 'VALIDATION_FAILED', errors: [{ field: 'version', code: 'text', params: { text: 'Version exists' }, message: 'Version exists' }] },
      },
    });
    const { user } = renderApp('/admin/fup/upload', { session: { role: 1 } });
    await screen.findByRole('option', { name: 'Local (127.0.0.1:2121)' });
    await user.selectOptions(screen.getByLabelText('FTP server'), '1');
    await user.selectOptions(screen.getByLabelText('Type'), '1');
    await user.upload(screen.getByLabelText('File'), new File(['x'], 'w.bin'));
    await user.type(screen.getByLabelText('Name'), 'Watch firmware');
    await user.type(screen.getByLabelText('Version'), 'W2.0.0');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/firmware/upload')).toHaveLength(1));
    const said = await screen.findAllByText('Version exists');
    expect(said.some((e) => e.className === 'field__error')).toBe(true);
    expect(screen.getByLabelText('Version').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('add new binary (/admin/fup/add)', () => {
  it('keeps a custom list to 100 devices (device_limit), then starts the request after the confirmation', async () => {
    const api = mockFetch({ ...base, 'POST /api/firmware/insert': ok({ id: 9, total: 2, wave_count: 1 }), 'GET /api/firmware/getRequests': ok({ items: [], total_pages: 0, more: false, page: 0 }) });
    const { user } = renderApp('/admin/fup/add', { session: { role: 1 } });
    await screen.findByRole('option', { name: /W2\.0\.0/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Binary' }), '7');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByLabelText('Custom list'));
    const list = screen.getByLabelText('Devices (IMEIs)');
    await user.click(list);
    await user.paste(Array.from({ length: 101 }, (_, i) => String(350000000000000 + i)).join(','));
    expect(screen.getByTestId('list-count').textContent).toBe('101 of at most 100 devices');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByText('A custom list holds at most 100 devices').length).toBeGreaterThan(0);
    await user.clear(list);
    await user.paste('35123-4567890123; "351234567890124"');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.clear(screen.getByLabelText('Wave size'));
    await user.type(screen.getByLabelText('Wave size'), '50');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start this rollout?' });
    expect(dialog.textContent).toContain('Custom list (2)');
    expect(api.callsTo('POST', '/api/firmware/insert')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Start rollout' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/firmware/insert')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/firmware/insert')[0]!.body).toMatchObject({
      fup_upload_id: 7, upload_type: 2, extend: ['351234567890123', '351234567890124'], wave_size: 50, error_threshold: 20, timeout_minutes: 30,
    });
  });
});

describe('upgrade requests (/admin/fup/upgrade)', () => {
  it("keeps asking while a halted request's devices still report: the halt reason follows the counts", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const halted = (failed: number, downloading: number) =>
      request({
        id: 4, status: 1, state: 'halted', total: 10,
        counts: { processing: 0, downloading, finished: 10 - failed - downloading, failed, cancelled: 0 },
        halt: { code: 'firmwareHalted', params: { wave: 1, failed, size: 10, threshold: 20 }, message: '' },
      });
    mockFetch({ ...base, 'GET /api/firmware/getRequests': () => ok({ items: [++calls === 1 ? halted(3, 2) : halted(5, 0)], total_pages: 1, more: false, page: 0 }) });
    renderApp('/admin/fup/upgrade', { session: { role: 1 } });
    expect(await screen.findByText('Halted: 3 of 10 devices of wave 1 failed, more than the threshold of 20 %')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(FIRMWARE_POLL_MS);
    expect(await screen.findByText('Halted: 5 of 10 devices of wave 1 failed, more than the threshold of 20 %')).toBeTruthy();
  });


  it('shows progress and the halt reason, and stops a running request after the confirmation', async () => {
    const halted = request({ id: 4, status: 1, state: 'halted', halt: { code: 'firmwareHalted', params: { wave: 1, failed: 3, size: 10, threshold: 20 }, message: '' } });
    const api = mockFetch({ ...base, 'GET /api/firmware/getRequests': ok({ items: [request(), halted], total_pages: 1, more: false, page: 0 }), 'GET /api/firmware/stop': ok(request({ status: 1, state: 'stopped' })) });
    const { user } = renderApp('/admin/fup/upgrade', { session: { role: 1 } });
    await screen.findByTestId('request-row-5');
    expect(screen.getByTestId('counts-5').textContent).toContain('10 of 25 finished, 0 failed, 10 open · wave 1/3');
    expect(screen.getByText('Halted: 3 of 10 devices of wave 1 failed, more than the threshold of 20 %')).toBeTruthy();
    expect(screen.queryByTestId('stop-4')).toBeNull();
    await user.click(screen.getByTestId('stop-5'));
    const dialog = await screen.findByRole('dialog', { name: 'Stop request 5?' });
    expect(api.callsTo('GET', '/api/firmware/stop')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/firmware/stop')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/firmware/stop')[0]!.url.searchParams.get('id')).toBe('5');
  });
});
