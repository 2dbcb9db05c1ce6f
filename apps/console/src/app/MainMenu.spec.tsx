import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok, renderApp } from '../test/render';

function signedInAs(role: number, white_labels: number[]) {
  mockFetch({ 'GET /api/local/role': ok({ username: 'u', role, operators: [], white_labels, types: [-1], preferedLanguage: 'en' }) });
  return renderApp('/dashboard/search', { session: { role: role as 1, white_labels } });
}

const menu = () => screen.getByRole('navigation', { name: 'Main' });
const names = () =>
  within(menu())
    .queryAllByRole('link', { hidden: true })
    .concat(within(menu()).queryAllByRole('button'))
    .map((e) => e.textContent?.replace('▾', '').trim());

describe('header menu (§6)', () => {
  it('role 9 loses SMS, modem, carrier whitelist, geolocation, reports, firmware, device import and global settings', async () => {
    signedInAs(9, [1]);
    await screen.findByRole('navigation', { name: 'Main' });
    expect(names()).toEqual(['Dashboard', 'Statistics']);
    for (const hidden of ['SMS traffic', 'Send SMS', 'Modem update', 'Carrier whitelist', 'Geolocation', 'Reports', 'Daily report', 'Firmware', 'Device import', 'Default settings', 'Admin']) {
      expect(within(menu()).queryByText(hidden)).toBeNull();
    }
  });

  it('hides statistics from a user without white labels', async () => {
    signedInAs(9, []);
    await screen.findByRole('navigation', { name: 'Main' });
    expect(names()).toEqual(['Dashboard']);
  });

  it('shows the administrator everything, with the admin items under a disclosure', async () => {
    const { user } = signedInAs(1, []);
    await screen.findByRole('navigation', { name: 'Main' });
    const admin = within(menu()).getByRole('button', { name: /Admin/ });
    expect(admin.getAttribute('aria-expanded')).toBe('false');
    await user.click(admin);
    expect(admin.getAttribute('aria-expanded')).toBe('true');
    const links = within(menu()).getAllByRole('link').map((a) => a.textContent);
    expect(links).toEqual([
      'Dashboard',
      'Device import',
      'Imports',
      'SMS traffic',
      'Send SMS',
      'Users',
      'Default settings',
      'Translations',
      'Operators',
      'VoIP centrals',
      'SMS gateways',
      'Jobs',
      'Daily report',
      'Active devices',
      'Statistics',
      'Firmware',
      'Modem update',
      'Geolocation',
      'Carrier whitelist',
    ]);
    await user.keyboard('{Escape}');
    expect(admin.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(admin);
  });

  it('gives a partner manager the user list and its default settings under Admin', async () => {
    const { user, router } = signedInAs(12, [4]);
    await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(menu()).getByRole('button', { name: /Admin/ }));
    const links = within(menu()).getAllByRole('link').map((a) => a.textContent);
    // §6 "partner managers see only their own device type and operators in default settings" (docs/access.md)
    expect(links).toEqual(['Dashboard', 'Users', 'Default settings', 'Statistics']);
    await user.click(within(menu()).getByRole('link', { name: 'Users' }));
    expect(router.state.location.pathname).toBe('/admin/users/list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
  });

  it('shows the username and the role name', async () => {
    signedInAs(9, [1]);
    expect((await screen.findByTestId('current-user')).textContent).toContain('anna.admin');
    expect(screen.getByTestId('current-role').textContent).toBe('Tier1');
  });
});
