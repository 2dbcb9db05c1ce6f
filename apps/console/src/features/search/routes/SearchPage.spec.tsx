import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALL_ROLES, type DeviceSearchItem, type RoleId } from '@tracker/contract';
import { mockFetch, ok, renderApp } from '../../../test/render';
import { pageWindow } from '../../../components/Pager';

const item = (n: number, over: Partial<DeviceSearchItem> = {}): DeviceSearchItem => ({
  device_id: 100 + n,
  imei: `35693803564380${n}`,
  imsi: `26201123456789${n}`,
  gsm_number: `+4917012345${n}`,
  device_type: 2,
  device_type_name: 'Watch',
  device_status: 2,
  child_first_name: 'Mia',
  child_last_name: `Kind${n}`,
  owner_id: 500 + n,
  owner_email: `owner${n}@example.com`,
  owner_first_name: 'Anna',
  owner_last_name: `Owner${n}`,
  white_label: 'Acme',
  ...over,
});

const role = ok({ username: 'anna.admin', role: 1, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' });

function searchApi(pages: Record<number, { items: DeviceSearchItem[]; total_pages: number; more?: boolean }>) {
  return mockFetch({
    'GET /api/local/role': role,
    'GET /api/device/search': ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      const p = pages[page] ?? { items: [], total_pages: 0 };
      return ok({ items: p.items, total_pages: p.total_pages, more: p.more ?? false, page });
    },
  });
}

describe('dashboard search', () => {
  it('keeps Search disabled while the query is empty and sends nothing', async () => {
    const api = searchApi({});
    const { user } = renderApp('/dashboard/search', { session: {} });
    const button = await screen.findByRole('button', { name: 'Search' });
    expect((button as HTMLButtonElement).disabled).toBe(true);

    const query = screen.getByLabelText('Search for');
    await user.type(query, '   ');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.type(query, '{Enter}');
    await user.type(query, '3569');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(api.callsTo('GET', '/api/device/search')).toHaveLength(0);
  });

  it('renders the results and the pager from the api, with the search in the URL', async () => {
    const api = searchApi({ 0: { items: [item(1), item(2, { device_status: 0, device_id: null, imei: null })], total_pages: 3 } });
    const { user, router } = renderApp('/dashboard/search', { session: {} });

    await user.selectOptions(await screen.findByLabelText('Search by'), 'Email');
    await user.type(screen.getByLabelText('Search for'), ' owner@example.com ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const table = await screen.findByTestId('search-results');
    const rows = within(table).getAllByTestId('search-result');
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    expect(within(first).getByTestId('device-link').getAttribute('href')).toBe('/device/101');
    expect(within(first).getByTestId('owner-link').getAttribute('href')).toBe('/owner/501');
    expect(within(first).getByText('Active')).toBeTruthy();
    expect(within(first).getByText('Mia Kind1')).toBeTruthy();
    expect(within(first).getByText('Anna Owner1')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('device-link')).toBeNull();
    expect(within(rows[1]!).getByText('Unassigned')).toBeTruthy();
    for (const h of ['IMEI', 'IMSI', 'Phone number', 'Child name', 'Owner e-mail', 'Owner name', 'Type', 'Status']) {
      expect(within(table).getByRole('columnheader', { name: h })).toBeTruthy();
    }

    const call = api.callsTo('GET', '/api/device/search')[0]!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ query: 'owner@example.com', filter: 'email', count: '25', page: '0' });
    expect(call.headers.get('authorization')).toBe('Bearer test-token');
    expect(router.state.location.search).toBe('?filter=email&query=owner%40example.com');

    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getAllByRole('button', { name: /^Page \d$/ })).toHaveLength(3);
    expect(within(pager).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect((within(pager).getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  it('asks the api for page=1 when page 2 is clicked, and back/forward follow the URL', async () => {
    const api = searchApi({
      0: { items: [item(1)], total_pages: 2 },
      1: { items: [item(7)], total_pages: 2 },
    });
    const { user, router } = renderApp('/dashboard/search?filter=imei&query=3569', { session: {} });
    await screen.findByTestId('search-results');
    expect((screen.getByLabelText('Search for') as HTMLInputElement).value).toBe('3569');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByText('Mia Kind7')).toBeTruthy());
    const pages = api.callsTo('GET', '/api/device/search').map((c) => c.url.searchParams.get('page'));
    expect(pages).toEqual(['0', '1']);
    expect(router.state.location.search).toBe('?filter=imei&query=3569&page=1');
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    await router.navigate(-1);
    await waitFor(() => expect(screen.getByText('Mia Kind1')).toBeTruthy());
  });

  it('shows a "more" hint when the count stopped early and lets the user go on', async () => {
    searchApi({ 0: { items: [item(1)], total_pages: 4, more: true } });
    renderApp('/dashboard/search?filter=user_name&query=anna', { session: {} });
    const pager = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByText('More pages')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('Page 1 of more than 4')).toBeTruthy();
  });

  it('says "No results" when nothing matches', async () => {
    searchApi({ 0: { items: [], total_pages: 0 } });
    renderApp('/dashboard/search?filter=imsi&query=999', { session: {} });
    expect(await screen.findByText('No results')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('shows an error state and a toast when the search fails', async () => {
    mockFetch({
      'GET /api/local/role': role,
      'GET /api/device/search': { status: 400, body: { error: 'The request is invalid.', code: 'VALIDATION_FAILED', errors: [{ field: 'query', message: 'Too long' }, { field: 'page', message: 'Too big' }] } },
    });
    renderApp('/dashboard/search?filter=imei&query=1', { session: {} });
    expect(await screen.findByText('The search failed.')).toBeTruthy();
    const toast = await screen.findByTestId('toast-error');
    expect(toast.querySelector('.toast__message')!.textContent).toBe('Too long\nToo big');
  });

  it('offers the add-user button only to roles that may add owners', async () => {
    searchApi({});
    renderApp('/dashboard/search', { session: { role: 11 } });
    await screen.findByRole('heading', { name: 'Search' });
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
  });
});

describe('device links per role (§6: roles 9 and 10 may not open the device main page)', () => {
  const expected: Record<RoleId, string> = {
    1: '/device/101',
    9: '/device/101/information/imsi',
    10: '/device/101/information/imsi',
    11: '/device/101',
    12: '/device/101',
    13: '/device/101',
    14: '/device/101',
    15: '/device/101',
  };
  for (const r of ALL_ROLES) {
    it(`role ${r} is linked to ${expected[r]}`, async () => {
      mockFetch({
        'GET /api/local/role': ok({ username: 'someone', role: r, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' }),
        'GET /api/device/search': ok({ items: [item(1)], total_pages: 1, more: false, page: 0 }),
      });
      renderApp('/dashboard/search?filter=imei&query=3569', { session: { role: r } });
      const link = await screen.findByTestId('device-link');
      expect(link.getAttribute('href')).toBe(expected[r]);
    });
  }

  it('role 9 clicking a result lands on the information tab, not on the 401 message', async () => {
    const detail = {
      id: 101, name_id: null, imei_id: null, imei: '356938035643801', imsi: '262011234567891', gsm_number: null,
      device_type_id: 1, device_type_name: 'Watch', first_name: 'Mia', last_name: 'Kind', birth_date: null, height: null,
      weight: null, gender: null, initialized: true, device_status: 2, enabled: true, is_test: false, owner_id: null,
      owner_email: null, owner_first_name: null, owner_last_name: null, white_label: null, sim_id: null, sim_status: null,
      sim_iccid: null, operator_name: null, firmware: null, activation_code: null, factory_device_id: null,
      created: '2026-01-01T00:00:00.000Z', last_seen_at: null, battery: null,
    };
    mockFetch({
      'GET /api/local/role': ok({ username: 'tier1', role: 9, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' }),
      'GET /api/device/search': ok({ items: [item(1)], total_pages: 1, more: false, page: 0 }),
      'GET /api/device/information/imsi': ok(detail),
      'GET /api/device/factory_details': ok(null),
    });
    const { user, router } = renderApp('/dashboard/search?filter=imei&query=3569', { session: { role: 9 } });
    await user.click(await screen.findByTestId('device-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/device/101/information/imsi'));
    await screen.findByRole('heading', { level: 2, name: 'Information (IMSI)' });
    expect(screen.queryByTestId('forbidden')).toBeNull();
  });
});

describe('pager window', () => {
  it('shows at most five pages around the current one', () => {
    expect(pageWindow(0, 12)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(11, 12)).toEqual([7, 8, 9, 10, 11]);
    expect(pageWindow(1, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(0, 0)).toEqual([]);
  });
});
