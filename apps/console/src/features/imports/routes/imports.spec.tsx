import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_COLUMNS, IMPORT_KINDS, POLLING_MS, VALUE_RULES, type ImportItem } from '@tracker/contract';
import { i18n } from '../../../lib/i18n';
import { BUNDLES } from '../../../locales/bundles';
import { mockFetch, ok, renderApp } from '../../../test/render';
import { formatDate } from '../../../lib/dates';
import { setTimeZone } from '../../../lib/time-zone';

afterEach(() => {
  vi.useRealTimers();
});

const roleOf = (role: number) => ok({ username: 'u', role, operators: [4], white_labels: [1], types: [-1], preferedLanguage: 'en' });

const item = (over: Partial<ImportItem>): ImportItem => ({
  id: 1,
  kind: 'SIM',
  file_name: 'sims.csv',
  count: 10,
  imported: 8,
  failed: 2,
  status: 'FINISHED',
  progress: 100,
  error: null,
  error_code: null,
  error_params: null,
  result: null,
  created: '2026-11-23T09:00:00.000Z',
  finished_at: '2026-11-23T09:00:05.000Z',
  created_by: 'admin',
  has_file: true,
  ...over,
});

const lists = {
  'GET /api/import/servers': ok([{ id: 1, name: 'Local FTP', host: '127.0.0.1' }]),
  'GET /api/voipcentral/list': ok([{ id: 1, name: 'VoIP central Berlin', phone: '+493012345670', created: '2026-01-01T00:00:00.000Z' }]),
  'GET /api/device/types': ok([{ id: 1, name: 'Watch' }]),
  'GET /api/whitelabel/deployments/list': ok([{ id: 1, name: 'EU', white_label_id: 1 }]),
};

