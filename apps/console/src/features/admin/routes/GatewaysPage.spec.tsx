import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SmsGatewayItem } from '@tracker/contract';
import { mockFetch, ok, renderApp } from '../../../test/render';

const gateway = (id: number, over: Partial<SmsGatewayItem> = {}): SmsGatewayItem => ({
  id,
  name: `Gateway ${id}`,
  allowed: ['+49'],
  command: null,
  enabled: true,
  url: null,
  from_number: '+4915735980000',
  rate_per_second: 10,
  ...over,
});

function gatewaysApi() {
  return mockFetch({
    'GET /api/local/role': ok({ username: 'admin', role: 1, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' }),
    'GET /api/smsgateway/list': ok([
      gateway(1, { name: 'alpha', rate_per_second: 50 }),
      gateway(2, { name: 'Beta', rate_per_second: 5, enabled: false, url: 'https://gw.example.com' }),
      gateway(3, { name: 'gamma 10', rate_per_second: 20 }),
    ]),
    'POST /api/smsgateway/save': (call) => ok({ ...gateway(9), ...(call.body as object) }),
  });
}

const names = () => within(screen.getByTestId('gateways')).getAllByTestId('gateways-row').map((r) => r.querySelector('td')!.textContent);

describe('/admin/gateways', () => {
  it('lists the gateways by name and sorts by a header (keyboard too)', async () => {
    gatewaysApi();
    const { user } = renderApp('/admin/gateways', { session: { role: 1 } });
    await screen.findByTestId('gateways');
    expect(names()).toEqual(['alpha', 'Beta', 'gamma 10']);
    const header = (name: string) => within(screen.getByTestId('gateways')).getByRole('columnheader', { name: new RegExp(name) });
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(header('Messages per second')).getByRole('button'));
    expect(names()).toEqual(['Beta', 'gamma 10', 'alpha']);
    expect(header('Messages per second').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Name').getAttribute('aria-sort')).toBeNull();
    within(header('Messages per second')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['alpha', 'gamma 10', 'Beta']);
    expect(header('Messages per second').getAttribute('aria-sort')).toBe('descending');
  });

  it('adds a gateway with its sender, URL and rate, checked before sending', async () => {
    const api = gatewaysApi();
    const { user } = renderApp('/admin/gateways', { session: { role: 1 } });
    await user.click(await screen.findByRole('button', { name: 'Add gateway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add SMS gateway' });
    const field = (label: string) => within(dialog).getByLabelText(label);
    await user.type(field('Name'), 'Gateway Nord');
    await user.type(field('Allowed phone codes'), '45');
    await user.type(field('Sender number'), '12');
    await user.type(field('API URL'), 'ftp://gw.example.com');
    await user.clear(field('Messages per second'));
    await user.type(field('Messages per second'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Enter the number in international form/)).toBeTruthy();
    expect(within(dialog).getByText('Enter the gateway URL with http:// or https://, e.g. https://api.twilio.com')).toBeTruthy();
    expect(within(dialog).getByText('Messages per second must be a whole number from 1 to 1000')).toBeTruthy();
    expect(api.callsTo('POST', '/api/smsgateway/save')).toHaveLength(0);

    await user.clear(field('Sender number'));
    await user.type(field('Sender number'), '0045 20 12 34 56');
    await user.clear(field('API URL'));
    await user.type(field('API URL'), 'https://gw.example.com');
    await user.clear(field('Messages per second'));
    await user.type(field('Messages per second'), '25');
    await user.click(field('Enabled'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/smsgateway/save')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/smsgateway/save')[0]!.body).toEqual({
      name: 'Gateway Nord',
      allowed: ['+45'],
      command: '',
      enabled: false,
      url: 'https://gw.example.com',
      from_number: '+4520123456',
      rate_per_second: 25,
    });
  });
});
