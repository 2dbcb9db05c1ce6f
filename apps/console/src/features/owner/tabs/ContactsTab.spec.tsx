import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContactItem, ContactList, OwnerDeviceItem } from '@tracker/contract';
import { setTimeZone } from '../../../lib/time-zone';
import { mockFetch, ok, renderApp } from '../../../test/render';
import { owner, roleOf } from '../fixtures';

// /owner/{id}/contacts (§2, §4, §5): the rules and their messages as the user types, one unsaved new contact at a
// time, the new contact's defaults, primary contacts' fixed devices, disabled devices, the limit, save and remove.


const device = (id: number, over: Partial<OwnerDeviceItem> = {}): OwnerDeviceItem => ({
  id, imei: `35977558755${String(id).padStart(4, '0')}`, device_type_id: 1, first_name: `Kid${id}`, last_name: null, gsm_number: '+4915112345678', enabled: true, last_push: null, ...over,
});
const contact = (id: number, over: Partial<ContactItem> = {}): ContactItem => ({
  id, user_id: 42, first_name: `Name${id}`, last_name: 'Family', email: null, phone: '+491511234567', is_guest: false, emergency: true, primary: false, relationship: null, devices: [7], ...over,
});
const list = (over: Partial<ContactList> = {}): ContactList => ({
  contacts: [contact(1), contact(2, { primary: true, first_name: 'Prima' }), contact(3, { first_name: 'Onoff', devices: [7, 9] })],
  devices: [device(7), device(8), device(9, { enabled: false })],
  limit: 5,
  ...over,
});

function setup(model: ContactList = list(), extra: Parameters<typeof mockFetch>[0] = {}, role: 1 | 9 = 1) {
  const api = mockFetch({
    'GET /api/local/role': roleOf(role),
    'GET /api/user/user_details': ok(owner({ gcm_token: null }, [])),
    'GET /api/contact/user': ok(model),
    'POST /api/contact/save_v2': (call) => ok({ ...(call.body as object), id: (call.body as { id?: number }).id ?? 99 }),
    'GET /api/contact/remove': ok({ ok: true }),
    ...extra,
  });
  return { api, ...renderApp('/owner/42/contacts', { session: { role } }) };
}
const editor = () => screen.getByTestId('contact-editor');
const openContact = async (user: ReturnType<typeof setup>['user'], name: string) => user.click(await screen.findByRole('button', { name }));
const box = (label: RegExp) => within(screen.getByTestId('contact-devices')).getByLabelText(label) as HTMLInputElement;

