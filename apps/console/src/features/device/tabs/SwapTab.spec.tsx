import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok, renderApp } from '../../../test/render';
import { device, roleOf } from './fixtures';

describe('swap: partner SIM scope', () => {
  it('a SIM of another operator (403) is said at the IMSI, with no SIM data shown', async () => {
    mockFetch({
      'GET /api/local/role': roleOf(12),
      'GET /api/device/device_details': ok(device({ device_type_id: 2 })),
      'GET /api/device/information/imsi': ok(device({ device_type_id: 2 })),
      'GET /api/device/sim_card': { status: 403, body: { error: '401, You are not authorised to view this section', code: 'FORBIDDEN' } },
    });
    const { user } = renderApp('/device/42/swap', { session: { role: 12 } });
    const input = await screen.findByLabelText('IMSI of the new SIM');
    await user.type(input, '214070000000001');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('This SIM card is not yours to use: it belongs to another operator or partner.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('swap-sim')).toBeNull();
  });

  it('checks the IMSI and the GSM number with the contract before calling, each message at its field', async () => {
    const sim = { id: 9, imsi: '262011234567890', iccid: null, gsm_number: null, status: 0, carrier_status: 'ACTIVE', operator_id: 1, operator_name: 'Telekom', device_id: null };
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/device/information/imsi': ok(device()),
      'GET /api/device/sim_card': ok(sim),
      'POST /api/device/swap_sim': ok(device()),
    });
    const { user } = renderApp('/device/42/swap', { session: { role: 1 } });
    const input = await screen.findByLabelText('IMSI of the new SIM');
    await user.type(input, '26201{Enter}');
    expect(await screen.findByText('IMSI must be exactly 15 characters')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('GET', '/api/device/sim_card')).toHaveLength(0);

    await user.type(input, '1234567890{Enter}');
    const gsm = await screen.findByLabelText('GSM number');
    expect((gsm as HTMLInputElement).value).toBe('+');
    await user.type(gsm, '49 151{Enter}');
    await waitFor(() => expect(gsm.getAttribute('aria-invalid')).toBe('true'));
    expect(api.callsTo('POST', '/api/device/swap_sim')).toHaveLength(0);

    await user.type(gsm, ' 1234-5678{Enter}');
    await waitFor(() => expect(api.callsTo('POST', '/api/device/swap_sim')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/device/swap_sim')[0]!.body).toEqual({ device_id: 42, sim_card_id: 9, gsm_number: '+4915112345678' });
  });
});
