import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, renderApp } from '../../../test/render';
import { owner, roleOf } from '../fixtures';

describe('owner profile', () => {
  it('shows details, white label and devices linked to their workspace', async () => {
    mockFetch({ 'GET /api/local/role': roleOf(1), 'GET /api/user/user_details': ok(owner()) });
    renderApp('/owner/42/profile', { session: { role: 1 } });
    const facts = await screen.findByTestId('owner-facts');
    expect(facts.textContent).toContain('Kidwatch');
    expect(screen.getByTestId('owner-email').textContent).toBe('olga@example.com');
    // the title names the owner once the details are in, the id beside the e-mail
    expect(screen.getByRole('heading', { name: 'Owner: Olga Owner' })).toBeTruthy();
    expect(screen.getByText(/· Owner 42/)).toBeTruthy();
    expect(screen.getByTestId('owner-device-link').getAttribute('href')).toBe('/device/7');
    // the device table names the device's type, not its id
    const row = screen.getByTestId('owner-device-link').closest('tr')!;
    expect(within(row).getByText('Kids watch')).toBeTruthy();
    expect(within(row).queryByText('1')).toBeNull();
  });

  it('a failed owner load goes to the dashboard search (§8)', async () => {
    mockFetch({ 'GET /api/local/role': roleOf(1), 'GET /api/user/user_details': { status: 403, body: { error: 'x', code: 'FORBIDDEN' } } });
    const { router } = renderApp('/owner/42/guests', { session: { role: 1 } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/search'));
  });

  it('sends only the changed fields; a field emptied is kept and its §5 message shown at the field', async () => {
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/user/user_details': ok(owner()),
      'POST /api/user/update': ok({
        user: owner({ last_name: 'Neumann' }),
        ignored: [{ field: 'first_name', code: 'profileEmptyIgnored', params: { field: 'first_name' }, message: 'first_name was empty and is left unchanged' }],
      }),
    });
    const { user } = renderApp('/owner/42/profile', { session: { role: 1 } });
    const form = await screen.findByTestId('profile-form');
    await user.clear(within(form).getByLabelText('First name'));
    await user.clear(within(form).getByLabelText('Last name'));
    await user.type(within(form).getByLabelText('Last name'), 'Neumann');
    await user.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(api.callsTo('POST', '/api/user/update')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/user/update')[0]!.body).toEqual({ first_name: '', last_name: 'Neumann' });
    expect(await within(form).findByText('first_name was empty and is left unchanged')).toBeTruthy();
  });

  it('the country is a select from the reference list; the chosen code is sent and a refusal is shown at the field', async () => {
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/user/user_details': ok(owner()),
      'GET /api/countries/all': ok([
        { code: 'DE', name: 'Germany', phone_code: '+49' },
        { code: 'ES', name: 'Spain', phone_code: '+34' },
      ]),
      'POST /api/user/update': {
        status: 400,
        body: { error: 'Validation failed', code: 'VALIDATION_FAILED', errors: [{ field: 'country_code', code: 'unknownCountry', params: { field: 'country_code' }, message: 'country_code is not a known country' }] },
      },
    });
    const { user } = renderApp('/owner/42/profile', { session: { role: 1 } });
    const form = await screen.findByTestId('profile-form');
    const select = within(form).getByTestId('profile-country') as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    await within(select).findByRole('option', { name: 'Spain (ES)' });
    await user.selectOptions(select, 'ES');
    await user.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(api.callsTo('POST', '/api/user/update')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/user/update')[0]!.body).toEqual({ country_code: 'ES' });
    expect(await within(form).findByText(/is not a known country/)).toBeTruthy();
  });

  it('remove devices and user: asks first, then calls with devices=true and goes to the search', async () => {
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/user/user_details': ok(owner()),
      'GET /api/user/remove': ok({ removed: true, devices: [7] }),
    });
    const { user, router } = renderApp('/owner/42/profile', { session: { role: 1 } });
    await user.click(await screen.findByTestId('remove-devices-user'));
    expect(screen.getByTestId('remove-question').textContent).toContain('1 devices of olga@example.com');
    expect(api.callsTo('GET', '/api/user/remove')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/search'));
    expect(api.callsTo('GET', '/api/user/remove')[0]!.url.searchParams.get('devices')).toBe('true');
  });
});