describe('/owner/{id}/contacts', () => {
  it('says the first name and phone rules as the user types, and only for the fields typed in', async () => {
    const { user } = setup();
    await openContact(user, 'Name1 Family');
    const ed = editor();
    expect(ed.querySelectorAll('.field__error')).toHaveLength(0);
    const first = within(ed).getByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Al');
    expect(within(ed).getByText('First name must be between 3 and 49 characters')).toBeTruthy();
    expect(within(ed).queryByText('Phone must have 8 to 15 digits')).toBeNull();
    await user.type(first, 'i');
    expect(within(ed).queryByText('First name must be between 3 and 49 characters')).toBeNull();
    // the input takes 50 (§5 "3 to 50 inline"), the rule says 49
    await user.clear(first);
    // long texts are pasted (typing them key by key is slow on a busy machine)
    await user.paste('x'.repeat(60));
    expect((first as HTMLInputElement).value).toHaveLength(50);
    expect(within(ed).getByText('First name must be between 3 and 49 characters')).toBeTruthy();

    const phone = within(ed).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '+49 151');
    expect(within(ed).getByText('Phone must have 8 to 15 digits')).toBeTruthy();
    await user.clear(phone);
    await user.type(phone, '+4915112345');
    expect(within(ed).queryByText('Phone must have 8 to 15 digits')).toBeNull();
  });

  it('says the e-mail, last name, relationship and device rules as the user changes them', async () => {
    const { user } = setup();
    await openContact(user, 'Name1 Family');
    const ed = editor();
    await user.type(within(ed).getByLabelText('E-mail'), 'ab');
    expect(within(ed).getByText('E-mail must be between 3 and 49 characters')).toBeTruthy();
    await user.click(within(ed).getByLabelText('Last name'));
    await user.paste('y'.repeat(50));
    expect(within(ed).getByText('Last name must be under 50 characters')).toBeTruthy();
    await user.click(within(ed).getByLabelText('Relationship'));
    await user.paste('z'.repeat(50));
    expect(within(ed).getByText('Relationship must be under 50 characters')).toBeTruthy();
    await user.click(box(/Kid7/));
    expect(within(ed).getByText('Select at least one device')).toBeTruthy();
  });

  it('does not send a contact that breaks a rule: Save shows every message and asks to fix them', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByTestId('contact-add'));
    await user.click(screen.getByTestId('contact-save'));
    // nothing typed yet: the new contact is not dirty, so Save waits for a change
    expect(api.callsTo('POST', '/api/contact/save_v2')).toHaveLength(0);
    await user.type(within(editor()).getByLabelText('First name'), 'Jo');
    await user.click(screen.getByTestId('contact-save'));
    expect(within(editor()).getByText('First name must be between 3 and 49 characters')).toBeTruthy();
    expect(within(editor()).getByText('Phone must have 8 to 15 digits')).toBeTruthy();
    expect(within(editor()).getByText('Select at least one device')).toBeTruthy();
    expect(await screen.findByText('Please correct the marked fields.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/contact/save_v2')).toHaveLength(0);
  });

  it('adds one new contact at a time, with the §5 defaults, and saves it through save_v2', async () => {
    const { api, user } = setup();
    const add = await screen.findByTestId('contact-add');
    await user.click(add);
    expect(screen.getByRole('heading', { name: 'New contact' })).toBeTruthy();
    expect((within(editor()).getByLabelText('Emergency contact') as HTMLInputElement).checked).toBe(true);
    expect((within(editor()).getByLabelText('Guest') as HTMLInputElement).checked).toBe(false);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    // a guest may not be an emergency contact: ticking it clears the box
    await user.click(within(editor()).getByLabelText('Guest'));
    expect((within(editor()).getByLabelText('Emergency contact') as HTMLInputElement).checked).toBe(false);
    expect((within(editor()).getByLabelText('Emergency contact') as HTMLInputElement).disabled).toBe(true);
    await user.click(within(editor()).getByLabelText('Guest'));
    await user.click(within(editor()).getByLabelText('Emergency contact'));
    await user.type(within(editor()).getByLabelText('First name'), 'Grandma');
    await user.type(within(editor()).getByLabelText('Phone'), '+4930123456');
    await user.click(box(/Kid8/));
    // the other contacts wait while the new one is unsaved
    expect((screen.getByRole('button', { name: 'Name1 Family' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect(api.callsTo('POST', '/api/contact/save_v2')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/contact/save_v2')[0]!.body).toEqual({
      user_id: 42, first_name: 'Grandma', last_name: null, email: null, phone: '+4930123456', relationship: null,
      is_guest: false, emergency: true, primary: false, devices: [8],
    });
    expect(await screen.findByText('Contact saved.')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('contact-add') as HTMLButtonElement).disabled).toBe(false));
  });

  it('a primary contact cannot toggle its devices, and says why', async () => {
    const { user } = setup();
    await openContact(user, 'Prima Family');
    expect(box(/Kid7/).disabled).toBe(true);
    expect(box(/Kid8/).disabled).toBe(true);
    expect(within(screen.getByTestId('contact-devices')).getByText('The devices of a primary contact cannot be changed')).toBeTruthy();
    expect(within(editor()).getByText(/Primary contact: made by the owner's app/)).toBeTruthy();
  });

  it("a disabled device says 'Device is disabled' and cannot be added; a contact already on it may leave it", async () => {
    const { user } = setup();
    await openContact(user, 'Name1 Family');
    expect(box(/Kid9/).disabled).toBe(true);
    expect(within(screen.getByTestId('contact-devices')).getByText(/Device is disabled/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Onoff Family' }));
    expect(box(/Kid9/).checked).toBe(true);
    expect(box(/Kid9/).disabled).toBe(false);
    await user.click(box(/Kid9/));
    expect(box(/Kid9/).checked).toBe(false);
    // putting back what is saved is not adding
    expect(box(/Kid9/).disabled).toBe(false);
  });

  it('the limit from the server: Add is off once the owner has that many contacts', async () => {
    setup(list({ limit: 3 }));
    expect(((await screen.findByTestId('contact-add')) as HTMLButtonElement).disabled).toBe(true);
  });

  it('role 9 (§6 read-only): no Add, a contact opens with its fields disabled and without Save or Remove', async () => {
    const { api, user } = setup(list(), {}, 9);
    await openContact(user, 'Name1 Family');
    expect(screen.getByTestId('editor-read-only')).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('contact-add')).toBeNull();
    expect(screen.queryByTestId('contact-save')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove contact' })).toBeNull();
    expect(api.callsTo('POST', '/api/contact/save_v2')).toHaveLength(0);
  });

  it("shows the server's refusal at its field, and removes a contact", async () => {
    const { api, user } = setup(list(), {
      'POST /api/contact/save_v2': {
        status: 400,
        body: { error: 'Validation failed', code: 'VALIDATION_FAILED', errors: [{ field: 'devices', code: 'deviceDisabled', message: 'Device is disabled' }] },
      },
    });
    await openContact(user, 'Name1 Family');
    await user.click(box(/Kid8/));
    await user.click(screen.getByTestId('contact-save'));
    expect(await within(screen.getByTestId('contact-devices')).findByRole('alert')).toHaveProperty('textContent', 'Device is disabled');
    // the field changes: its server message goes
    await user.click(box(/Kid8/));
    expect(within(screen.getByTestId('contact-devices')).queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove contact' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/contact/remove')).toHaveLength(1));
    const q = api.callsTo('GET', '/api/contact/remove')[0]!.url.searchParams;
    expect([q.get('contact_id'), q.get('user_id')]).toEqual(['1', '42']);
    expect(await screen.findByText('Contact removed.')).toBeTruthy();
    expect(screen.queryByTestId('contact-editor')).toBeNull();
  });

  it("shows each device's last push in the chosen time zone, with a failure's reason from its code", async () => {
    setTimeZone('America/New_York');
    const refused = { sms_id: 5, status: 3, created: '2026-11-25T23:30:00.000Z', error: 'raw gateway text', error_code: 'smsDeviceRefused', error_params: { reason: 'FULL' } };
    const received = { sms_id: 6, status: 2, created: '2026-11-26T08:05:09.000Z', error: null, error_code: null, error_params: null };
    setup(list({ devices: [device(7, { last_push: refused }), device(8, { last_push: received }), device(9)] }));
    const table = await screen.findByTestId('contacts-push');
    const row = (name: string) => within(table).getByText(name).closest('tr')!;
    expect(row('Kid7').textContent).toContain('2026-11-25 18:30:00');
    expect(row('Kid7').textContent).toContain('The device refused: FULL');
    expect(row('Kid7').textContent).not.toContain('raw gateway text');
    expect(row('Kid8').textContent).toContain('2026-11-26 03:05:09');
  });
});
