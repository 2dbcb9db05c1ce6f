import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok, renderApp } from '../../../test/render';

const lists = {
  'GET /api/local/role': ok({ username: 'anna.admin', role: 1, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' }),
  'GET /api/whitelabel/list': ok([
    { id: 1, name: 'Acme' },
    { id: 2, name: 'Kidwatch' },
  ]),
  'GET /api/import/languages': ok([
    { language_code: 'en', name: 'English' },
    { language_code: 'de', name: 'German' },
    { language_code: 'es', name: 'Spanish' },
    { language_code: 'fr', name: 'French' },
  ]),
  'GET /api/device/search': ok({ items: [], total_pages: 0, more: false, page: 0 }),
};

describe('add-user modal', () => {
  it('opens from the dashboard, closes on Escape and gives focus back', async () => {
    mockFetch(lists);
    const { user } = renderApp('/dashboard/search', { session: {} });
    const open = await screen.findByRole('button', { name: 'Add user' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('E-mail'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('validates with the contract schema before sending', async () => {
    const api = mockFetch(lists);
    const { user } = renderApp('/dashboard/search', { session: {} });
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByLabelText('E-mail'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));

    expect(await within(dialog).findByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a first name (up to 50 characters).')).toBeTruthy();
    expect(within(dialog).getByText('Choose a white label.')).toBeTruthy();
    expect(within(dialog).getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect((await screen.findByTestId('toast-error')).textContent).toContain('Please correct the marked fields.');
    expect(api.callsTo('POST', '/api/user/add')).toHaveLength(0);
    // only the contract's languages are offered
    const language = within(dialog).getByLabelText('Language') as HTMLSelectElement;
    await waitFor(() => expect([...language.options].map((o) => o.value)).toEqual(['en', 'de', 'es']));
  });

  it('creates the owner, then searches for the new e-mail', async () => {
    const api = mockFetch({ ...lists, 'POST /api/user/add': ok({ id: 77 }) });
    const { user, router } = renderApp('/dashboard/search', { session: {} });
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByLabelText('E-mail'), ' New.Owner@Example.com ');
    await user.type(within(dialog).getByLabelText('First name'), 'Nora');
    await user.type(within(dialog).getByLabelText('Last name'), 'Neu');
    await user.type(within(dialog).getByLabelText('Phone number (optional)'), '+491701234567');
    const wl = within(dialog).getByLabelText('White label') as HTMLSelectElement;
    await waitFor(() => expect(wl.disabled).toBe(false));
    await user.selectOptions(wl, 'Kidwatch');
    await user.selectOptions(within(dialog).getByLabelText('Language'), 'German');
    await user.click(within(dialog).getByLabelText('Test user'));
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/api/user/add')[0]!.body).toEqual({
      newUser: {
        email: 'new.owner@example.com',
        first_name: 'Nora',
        last_name: 'Neu',
        phone: '+491701234567',
        white_label_vendor_id: 2,
        language: 'de',
        is_test: true,
      },
    });
    expect((await screen.findByTestId('toast-success')).textContent).toContain('new.owner@example.com');
    await waitFor(() => expect(router.state.location.search).toBe('?filter=email&query=new.owner%40example.com'));
  });

  it('marks the e-mail when it already exists (409)', async () => {
    mockFetch({ ...lists, 'POST /api/user/add': { status: 409, body: { error: 'Duplicate entry', code: 'DUPLICATE' } } });
    const { user } = renderApp('/dashboard/search', { session: {} });
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByLabelText('E-mail'), 'taken@example.com');
    await user.type(within(dialog).getByLabelText('First name'), 'Tom');
    await user.type(within(dialog).getByLabelText('Last name'), 'Taken');
    const wl = within(dialog).getByLabelText('White label') as HTMLSelectElement;
    await waitFor(() => expect(wl.disabled).toBe(false));
    await user.selectOptions(wl, 'Acme');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));

    expect(await within(dialog).findByText('A user with this e-mail address already exists.')).toBeTruthy();
    expect((await screen.findByTestId('toast-error')).textContent).toContain('Duplicate entry');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
