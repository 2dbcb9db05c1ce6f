import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok, renderApp } from '../../../test/render';
import { device, general, roleOf } from './fixtures';

const factory = {
  id: 77, imei: '359775587552620', imsi: '262024431382902', iccid: null, activation_code: 'AC0000000000001', serial_number: 'SNW00000077',
  device_type_id: 1, firmware: 'W1.3.8', status: 2, white_label_deployment_id: 1, deployment_name: 'TrackCo EU production',
  created: '2025-01-01T10:00:00.000Z',
};

describe('general settings: enable or disable, and link a factory record, each after a confirmation', () => {
  it('disabling asks first; cancel sends nothing, confirm sends enabled false', async () => {
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/device/information/imsi': ok(device()),
      'GET /api/device/settings': ok(general()),
      'POST /api/device/update': ok(device({ enabled: false })),
    });
    const { user } = renderApp('/device/42/generalSettings', { session: { role: 1 } });
    const section = await screen.findByTestId('device-enabled');
    expect(section.textContent).toContain('Enabled');
    await user.click(within(section).getByRole('button', { name: 'Disable device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable device' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/api/device/update')).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'Disable device' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Disable device' })).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/device/update')).toHaveLength(1));
    const call = api.callsTo('POST', '/api/device/update')[0]!;
    expect(call.body).toEqual({ enabled: false });
    expect(call.url.searchParams.get('device_id')).toBe('42');
  });

  it('a disabled device offers enable', async () => {
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device({ enabled: false })),
      'GET /api/device/information/imsi': ok(device({ enabled: false })),
      'GET /api/device/settings': ok(general()),
      'POST /api/device/update': ok(device()),
    });
    const { user } = renderApp('/device/42/generalSettings', { session: { role: 1 } });
    const section = await screen.findByTestId('device-enabled');
    await user.click(within(section).getByRole('button', { name: 'Enable device' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Enable device' })).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/device/update')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/device/update')[0]!.body).toEqual({ enabled: true });
  });

  it('a factory record is looked up by its id, shown, and linked only after the confirmation', async () => {
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/device/information/imsi': ok(device()),
      'GET /api/device/settings': ok(general()),
      'GET /api/device/factory_details': ({ url }) =>
        url.searchParams.get('id') === '77' ? ok(factory) : { status: 404, body: { error: 'Not found.', code: 'NOT_FOUND' } },
      'POST /api/device/update': ok(device({ factory_device_id: 77 })),
    });
    const { user } = renderApp('/device/42/generalSettings', { session: { role: 1 } });
    const section = await screen.findByTestId('factory-link');
    expect(section.textContent).toContain('No factory record is linked to this device.');
    const input = within(section).getByLabelText('Factory record id');
    await user.type(input, '12x');
    await user.click(within(section).getByRole('button', { name: 'Look up' }));
    expect(await within(section).findByText('Enter the id of a factory record (a whole number).')).toBeTruthy();
    expect(api.callsTo('GET', '/api/device/factory_details')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '78');
    await user.click(within(section).getByRole('button', { name: 'Look up' }));
    expect(await within(section).findByText('No factory record with this id.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.clear(input);
    await user.type(input, '77');
    await user.click(within(section).getByRole('button', { name: 'Look up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link factory record' });
    expect(within(dialog).getByTestId('factory-found').textContent).toContain('SNW00000077');
    expect(dialog.textContent).toContain('Link factory record 77 to device 42?');
    expect(api.callsTo('POST', '/api/device/update')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/device/update')).toHaveLength(1));
    const call = api.callsTo('POST', '/api/device/update')[0]!;
    expect(call.url.searchParams.get('factory_id')).toBe('77');
    expect(call.body).toEqual({});
  });

  it("a refused link is said at the factory record id (the api's factory_id field error)", async () => {
    mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/device/information/imsi': ok(device()),
      'GET /api/device/settings': ok(general()),
      'GET /api/device/factory_details': ok(factory),
      'POST /api/device/update': {
        status: 400,
        body: { error: 'Validation failed.', code: 'VALIDATION_FAILED', errors: [{ field: 'factory_id', code: 'text', params: { text: 'Already linked to device 7' }, message: 'Already linked to device 7' }] },
      },
    });
    const { user } = renderApp('/device/42/generalSettings', { session: { role: 1 } });
    const section = await screen.findByTestId('factory-link');
    const input = within(section).getByLabelText('Factory record id');
    await user.type(input, '77{Enter}');
    await user.click(within(await screen.findByRole('dialog', { name: 'Link factory record' })).getByRole('button', { name: 'Confirm' }));
    const said = await within(section).findByText('Already linked to device 7');
    expect(said.className).toBe('field__error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('role 9 sees the state read-only: no enable/disable or link controls', async () => {
    mockFetch({ 'GET /api/local/role': roleOf(9), 'GET /api/device/information/imsi': ok(device({ factory_device_id: 5 })) });
    renderApp('/device/42/generalSettings', { session: { role: 9 } });
    const section = await screen.findByTestId('device-enabled');
    expect(within(section).queryByRole('button')).toBeNull();
    expect(screen.getByTestId('factory-link').textContent).toContain('Linked factory record: 5');
    expect(screen.queryByLabelText('Factory record id')).toBeNull();
  });
});

