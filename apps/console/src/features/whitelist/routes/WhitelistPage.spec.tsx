import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WhitelistItem } from '@tracker/contract';
import { mockFetch, ok, renderApp } from '../../../test/render';

const entry = (n: number, over: Partial<WhitelistItem> = {}): WhitelistItem => ({
  id: n,
  number: `+49800${String(n).padStart(6, '0')}`,
  is_allowed: true,
  comment: null,
  created: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
});
const role = ok({ username: 'anna.admin', role: 1, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' });

function whitelistApi(save: Parameters<typeof mockFetch>[0][string] = ok(entry(99, { number: '+493012345678' }))) {
  return mockFetch({
    'GET /api/local/role': role,
    'GET /api/sms/gsmSearch': ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      const items = page === 0 ? Array.from({ length: 25 }, (_, i) => entry(i + 1, i === 1 ? { is_allowed: false, comment: 'Blocked: spam' } : {})) : [entry(26)];
      return ok({ items, total_pages: 2, more: false, page });
    },
    'POST /api/updateWhiteListNumber': save,
  });
}

describe('/carrier-whitelist/search', () => {
  it('lists 25 numbers a page with the Pager and searches by number', async () => {
    const api = whitelistApi();
    const { user, router } = renderApp('/carrier-whitelist/search', { session: {} });
    const rows = within(await screen.findByTestId('whitelist-results')).getAllByTestId('whitelist-row');
    expect(rows).toHaveLength(25);
    expect(within(rows[1]!).getByText('Blocked')).toBeTruthy();
    expect(within(rows[1]!).getByText('Blocked: spam')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(screen.getByTestId('whitelist-results')).getAllByTestId('whitelist-row')).toHaveLength(1));

    await user.type(screen.getByLabelText('GSM number'), '+49 800');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?query=%2B49+800'));
    expect(Object.fromEntries(api.callsTo('GET', '/api/sms/gsmSearch').at(-1)!.url.searchParams)).toEqual({ query: '+49 800', page: '0', count: '25', sort: 'number', dir: 'asc' });
  });

  it('sorts on the server: a header click asks for that column from page 1, a second click turns it around', async () => {
    const api = whitelistApi();
    const { user, router } = renderApp('/carrier-whitelist/search?page=1', { session: {} });
    const table = await screen.findByTestId('whitelist-results');
    const header = (name: string) => within(table).getByRole('columnheader', { name: new RegExp(name) });
    expect(header('^Number').getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(header('Changed')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=updated_at&dir=asc'));
    await waitFor(() => expect(header('Changed').getAttribute('aria-sort')).toBe('ascending'));
    expect(header('^Number').getAttribute('aria-sort')).toBeNull();
    const last = () => Object.fromEntries(api.callsTo('GET', '/api/sms/gsmSearch').at(-1)!.url.searchParams);
    expect(last()).toMatchObject({ page: '0', sort: 'updated_at', dir: 'asc' });
    // keyboard: the header's button takes Enter
    within(header('Changed')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=updated_at&dir=desc'));
    expect(last()).toMatchObject({ sort: 'updated_at', dir: 'desc' });
    // a URL naming a column the api does not sort by shows the default order
    await router.navigate('/carrier-whitelist/search?sort=id&dir=desc');
    await waitFor(() => expect(header('^Number').getAttribute('aria-sort')).toBe('ascending'));
  });

  it('adds a number in E.164, refusing one that cannot be, before sending', async () => {
    const api = whitelistApi();
    const { user } = renderApp('/carrier-whitelist/search', { session: {} });
    await user.click(await screen.findByRole('button', { name: 'Add number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add whitelist number' });
    await user.type(within(dialog).getByLabelText('Number'), '12ab');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Enter the number in international form/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/updateWhiteListNumber')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Number'));
    await user.type(within(dialog).getByLabelText('Number'), '0049 30 1234 5678');
    await user.click(within(dialog).getByLabelText('Allowed'));
    await user.type(within(dialog).getByLabelText('Comment'), 'School');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/api/updateWhiteListNumber')[0]!.body).toEqual({ number: '+493012345678', is_allowed: false, comment: 'School' });
    expect((await screen.findByTestId('toast-success')).textContent).toContain('+493012345678 added.');
  });

  it('edits a number with its id and marks the number a 409 says is taken', async () => {
    const api = whitelistApi({
      status: 409,
      body: { error: 'Duplicate entry', code: 'DUPLICATE', errors: [{ field: 'number', code: 'duplicate', message: 'Duplicate entry' }] },
    });
    const { user } = renderApp('/carrier-whitelist/search', { session: {} });
    await user.click(await screen.findByRole('button', { name: 'Edit +49800000002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit whitelist number' });
    expect((within(dialog).getByLabelText('Number') as HTMLInputElement).value).toBe('+49800000002');
    expect((within(dialog).getByLabelText('Allowed') as HTMLInputElement).checked).toBe(false);
    expect((within(dialog).getByLabelText('Comment') as HTMLInputElement).value).toBe('Blocked: spam');
    await user.click(within(dialog).getByLabelText('Allowed'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Duplicate entry', { selector: '.field__error' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/updateWhiteListNumber')[0]!.body).toEqual({ id: 2, number: '+49800000002', is_allowed: true, comment: 'Blocked: spam' });
  });
});
