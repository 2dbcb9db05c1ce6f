import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiCall, downloadFile, uploadFile } from './api-client';
import { i18n } from './i18n';
import { getSession, reloadSession, SESSION_KEY } from './session';
import { clearToasts, useToasts } from './toast';
import { testSession } from '../test/render';
import { renderHook } from '@testing-library/react';

function reply(status: number, body: unknown) {
  const fn = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fn);
  return fn;
}

function signIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify(testSession()));
  reloadSession();
}

const toasts = () => renderHook(() => useToasts()).result.current;

afterEach(() => clearToasts());

describe('api client', () => {
  it('sends the three headers and returns the model', async () => {
    signIn();
    await i18n.changeLanguage('es');
    const fn = reply(200, { model: [{ id: 1, name: 'Acme' }] });
    await expect(apiCall('whiteLabelList')).resolves.toEqual([{ id: 1, name: 'Acme' }]);
    const [url, init] = fn.mock.calls[0]!;
    expect(url).toBe('/api/whitelabel/list');
    const h = init!.headers as Record<string, string>;
    expect(h.authorization).toBe('Bearer test-token');
    expect(h['request-origin']).toBe('backoffice-console');
    expect(h['accept-language']).toBe('es');
  });

  it('an abort while the body is read rejects quietly, without a bad-response toast', async () => {
    signIn();
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const res = new Response('{"model": [');
        vi.spyOn(res, 'json').mockImplementation(async () => {
          controller.abort();
          throw new DOMException('The operation was aborted.', 'AbortError');
        });
        return res;
      }),
    );
    await expect(apiCall('whiteLabelList', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(toasts()).toEqual([]);
  });

  it('a 401 of a call marked logoutOn401: false (the modem status polling, §8) rejects and keeps the session', async () => {
    signIn();
    reply(401, { error: 'Session expired', code: 'SESSION_EXPIRED' });
    const err = await apiCall('modemAllStatuses', { toast: false, logoutOn401: false }).catch((e: unknown) => e);
    expect((err as ApiError).status).toBe(401);
    expect(getSession()).not.toBeNull();
    expect(toasts()).toEqual([]);
    // any other call's 401 still ends the session
    await apiCall('modemList', { query: { page: 0 } }).catch(() => undefined);
    expect(getSession()).toBeNull();
  });

  it('fills path parameters and the query string', async () => {
    const fn = reply(200, { model: { valid: true, username: 'bob' } });
    await apiCall('resetLinkCheck', { params: { uuid: 'a b' } });
    expect(fn.mock.calls[0]![0]).toBe('/api/backoffice/forgotpassword/a%20b');
    reply(200, { model: { items: [], total_pages: 0, more: false, page: 0 } });
    signIn();
    await apiCall('deviceSearch', { query: { query: 'x y', filter: 'imei', count: 25, page: 0 } });
    expect(vi.mocked(fetch).mock.calls[0]![0]).toBe('/api/device/search?query=x+y&filter=imei&count=25&page=0');
  });

  it('toasts a field list joined by line breaks for 5 s and keeps the session on 403', async () => {
    signIn();
    reply(403, { error: '401, You are not authorised to view this section', code: 'FORBIDDEN' });
    const err = await apiCall('importRoles').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(403);
    expect(getSession()).not.toBeNull();
    expect(toasts()[0]).toMatchObject({ kind: 'error', message: '401, You are not authorised to view this section', ms: 5000 });

    clearToasts();
    reply(400, { error: 'The request is invalid.', code: 'VALIDATION_FAILED', errors: [{ field: 'a', message: 'one' }, { field: 'b', message: 'two' }] });
    await apiCall('whiteLabelList').catch(() => undefined);
    expect(toasts()[0]!.message).toBe('one\ntwo');
  });

  it("keeps the api's request id of a failure and puts it in the error toast (body first, else the header)", async () => {
    signIn();
    reply(500, { error: 'Something went wrong.', code: 'INTERNAL', request_id: 'req-body-1' });
    const err = (await apiCall('whiteLabelList').catch((e: unknown) => e)) as ApiError;
    expect(err.requestId).toBe('req-body-1');
    expect(toasts()[0]).toMatchObject({ kind: 'error', requestId: 'req-body-1' });

    clearToasts();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'x-request-id': 'req-header-2' } })));
    await apiCall('whiteLabelList').catch(() => undefined);
    expect(toasts()[0]).toMatchObject({ kind: 'error', requestId: 'req-header-2' });

    clearToasts();
    reply(403, { error: 'Forbidden', code: 'FORBIDDEN' });
    await apiCall('whiteLabelList').catch(() => undefined);
    expect(toasts()[0]!.requestId).toBeUndefined();
  });

  it('says field errors in the UI language from their codes, not from the English message', async () => {
    signIn();
    await i18n.changeLanguage('de');
    reply(400, {
      error: 'Die Anfrage ist ungültig.',
      code: 'VALIDATION_FAILED',
      errors: [
        { field: 'imsi', code: 'invalidImsi', message: 'IMSI must have 15 digits' },
        { field: 'page', code: 'wholeNumber', params: { field: 'page', min: 0, max: 100 }, message: 'page must be a whole number from 0 to 100' },
        { field: 'password', code: 'PASSWORD_LENGTH', message: 'Password must be between 8 and 20 characters long' },
        { field: 'x', code: 'text', params: { text: 'as sent' }, message: 'as sent' },
      ],
    });
    const err = (await apiCall('whiteLabelList').catch((e: unknown) => e)) as ApiError;
    expect(err.messages).toEqual([
      'Die IMSI muss 15 Ziffern haben',
      'page muss eine ganze Zahl von 0 bis 100 sein',
      'Das Passwort muss zwischen 8 und 20 Zeichen lang sein',
      'as sent',
    ]);
    await i18n.changeLanguage('en');
  });

  it('toasts a read-only refusal with its own message, in the UI language when the server sends none', async () => {
    signIn();
    reply(403, { error: 'Your role has read-only access here: you can view this but not change it.', code: 'READ_ONLY_ROLE' });
    const err = (await apiCall('importRoles').catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('READ_ONLY_ROLE');
    expect(getSession()).not.toBeNull();
    expect(toasts()[0]).toMatchObject({ kind: 'error', message: 'Your role has read-only access here: you can view this but not change it.' });

    clearToasts();
    await i18n.changeLanguage('de');
    reply(403, { code: 'READ_ONLY_ROLE' });
    await apiCall('importRoles').catch(() => undefined);
    expect(toasts()[0]!.message).toBe('Ihre Rolle hat hier nur Lesezugriff: Sie können dies ansehen, aber nicht ändern.');
    await i18n.changeLanguage('en');
  });

  it('ends the session on a 401 of a signed-in call', async () => {
    signIn();
    reply(401, { error: 'You are not signed in.', code: 'UNAUTHENTICATED' });
    await expect(apiCall('role')).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('keeps a 401 of the public sign-in calls as a message', async () => {
    signIn();
    reply(401, { error: 'Wrong username or password.', code: 'INVALID_CREDENTIALS' });
    const err = (await apiCall('login', { body: { username: 'a', password: 'b' }, toast: false }).catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('Wrong username or password.');
    expect(err.code).toBe('INVALID_CREDENTIALS');
    expect(getSession()).not.toBeNull();
    expect(toasts()).toHaveLength(0);
  });

  it('refuses an answer that breaks the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reply(200, { model: [{ id: 'not a number' }] });
    const err = (await apiCall('whiteLabelList').catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('BAD_RESPONSE');
  });

  it('reports an unreachable server', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('fetch failed'))));
    const err = (await apiCall('whiteLabelList').catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('NETWORK');
    expect(toasts()[0]!.message).toMatch(/cannot be reached/);
  });

  it('downloads a file under its UTF-8 name with the session headers', async () => {
    signIn();
    const fn = vi.fn(
      async () =>
        new Response('a;b\n', {
          status: 200,
          headers: { 'content-disposition': `attachment; filename="M_ller.csv"; filename*=UTF-8''M%C3%BCller.csv` },
        }),
    );
    vi.stubGlobal('fetch', fn);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    await expect(downloadFile('/csv/import?hash=abc', 'fallback.csv')).resolves.toBe(true);
    expect(clicked).toEqual(['Müller.csv']);
    expect((fn.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({ authorization: 'Bearer test-token' });
  });

  it('a download refused with 401 ends the session; other refusals are toasted, never thrown', async () => {
    signIn();
    reply(404, { error: 'The export has expired', code: 'NOT_FOUND' });
    await expect(downloadFile('/csv/locations?hash=old', 'x.csv')).resolves.toBe(false);
    expect(toasts()[0]!.message).toBe('The export has expired');
    expect(getSession()).not.toBeNull();
    reply(401, { error: 'Your session has ended', code: 'UNAUTHENTICATED' });
    await expect(downloadFile('/csv/locations?hash=old', 'x.csv')).resolves.toBe(false);
    expect(getSession()).toBeNull();
  });

  it('uploads a file as multipart and rejects with the server message', async () => {
    signIn();
    const fn = reply(400, { error: 'The file was not uploaded: it is empty', code: 'VALIDATION_FAILED' });
    const file = new File([''], 'empty.csv', { type: 'text/csv' });
    await expect(uploadFile('/import/upload', file, { kind: 'SIM', server: undefined })).rejects.toMatchObject({
      status: 400,
      message: 'The file was not uploaded: it is empty',
    });
    const body = (fn.mock.calls[0]![1] as RequestInit).body as FormData;
    expect(body.get('kind')).toBe('SIM');
    expect(body.has('server')).toBe(false);
    expect((body.get('file') as File).name).toBe('empty.csv');
    expect(getSession()).not.toBeNull();
  });
});
