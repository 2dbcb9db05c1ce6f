import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok, renderApp } from '../../../test/render';

const user = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  username: `staff-${id}`,
  email: null,
  role: 13,
  enabled: true,
  operators: [],
  types: [2],
  white_labels: [],
  created: '2026-11-01T10:00:00.000Z',
  ...over,
});

function usersApi() {
  return mockFetch({
    'GET /api/local/role': ok({ username: 'partnera-manager', role: 12, operators: [5], white_labels: [3], types: [2], preferedLanguage: 'en' }),
    'GET /api/local/list': ok([user(1, { username: 'partnera-manager', role: 12 }), user(2)]),
    'GET /api/import/roles': ok([{ id: 12, name: 'Partner-A-Manager' }, { id: 13, name: 'Partner-A-Tier1' }]),
    'GET /api/device/types': ok([{ id: 2, name: 'Band' }]),
    'GET /api/operator/list': ok([]),
    'GET /api/whitelabel/list': ok([{ id: 3, name: 'Partner A' }]),
    'POST /api/local/add': ok(user(3, { username: 'new.tier1' })),
  });
}

describe('/admin/users/list', () => {
  it("lists the partner's users and adds one of its own type after the §5 password checks", async () => {
    const api = usersApi();
    const { user: u } = renderApp('/admin/users/list', { session: { role: 12 } });
    const rows = within(await screen.findByTestId('users')).getAllByTestId('users-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('Partner-A-Tier1')).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await u.type(within(dialog).getByLabelText('Username'), 'new.tier1');
    await u.type(within(dialog).getByLabelText('Password'), 'Good-pass-1');
    await u.type(within(dialog).getByLabelText('Repeat password'), 'Good-pass-2');
    await u.selectOptions(within(dialog).getByLabelText('Role'), '13');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Password dont match!')).toBeTruthy();
    expect(api.callsTo('POST', '/api/local/add')).toHaveLength(0);

    await u.clear(within(dialog).getByLabelText('Repeat password'));
    await u.type(within(dialog).getByLabelText('Repeat password'), 'Good-pass-1');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/local/add')).toHaveLength(1));
    const sent = api.callsTo('POST', '/api/local/add')[0]!.body;
    expect(sent).toMatchObject({ username: 'new.tier1', role: 13, types: [2], password: 'Good-pass-1', repeat: 'Good-pass-1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