describe('help tooltips', () => {
  it('shows the stored text; role 1 edits it in place, role 9 reads the console\'s own text without an edit button', async () => {
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/user/user_details': ok(owner()),
      'GET /api/locale/helptexts': ok([{ locale_path: 'owner.profile.apn', language: 'en', text: 'Stored APN help' }]),
      'POST /api/locale/helptext': ok({ ok: true }),
    });
    const { user } = renderApp('/owner/42/profile', { session: { role: 1 } });
    await user.click(await screen.findByTestId('help-owner.profile.apn'));
    expect((await screen.findByRole('tooltip')).textContent).toContain('Stored APN help');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Help text'));
    await user.type(screen.getByLabelText('Help text'), 'New APN help');
    await user.click(within(screen.getByRole('tooltip')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/locale/helptext')).toHaveLength(1));
    const call = api.callsTo('POST', '/api/locale/helptext')[0]!;
    expect(call.url.searchParams.get('localePath')).toBe('owner.profile.apn');
    expect(call.body).toEqual({ translateText: 'New APN help', language: 'en' });
  });

  it('role 9: the fallback text, no edit', async () => {
    mockFetch({ 'GET /api/local/role': roleOf(9), 'GET /api/user/user_details': ok(owner()), 'GET /api/locale/helptexts': ok([]) });
    const { user } = renderApp('/owner/42/profile', { session: { role: 9 } });
    await user.click(await screen.findByTestId('help-owner.profile.test_user'));
    expect((await screen.findByRole('tooltip')).textContent).toContain('left out of statistics');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('role 9 (§6 read-only): the profile without its editor, the external id form or the removal; role 10 edits', async () => {
    mockFetch({ 'GET /api/local/role': roleOf(9), 'GET /api/user/user_details': ok(owner()), 'GET /api/locale/helptexts': ok([]) });
    renderApp('/owner/42/profile', { session: { role: 9 } });
    await screen.findByTestId('owner-facts');
    expect(screen.queryByRole('heading', { name: 'Edit profile' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Remove' })).toBeNull();
    expect(screen.getByTestId('owner-external-id')).toBeTruthy();
    // the reset link to the owner's own address stays (docs/access.md)
    expect(screen.getByRole('heading', { name: 'Password' })).toBeTruthy();
  });

  it('role 10 keeps the profile editor and the removal', async () => {
    mockFetch({ 'GET /api/local/role': roleOf(10), 'GET /api/user/user_details': ok(owner()), 'GET /api/locale/helptexts': ok([]) });
    renderApp('/owner/42/profile', { session: { role: 10 } });
    expect(await screen.findByRole('heading', { name: 'Edit profile' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Remove' })).toBeTruthy();
  });
});

describe('owner password change', () => {
  it('sends the owner\'s e-mail and white label from the modal and says the mail went out', async () => {
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/user/user_details': ok(owner()),
      'POST /api/user/password/change': ok({ sent: true, email: 'olga@example.com' }),
    });
    const { user } = renderApp('/owner/42/profile', { session: { role: 1 } });
    await user.click(await screen.findByTestId('password-change'));
    await user.click(screen.getByRole('button', { name: 'Send e-mail' }));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('A password reset e-mail was sent to olga@example.com');
    expect(api.callsTo('POST', '/api/user/password/change')[0]!.body).toEqual({ email: 'olga@example.com', whiteLabelId: 1 });
  });
});

describe('voices and app logs', () => {
  it('opens a voice message with its details and an audio player fed from the fetched blob', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:voice', revokeObjectURL: () => undefined }));
    mockFetch({
      'GET /api/local/role': roleOf(9),
      'GET /api/user/user_details': ok(owner()),
      'GET /api/user/voips': ok([{ id: 5, device_id: 7, device_imei: '359775587552620', to_device: false, duration_seconds: 3, file_name: 'v.wav', content_type: 'audio/wav', size_bytes: 10, listened: true, created: '2026-01-02T03:04:05.000Z' }]),
      'GET /api/user/voipDetails': ok({ id: 5, device_id: 7, device_imei: '359775587552620', to_device: false, duration_seconds: 3, file_name: 'v.wav', content_type: 'audio/wav', size_bytes: 10, listened: true, created: '2026-01-02T03:04:05.000Z' }),
      'GET /api/user/voipDetails/audio': { body: 'RIFF' },
    });
    const { user } = renderApp('/owner/42/voices', { session: { role: 9 } });
    await user.click(await screen.findByTestId('voice-open'));
    const audio = await screen.findByTestId('voice-audio');
    expect(audio.getAttribute('src')).toBe('blob:voice');
    expect((await screen.findByTestId('voice-player')).textContent).toContain('v.wav');
  });

  it('shows an app log in a popup', async () => {
    mockFetch({
      'GET /api/local/role': roleOf(9),
      'GET /api/user/user_details': ok(owner()),
      'GET /api/logs/app': ok([{ id: 1, file_name: 'app_1.log', platform: 'ios', app_version: '4.0.2', size_bytes: 20, created: '2026-01-02T03:04:05.000Z' }]),
      'GET /api/logs/app/file': ok({ name: 'app_1.log', content: 'INFO app started' }),
    });
    const { user } = renderApp('/owner/42/app_logs', { session: { role: 9 } });
    await user.click(await screen.findByTestId('app-log-view'));
    expect((await screen.findByTestId('app-log-content')).textContent).toBe('INFO app started');
  });
});