describe('import screens', () => {
  it('lists imports with progress and status, and shows the errors of one', async () => {
    const fetch = mockFetch({
      'GET /api/local/role': roleOf(1),
      ...lists,
      'GET /api/import/list': ok({
        items: [item({}), item({ id: 2, file_name: 'running.csv', status: 'RUNNING', progress: 42, failed: 0, imported: 0 })],
        total_pages: 1,
        total: 2,
        page: 0,
      }),
      'GET /api/import/errors': ok({
        items: [
          { line: 3, column: 'imsi', value: '12', reason: 'IMSI must have 15 digits', reason_code: 'invalidImsi', reason_params: null },
          { line: 5, column: 'imsi', value: '262011234567890', reason: 'Duplicate entry', reason_code: 'duplicate', reason_params: null },
          { line: 6, column: 'imsi', value: '262011234567890', reason: 'Duplicate entry: same as line 5', reason_code: 'duplicateOfLine', reason_params: { line: 5 } },
        ],
        total: 2,
        total_pages: 1,
        page: 0,
      }),
    });
    const { user } = renderApp('/admin/upload', { session: { role: 1 } });
    const rows = await screen.findAllByTestId('import-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
    expect(within(rows[1]!).getByText('Running')).toBeTruthy();
    // §2: imported over count as a percent, beside the worker's progress (8 of 10 imported, bar at 100 %)
    expect(within(rows[0]!).getByTestId('import-imported-percent').textContent).toContain('80');
    expect(within(rows[0]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(await within(screen.getByTestId('voip-centrals')).findByText('VoIP central Berlin')).toBeTruthy();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Errors (2)' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('IMSI must have 15 digits')).toBeTruthy();
    expect(within(dialog).getByText('Duplicate entry')).toBeTruthy();
    expect(within(dialog).getByText('Duplicate entry: same as line 5')).toBeTruthy();
    expect(fetch.callsTo('GET', '/api/import/errors')[0]!.url.searchParams.get('id')).toBe('1');
  });

  it('factory device: a refused record shows the first entry of the errors list (§8)', async () => {
    mockFetch({
      'GET /api/local/role': roleOf(1),
      ...lists,
      'POST /api/import/factoryDevice': {
        status: 409,
        body: { error: 'Duplicate entry', code: 'DUPLICATE', errors: [{ field: 'imei', code: 'duplicate', message: 'Duplicate entry' }, { field: 'x', code: 'text', params: { text: 'second' }, message: 'second' }] },
      },
    });
    const { user } = renderApp('/admin/import/factorydevice', { session: { role: 1 } });
    await user.type(await screen.findByLabelText('IMEI'), '351234567890123');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Duplicate entry');
    expect(alert.textContent).not.toContain('second');
  });

  it('checks a record in the browser before sending it', async () => {
    const fetch = mockFetch({ 'GET /api/local/role': roleOf(1), ...lists });
    const { user } = renderApp('/admin/import/sim', { session: { role: 1 } });
    await user.type(await screen.findByLabelText('IMSI'), '123');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('IMSI must have 15 digits')).toBeTruthy();
    expect(fetch.callsTo('POST', '/api/import/sim')).toHaveLength(0);
  });

  it('says when the import list cannot be loaded, and loads it again on request', async () => {
    let fail = true;
    mockFetch({
      'GET /api/local/role': roleOf(1),
      ...lists,
      'GET /api/import/list': () =>
        fail ? { status: 500, body: { error: 'Internal error.', code: 'INTERNAL' } } : ok({ items: [item({})], total_pages: 1, total: 1, page: 0 }),
    });
    const { user } = renderApp('/admin/upload', { session: { role: 1 } });
    expect(await screen.findByText('The imports could not be loaded.')).toBeTruthy();
    expect(screen.queryByText('No imports.')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('import-row')).toHaveLength(1);
  });

  it('refreshes the import list 5 s after an upload (§4)', async () => {
    // the page's own timer on a fake clock (advanced by hand; it also follows real time, so the user's typing runs)
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const REFRESH = POLLING_MS.importListRefreshAfterUpload;
    let uploaded = 0;
    const listAt: number[] = [];
    mockFetch({
      'GET /api/local/role': roleOf(1),
      ...lists,
      'GET /api/import/list': () => {
        listAt.push(Date.now());
        return ok({ items: [item({})], total_pages: 1, total: 1, page: 0 });
      },
      'POST /api/import/upload': () => {
        // the refresh timer starts when the answer arrives, after this: the interval measured from here is never shorter
        uploaded = Date.now();
        return ok({ id: 7, status: 'QUEUED' });
      },
    });
    const { user } = renderApp('/admin/upload', { session: { role: 1 } });
    await screen.findAllByTestId('import-row');
    await user.upload(screen.getByLabelText('File'), new File(['imsi\n262011234567890\n'], 'sims.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('sims.csv was uploaded and is being imported (import 7).')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(REFRESH);
    await waitFor(() => expect(listAt.filter((t) => t - uploaded >= REFRESH)).toHaveLength(1));
    // besides the upload's own refresh as it is answered, nothing came before the 5 s were up
    expect(listAt.filter((t) => t - uploaded > 1000 && t - uploaded < REFRESH)).toEqual([]);
  });

  it('mass import: reports the IMEIs found in the file and now in the database (§8); a refused upload says it was not uploaded', async () => {
    let refuse = false;
    const fetch = mockFetch({
      'GET /api/local/role': roleOf(1),
      ...lists,
      'POST /api/import/upload/mass': () =>
        refuse
          ? { status: 400, body: { error: 'Validation failed.', code: 'VALIDATION_FAILED', errors: [{ field: 'device_type_id', code: 'unknownDeviceType', message: 'Unknown device type' }] } }
          : ok({ id: 9, status: 'QUEUED' }),
      'GET /api/import/list': ok({
        items: [item({ id: 9, kind: 'MASS', file_name: 'imeis.csv', count: 5, imported: 2, failed: 3, result: { found: 3, in_database: 3 } })],
        total_pages: 1,
        total: 1,
        page: 0,
      }),
    });
    const { user } = renderApp('/admin/import/mass', { session: { role: 1 } });
    await user.selectOptions(await screen.findByLabelText('Device type'), await screen.findByRole('option', { name: 'Watch' }));
    await user.upload(screen.getByLabelText('File'), new File(['351234567890123\n'], 'imeis.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const last = await screen.findByTestId('last-upload');
    await waitFor(() => expect(last.textContent).toContain('3 IMEIs found in the file, 3 now in the database.'));
    // the screen follows its import by id (others' uploads may push it off the first page)
    expect(fetch.callsTo('GET', '/api/import/list').at(-1)!.url.searchParams.get('id')).toBe('9');

    refuse = true;
    await user.upload(screen.getByLabelText('File'), new File(['351234567890123\n'], 'imeis.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The file was not uploaded.');
    expect(alert.textContent).toContain('Unknown device type');
    // and the refused field is marked
    expect(screen.getByLabelText('Device type').getAttribute('aria-invalid')).toBe('true');
  });

  it('upload forms check before sending: the file and the type at their fields', async () => {
    const fetch = mockFetch({ 'GET /api/local/role': roleOf(1), ...lists });
    const { user } = renderApp('/admin/import/mass', { session: { role: 1 } });
    await screen.findByRole('option', { name: 'Watch' });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByText('Choose a CSV file first.')).className).toBe('field__error');
    expect(screen.getByText('Choose a device type first.').className).toBe('field__error');
    expect(screen.getByLabelText('File', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await user.upload(screen.getByLabelText('File', { exact: true }), new File(['351234567890123\n'], 'imeis.csv', { type: 'text/csv' }));
    expect(screen.queryByText('Choose a CSV file first.')).toBeNull();
    expect(fetch.callsTo('POST', '/api/import/upload/mass')).toHaveLength(0);
  });

  it('the help file upload says a missing file at the field, and a refused file there too', async () => {
    const fetch = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/import/upload/help': ok(null),
      'POST /api/import/upload/help': {
        status: 400,
        body: { error: 'Validation failed.', code: 'VALIDATION_FAILED', errors: [{ field: 'file', code: 'text', params: { text: 'Not a PDF' }, message: 'Not a PDF' }] },
      },
    });
    const { user } = renderApp('/admin/help/upload', { session: { role: 1 } });
    const input = await screen.findByLabelText('File', { exact: true });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByText('Choose a CSV file first.')).className).toBe('field__error');
    expect(fetch.callsTo('POST', '/api/import/upload/help')).toHaveLength(0);
    await user.upload(input, new File(['x'], 'help.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const said = await screen.findAllByText('Not a PDF', { exact: false });
    expect(said.some((e) => e.className === 'field__error')).toBe(true);
    expect((await screen.findByRole('alert')).textContent).toContain('The file was not uploaded.');
  });

  it('says an empty required field is required', async () => {
    mockFetch({ 'GET /api/local/role': roleOf(1), ...lists });
    const { user } = renderApp('/admin/import/sim', { session: { role: 1 } });
    await screen.findByLabelText('IMSI');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('IMSI is required')).toBeTruthy();
  });

  it('has the column help and the value messages in every language', () => {
    for (const lang of ['en', 'de', 'es'] as const) {
      const bundle = BUNDLES[lang] as { imports: { columnHelp: Record<string, Record<string, string>> }; reasons: Record<string, string> };
      const tree = bundle.imports;
      for (const kind of IMPORT_KINDS) for (const c of IMPORT_COLUMNS[kind]) expect(tree.columnHelp[kind]?.[c.name], `${lang} ${kind}.${c.name}`).toBeTruthy();
      for (const rule of Object.values(VALUE_RULES)) expect(bundle.reasons[rule.reason.code], `${lang} reasons.${rule.reason.code}`).toBeTruthy();
    }
  });

  it('speaks German on the import screens: column help, value messages and error reasons', async () => {
    mockFetch({
      'GET /api/local/role': roleOf(1),
      ...lists,
      'GET /api/import/list': ok({
        items: [item({ error: 'Columns ignored (not columns of this kind): notes', error_code: 'ignoredColumns', error_params: { columns: 'notes' } })],
        total_pages: 1,
        total: 1,
        page: 0,
      }),
      'GET /api/import/errors': ok({
        items: [
          { line: 3, column: 'imsi', value: '12', reason: 'IMSI must have 15 digits', reason_code: 'invalidImsi', reason_params: null },
          { line: 4, column: 'imsi', value: null, reason: 'imsi is required', reason_code: 'required', reason_params: { field: 'imsi' } },
        ],
        total: 2,
        total_pages: 1,
        page: 0,
      }),
    });
    await i18n.changeLanguage('de');
    const { user, unmount } = renderApp('/admin/import/sim', { session: { role: 1, preferedLanguage: 'de' } });
    expect(await screen.findByText('IMSI, 15 Ziffern')).toBeTruthy();
    expect(screen.queryByText('IMSI, 15 digits')).toBeNull();
    await user.type(screen.getByLabelText('IMSI'), '123');
    await user.click(screen.getByRole('button', { name: 'Importieren' }));
    expect(await screen.findByText('Die IMSI muss 15 Ziffern haben')).toBeTruthy();
    unmount();

    const list = renderApp('/admin/upload', { session: { role: 1, preferedLanguage: 'de' } });
    const rows = await screen.findAllByTestId('import-row');
    expect(within(rows[0]!).getByText('Ignorierte Spalten (keine Spalten dieser Art): notes')).toBeTruthy();
    await list.user.click(within(rows[0]!).getByRole('button', { name: /Fehler \(2\)/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Die IMSI muss 15 Ziffern haben')).toBeTruthy();
    expect(within(dialog).getByText('IMSI ist erforderlich')).toBeTruthy();
  });

  it('a report that cannot be generated is said in a toast (no unhandled failure)', async () => {
    mockFetch({
      'GET /api/local/role': roleOf(1),
      ...lists,
      'GET /api/import/list': ok({ items: [item({})], total_pages: 1, total: 1, page: 0 }),
      'GET /api/csv/generate/import': { status: 404, body: { error: 'Import not found.', code: 'IMPORT_NOT_FOUND' } },
    });
    const { user } = renderApp('/admin/upload', { session: { role: 1 } });
    const rows = await screen.findAllByTestId('import-row');
    await user.click(within(rows[0]!).getByRole('button', { name: 'Download CSV with errors' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Import not found.');
  });

  it('is closed to roles other than 1', async () => {
    mockFetch({ 'GET /api/local/role': roleOf(9) });
    renderApp('/admin/upload', { session: { role: 9 } });
    await waitFor(() => expect(screen.getByTestId('forbidden').textContent).toBe('401, You are not authorised to view this section'));
  });
});

describe('import list day filter (issue 8 item 17)', () => {
  it('sends the chosen time zone with the day, so the day is cut where the list shows its times', async () => {
    setTimeZone('Asia/Tokyo');
    const fetch = mockFetch({
      'GET /api/local/role': roleOf(1),
      ...lists,
      // 2026-11-23 20:30 UTC is 2026-11-24 05:30 in Tokyo: listed and filtered as the 24th there
      'GET /api/import/list': ok({ items: [item({ created: '2026-11-23T20:30:00.000Z' })], total_pages: 1, total: 1, page: 0 }),
    });
    const { user } = renderApp('/admin/upload', { session: { role: 1 } });
    const row = (await screen.findAllByTestId('import-row'))[0]!;
    expect(row.textContent).toContain('2026-11-24 05:30:00');
    const day = screen.getByLabelText('Uploaded on') as HTMLInputElement;
    expect(day.max).toBe(formatDate(new Date(), 'Asia/Tokyo'));
    await user.type(day, '2026-11-24');
    await waitFor(() => {
      const last = fetch.callsTo('GET', '/api/import/list').at(-1)!;
      expect(Object.fromEntries(last.url.searchParams)).toEqual({ page: '0', date: '2026-11-24', tz: 'Asia/Tokyo' });
    });
    // without a day no zone is needed
    expect(Object.fromEntries(fetch.callsTo('GET', '/api/import/list')[0]!.url.searchParams)).toEqual({ page: '0' });
  });
});
