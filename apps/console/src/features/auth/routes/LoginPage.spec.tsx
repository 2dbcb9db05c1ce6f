import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REQUEST_ORIGIN_CONSOLE } from '@tracker/contract';
import { getSession } from '../../../lib/session';
import { mockFetch, ok, renderApp, type Reply } from '../../../test/render';

const tokenModel = {
  token: 'abc',
  expDate: new Date(Date.now() + 3_600_000).toISOString(),
  isAuth: true,
  username: 'anna.admin',
  role: 1,
  operators: [],
  white_labels: [1],
  types: [-1],
  preferedLanguage: 'en',
};

/** The error under a field (its `aria-describedby`). */
const fieldError = (input: HTMLElement) => input.parentElement!.querySelector('.field__error')?.textContent;

/** Signs in as a user who must change the password first: the change-password dialog and its fields. */
async function openChangePassword(changed: Reply = ok({ ok: true })) {
  const api = mockFetch({ 'POST /api/login': ok({ passwordChangeRequired: true }), 'POST /api/password': changed });
  const { user } = renderApp('/login');
  await user.type(screen.getByLabelText('Username'), 'new.user');
  await user.type(screen.getByLabelText('Password'), 'initial-pass{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
  return {
    api,
    user,
    next: within(dialog).getByLabelText('New password'),
    repeat: within(dialog).getByLabelText('Repeat password'),
    submit: within(dialog).getByRole('button', { name: 'Change password' }),
  };
}

const searchEmpty = ok({ items: [], total_pages: 0, more: false, page: 0 });
const role = ok({ username: 'anna.admin', role: 1, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' });

describe('sign-in', () => {
  it('goes from credentials to the code step, then signs in and opens the dashboard search', async () => {
    const api = mockFetch({
      'POST /api/login': ok({ passwordChangeRequired: false }),
      'POST /api/token': ok(tokenModel),
      'GET /api/local/role': role,
      'GET /api/device/search': searchEmpty,
    });
    const { user, router } = renderApp('/login');

    await user.type(screen.getByLabelText('Username'), 'anna.admin');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.keyboard('{Enter}');

    const code = await screen.findByLabelText('Code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(document.activeElement).toBe(code);
    expect(api.callsTo('POST', '/api/login')[0]!.body).toEqual({ username: 'anna.admin', password: 'secret-pass' });
    expect(api.calls[0]!.headers.get('request-origin')).toBe(REQUEST_ORIGIN_CONSOLE);
    expect(api.calls[0]!.headers.get('accept-language')).toBe('en');
    expect(api.calls[0]!.headers.get('authorization')).toBeNull();

    await user.type(code, '12a3456');
    expect((code as HTMLInputElement).value).toBe('123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/search'));
    expect(api.callsTo('POST', '/api/token')[0]!.body).toEqual({ username: 'anna.admin', password: 'secret-pass', code: '123456' });
    expect(getSession()?.token).toBe('abc');
    expect(JSON.parse(localStorage.getItem('tracker.session')!).role).toBe(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeTruthy();
    // later calls carry the token
    await waitFor(() => expect(api.callsTo('GET', '/api/local/role')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/local/role')[0]!.headers.get('authorization')).toBe('Bearer abc');
  });

  it("shows the server's error for a wrong password and stays on the credentials step", async () => {
    mockFetch({
      'POST /api/login': { status: 401, body: { error: 'Wrong username or password.', code: 'INVALID_CREDENTIALS' } },
    });
    const { user, router } = renderApp('/login');
    await user.type(screen.getByLabelText('Username'), 'anna.admin');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect((await screen.findByTestId('login-error')).textContent).toBe('Wrong username or password.');
    expect(screen.queryByLabelText('Code')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows the server's error for a wrong code", async () => {
    mockFetch({
      'POST /api/login': ok({ passwordChangeRequired: false }),
      'POST /api/token': { status: 401, body: { error: 'The code is wrong or has already been used.', code: 'INVALID_CODE' } },
    });
    const { user } = renderApp('/login');
    await user.type(screen.getByLabelText('Username'), 'anna.admin');
    await user.type(screen.getByLabelText('Password'), 'secret-pass{Enter}');
    await user.type(await screen.findByLabelText('Code'), '000000{Enter}');
    expect((await screen.findByTestId('login-error')).textContent).toBe('The code is wrong or has already been used.');
    expect(screen.getByLabelText('Code')).toBeTruthy();
    expect(getSession()).toBeNull();
  });

  it('does not send a code that is not 6 digits: the message at the code, which keeps the focus', async () => {
    const api = mockFetch({ 'POST /api/login': ok({ passwordChangeRequired: false }) });
    const { user } = renderApp('/login');
    await user.type(screen.getByLabelText('Username'), 'anna.admin');
    await user.type(screen.getByLabelText('Password'), 'secret-pass{Enter}');
    const code = await screen.findByLabelText('Code');
    await user.type(code, '123{Enter}');
    await waitFor(() => expect(fieldError(code)).toBe('The code has 6 digits.'));
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);
    expect((await screen.findByTestId('toast-error')).textContent).toContain('Please correct the marked fields.');
    expect(api.callsTo('POST', '/api/token')).toHaveLength(0);
  });

  it('does not send blank credentials, and marks a refused field at its field', async () => {
    const api = mockFetch({
      'POST /api/login': {
        status: 400,
        body: {
          error: 'The request is invalid.',
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'username', code: 'text', params: { text: 'Username is too long' }, message: 'Username is too long' }],
        },
      },
    });
    const { user } = renderApp('/login');
    const username = screen.getByLabelText('Username');
    await user.type(screen.getByLabelText('Password'), 'secret-pass{Enter}');
    await waitFor(() => expect(fieldError(username)).toBe('Enter your username and password.'));
    expect(api.callsTo('POST', '/api/login')).toHaveLength(0);

    await user.type(username, 'anna.admin{Enter}');
    await waitFor(() => expect(fieldError(username)).toBe('Username is too long'));
    expect(screen.queryByTestId('login-error')).toBeNull();
  });

  it('the change-password dialog refuses a whitespace-only password and counts emoji as one character each', async () => {
    const { api, user, next, repeat, submit } = await openChangePassword();

    await user.type(next, '        ');
    await user.type(repeat, '        ');
    await user.click(submit);
    await waitFor(() => expect(fieldError(next)).toBe('Fileds cant be blank'));
    expect(api.callsTo('POST', '/api/password')).toHaveLength(0);

    // 11 emoji: 11 characters (22 UTF-16 units), within 8 to 20
    const emoji = '😀'.repeat(11);
    await user.clear(next);
    await user.clear(repeat);
    await user.type(next, emoji);
    await user.type(repeat, emoji);
    await user.click(submit);
    await waitFor(() => expect(api.callsTo('POST', '/api/password')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/password')[0]!.body).toMatchObject({ password: emoji, repeat: emoji });
  });

  it('opens the change-password dialog when required and checks the §5 rules before sending', async () => {
    const { api, user, next, repeat, submit } = await openChangePassword();
    expect(document.activeElement).toBe(next);

    await user.click(submit);
    await waitFor(() => expect(fieldError(next)).toBe('Fileds cant be blank'));
    expect(next.getAttribute('aria-invalid')).toBe('true');
    expect((await screen.findByRole('alert')).textContent).toContain('Error');

    await user.type(next, 'short');
    await user.type(repeat, 'short');
    await user.click(submit);
    expect(await screen.findByText('Password must be between 8 and 20 characters long')).toBeTruthy();

    await user.clear(next);
    await user.clear(repeat);
    await user.type(next, 'long-enough-1');
    await user.type(repeat, 'long-enough-2');
    await user.click(submit);
    expect(await screen.findByText('Password dont match!')).toBeTruthy();
    expect(api.callsTo('POST', '/api/password')).toHaveLength(0);

    await user.clear(repeat);
    await user.type(repeat, 'long-enough-1{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/api/password')[0]!.body).toEqual({
      username: 'new.user',
      current: 'initial-pass',
      password: 'long-enough-1',
      repeat: 'long-enough-1',
    });
    const success = await screen.findByTestId('toast-success');
    expect(success.textContent).toContain('Successfull');
    // back on the credentials step, to sign in with the new password
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('new.user');
  });

  it("the change-password dialog marks the api's field error at its field", async () => {
    const { user, next, repeat } = await openChangePassword({
      status: 400,
      body: {
        error: 'The request is invalid.',
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'password', code: 'text', params: { text: 'Choose a password you have not used' }, message: 'Choose a password you have not used' }],
      },
    });
    await user.type(next, 'long-enough-1');
    await user.type(repeat, 'long-enough-1{Enter}');
    await waitFor(() => expect(fieldError(next)).toBe('Choose a password you have not used'));
    expect(screen.getByRole('dialog', { name: 'Change your password' })).toBeTruthy();
  });

  it('shows the enrollment QR code and secret on the code step', async () => {
    mockFetch({
      'POST /api/login': ok({
        passwordChangeRequired: false,
        enrollment: { otpauthUri: 'otpauth://totp/Tracker:new.user?secret=JBSWY3DPEHPK3PXP&issuer=Tracker', secret: 'JBSWY3DPEHPK3PXP' },
      }),
    });
    const { user } = renderApp('/login');
    await user.type(screen.getByLabelText('Username'), 'new.user');
    await user.type(screen.getByLabelText('Password'), 'secret-pass{Enter}');

    expect(await screen.findByRole('heading', { name: 'Set up your authenticator app' })).toBeTruthy();
    const img = (await screen.findByRole('img', { name: /QR code/ })) as HTMLImageElement;
    expect(img.src.startsWith('data:image/png;base64,')).toBe(true);
    expect(screen.getByTestId('enrollment-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    expect(screen.getByLabelText('Code')).toBeTruthy();
  });

  it('sends a signed-in user from /login to the dashboard', async () => {
    mockFetch({ 'GET /api/local/role': role, 'GET /api/device/search': searchEmpty });
    const { router } = renderApp('/login', { session: {} });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/search'));
  });
});
