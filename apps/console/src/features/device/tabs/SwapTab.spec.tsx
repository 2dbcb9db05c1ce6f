import { screen } from '@testing-library/react';
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
});
