import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok, renderApp } from '../../../test/render';

const UUID = '3f1c2a9e-8b4d-4c3e-9f2a-1b2c3d4e5f60';
const PATH = `/backoffice/forgotpassword/${UUID}`;
const API = `/api/backoffice/forgotpassword/${UUID}`;

describe('reset password page', () => {
  it("shows the server's message and no form for an invalid link", async () => {
    mockFetch({
      [`GET ${API}`]: { status: 400, body: { error: 'This password reset link is invalid or has expired.', code: 'RESET_LINK_INVALID' } },
    });
    renderApp(PATH);
    expect((await screen.findByTestId('reset-link-error')).textContent).toBe('This password reset link is invalid or has expired.');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.queryByTestId('toast-error')).toBeNull();
  });

  it('checks the rules, words the mismatch as the reset page does, and sends uuid, password and repeat', async () => {
    const api = mockFetch({
      [`GET ${API}`]: ok({ valid: true, username: 'bob' }),
      [`POST ${API}`]: ok({ ok: true }),
    });
    const { user, router } = renderApp(PATH);
    const next = await screen.findByLabelText('New password');
    const repeat = screen.getByLabelText('Repeat password');
    expect(screen.getByText('New password for bob.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Fileds cant be blank')).toBeTruthy();

    await user.type(next, 'abc');
    await user.type(repeat, 'abc{Enter}');
    expect(await screen.findByText('Password must be between 8 and 20 characters long')).toBeTruthy();

    await user.clear(next);
    await user.type(next, 'abcdefgh1');
    await user.clear(repeat);
    await user.type(repeat, 'abcdefgh2{Enter}');
    expect(await screen.findByText('Passwords dont match!')).toBeTruthy();
    expect(api.callsTo('POST', API)).toHaveLength(0);

    await user.clear(repeat);
    await user.type(repeat, 'abcdefgh1{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('POST', API)[0]!.body).toEqual({ uuid: UUID, password: 'abcdefgh1', repeat: 'abcdefgh1' });
    expect((await screen.findByTestId('toast-success')).textContent).toContain('Successfull');
  });

  it('refuses a password over 72 bytes (bcrypt would cut it) with its own message, before sending', async () => {
    const api = mockFetch({ [`GET ${API}`]: ok({ valid: true, username: 'bob' }), [`POST ${API}`]: ok({ ok: true }) });
    const { user } = renderApp(PATH);
    const long = '😀'.repeat(19) + 'a';
    await user.click(await screen.findByLabelText('New password'));
    await user.paste(long);
    await user.click(screen.getByLabelText('Repeat password'));
    await user.paste(long);
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Password is too long: at most 72 bytes (fewer characters when they are emoji or accented letters)')).toBeTruthy();
    expect(api.callsTo('POST', API)).toHaveLength(0);
  });

  it('shows the first error message when the reset fails', async () => {
    mockFetch({
      [`GET ${API}`]: ok({ valid: true, username: 'bob' }),
      [`POST ${API}`]: {
        status: 400,
        body: {
          error: 'The request is invalid.',
          code: 'VALIDATION_FAILED',
          errors: [
            { field: 'password', code: 'PASSWORD_LENGTH', message: 'Password must be between 8 and 20 characters long' },
            { field: 'repeat', code: 'text', params: { text: 'Second problem' }, message: 'Second problem' },
          ],
        },
      },
    });
    const { user } = renderApp(PATH);
    const next = await screen.findByLabelText('New password');
    await user.type(next, 'abcdefgh1');
    await user.type(screen.getByLabelText('Repeat password'), 'abcdefgh1{Enter}');
    const toast = await screen.findByTestId('toast-error');
    // an error code in a field message is shown in words
    expect(toast.querySelector('.toast__message')!.textContent).toBe('Password must be between 8 and 20 characters long');
    // and each field error at its field
    expect(next.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Second problem').className).toBe('field__error');
  });
});
