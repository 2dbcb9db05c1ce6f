import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp } from '../../../test/render';
import { roleOf } from '../fixtures';

const FORBIDDEN = '401, You are not authorised to view this section';

describe('owner workspace shell', () => {
  it('/owner/{id} opens profile; role 1 sees every tab in §2 order', async () => {
    mockFetch({ 'GET /api/local/role': roleOf(1) });
    const { router } = renderApp('/owner/42', { session: { role: 1 } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner/42/profile'));
    const nav = screen.getByRole('navigation', { name: 'Owner sections' });
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(
      ['profile', 'contacts', 'safeZones', 'addDevice', 'guests', 'voices', 'app_logs', 'addwifi'].map((p) => `/owner/42/${p}`),
    );
  });

  it('app logs are for roles 1 and 9 only: role 10 has no tab and gets the §6 message', async () => {
    mockFetch({ 'GET /api/local/role': roleOf(10) });
    renderApp('/owner/42/app_logs', { session: { role: 10 } });
    expect((await screen.findByTestId('forbidden')).textContent).toBe(FORBIDDEN);
    const nav = screen.getByRole('navigation', { name: 'Owner sections' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).not.toContain('App logs');
  });

  it('an id that is not a positive integer goes to the dashboard search', async () => {
    mockFetch({ 'GET /api/local/role': roleOf(1) });
    const { router } = renderApp('/owner/abc/profile', { session: { role: 1 } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/search'));
  });
});
