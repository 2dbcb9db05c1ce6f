import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeviceToAdd } from '@tracker/contract';
import { mockFetch, ok, renderApp, type Reply } from '../../../test/render';
import { owner, roleOf } from '../fixtures';

// /owner/{id}/addDevice (§2, §5): the lookup and the assignment check with the contract's schemas before calling,
// each message at its field; a refusal of the api at its field. The wizard end to end: owner-contacts.e2e.ts.

const IMSI = '262011234567890';
const found: DeviceToAdd = {
  id: 7, imei: '359775587552620', imsi: IMSI, activation_code: null, device_type_id: 1, device_type_name: 'Watch', enabled: true,
  gsm_number: null, sim: { id: 3, imsi: IMSI, iccid: null, gsm_number: '4915112345678', operator_name: 'Telekom' },
};
const refused = (field: string, message: string): Reply => ({
  status: 400,
  body: { error: 'Validation failed.', code: 'VALIDATION_FAILED', errors: [{ field, code: 'text', params: { text: message }, message }] },
});

function setup(add: Reply) {
  const api = mockFetch({
    'GET /api/local/role': roleOf(1),
    'GET /api/user/user_details': ok(owner({ gcm_token: null }, [])),
    'GET /api/device/types': ok([{ id: 1, name: 'Watch' }]),
    'GET /api/device/by_code_or_imsi': ok(found),
    'POST /api/device/add': add,
  });
  return { api, ...renderApp('/owner/42/addDevice', { session: { role: 1 } }) };
}
const errorOf = (testId: string) => screen.getByTestId(testId).parentElement!.querySelector('.field__error')?.textContent;

describe('/owner/{id}/addDevice', () => {
  it('says a short code and a missing type at their fields before looking up, then a bad number before adding', async () => {
    const { api, user } = setup(ok({ device_id: 7, owner_id: 42, gsm_number: '+4915112345678', device_status: 1 }));
    await user.type(await screen.findByTestId('add-device-param'), IMSI.slice(0, 14));
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    await waitFor(() => expect(errorOf('add-device-param')).toBe('Activation code or IMSI must be exactly 15 characters'));
    expect(errorOf('add-device-type')).toBe('Choose the device type.');
    expect(api.callsTo('GET', '/api/device/by_code_or_imsi')).toHaveLength(0);

    await user.type(screen.getByTestId('add-device-param'), IMSI.slice(14));
    await user.selectOptions(await screen.findByTestId('add-device-type'), '1');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    const gsm = (await screen.findByTestId('add-device-gsm')) as HTMLInputElement;
    expect(gsm.value).toBe('+4915112345678');
    expect(api.callsTo('GET', '/api/device/by_code_or_imsi')[0]!.url.searchParams.get('param')).toBe(IMSI);

    await user.clear(gsm);
    await user.type(gsm, '0151');
    await user.click(screen.getByTestId('add-device-confirm'));
    await waitFor(() => expect(errorOf('add-device-gsm')).toBe('GSM number starts with + and has 8 to 15 digits'));
    expect(api.callsTo('POST', '/api/device/add')).toHaveLength(0);

    await user.clear(gsm);
    await user.type(gsm, '+49 151 1234-5678{Enter}');
    await waitFor(() => expect(api.callsTo('POST', '/api/device/add')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/device/add')[0]!.body).toEqual({ user_id: 42, device_id: 7, gsm_number: '+4915112345678' });
  });

  it("marks the api's refusal of the number at the number", async () => {
    const { user } = setup(refused('gsm_number', 'This number belongs to another SIM'));
    await user.type(await screen.findByTestId('add-device-param'), IMSI);
    await user.selectOptions(await screen.findByTestId('add-device-type'), '1');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    await user.click(await screen.findByTestId('add-device-confirm'));
    await waitFor(() => expect(errorOf('add-device-gsm')).toBe('This number belongs to another SIM'));
    expect(screen.getByTestId('add-device-gsm').getAttribute('aria-invalid')).toBe('true');
  });
});