describe("general settings: the wearer's profile (GET and POST /device/settings)", () => {
  it('reads /device/settings and saves the profile there, heights in cm and weights in kg; the watch state shows', async () => {
    const pushed = { sms_id: 5, status: 1, created: '2026-11-25T10:00:00.000Z', error: null, error_code: null, error_params: null };
    let stored = general();
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/device/information/imsi': ok(device()),
      'GET /api/device/settings': () => ok(stored),
      'POST /api/device/settings': (call) => ok((stored = general({ ...(call.body as object), last_push: pushed }))),
    });
    const { user } = renderApp('/device/42/generalSettings', { session: { role: 1 } });
    const first = await screen.findByLabelText('Child first name');
    expect((first as HTMLInputElement).value).toBe('Mia');
    expect(screen.queryByTestId('profile-on-watch')).toBeNull();
    await user.clear(first);
    await user.type(first, 'Lotte');
    await user.selectOptions(screen.getByLabelText('Weight unit'), 'lb');
    const weight = screen.getByLabelText('Weight');
    await user.clear(weight);
    await user.type(weight, '66'); // 30 kg
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/device/settings')).toHaveLength(1));
    const call = api.callsTo('POST', '/api/device/settings')[0]!;
    expect(call.url.searchParams.get('device_id')).toBe('42');
    expect(call.body).toEqual({ first_name: 'Lotte', last_name: 'Kind', birth_date: '2016-04-30', height: 130, weight: 30, gender: 2 });
    expect(api.callsTo('POST', '/api/device/update')).toHaveLength(0);
    expect((await screen.findByTestId('profile-on-watch')).textContent).toContain('Pending (SMS Sent)');
  });

  it('role 10 sees the profile read-only (§6 settings pages) but may still enable or disable the device', async () => {
    mockFetch({
      'GET /api/local/role': roleOf(10),
      'GET /api/device/information/imsi': ok(device()),
      'GET /api/device/settings': ok(general({ last_push: { sms_id: 5, status: 3, created: '2026-11-25T10:00:00.000Z', error: 'The device refused: BAD', error_code: 'smsDeviceRefused', error_params: { reason: 'BAD' } } })),
    });
    renderApp('/device/42/generalSettings', { session: { role: 10 } });
    const first = await screen.findByLabelText('Child first name');
    expect(first.closest('fieldset')!.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByTestId('profile-on-watch').textContent).toContain('The device refused: BAD');
    expect(within(screen.getByTestId('device-enabled')).getByRole('button', { name: 'Disable device' })).toBeTruthy();
  });
});
