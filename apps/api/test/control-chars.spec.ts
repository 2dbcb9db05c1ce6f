import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devUser, startApi, type TestApi } from './harness.js';

/** Control characters anywhere in the input are a 400 from validation naming the field, never a 500. */
let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await startApi();
  token = await api.signIn('admin');
});
afterAll(() => api?.close());

const controlError = (field: string) => ({ field, code: 'controlChars', message: 'Must not contain control characters' });

describe('control characters', () => {
  it.each(['email', 'user_name', 'imei', 'imsi'])('GET /device/search?query=%%00&filter=%s answers 400', async (filter) => {
    const r = await api.get(`/device/search?query=%00&filter=${filter}`, token);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION_FAILED');
    expect(r.body.errors).toEqual([controlError('query')]);
  });

  it.each([
    ['NUL', 'Smi%00th'],
    ['escape', '%1B%5B31m'],
    ['tab', 'a%09b'],
    ['line feed', 'a%0Ab'],
    ['DEL', 'a%7Fb'],
    ['C1', 'a%C2%85b'],
  ])('refuses %s in a search', async (_, q) => {
    const r = await api.get(`/device/search?query=${q}&filter=user_name`, token);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([controlError('query')]);
  });

  it('keeps ordinary text, accents and emoji', async () => {
    const r = await api.get(`/device/search?query=${encodeURIComponent('Müller 😀')}&filter=user_name`, token);
    expect(r.status).toBe(200);
  });

  it('POST /login with a NUL in the username answers 400', async () => {
    const r = await api.post('/login', { username: 'admin\u0000', password: 'whatever-1' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([controlError('username')]);
    const pw = await api.post('/token', { username: 'admin', password: 'x\u0000', code: '123456' });
    expect(pw.status).toBe(400);
    expect(pw.body.errors).toEqual([controlError('password')]);
  });

  it('covers nested body fields, path params and unknown query parameters', async () => {
    const add = await api.post(
      '/user/add',
      { newUser: { email: 'ctl@example.com', first_name: 'Ann\u0000', last_name: 'Lee', white_label_vendor_id: 1 } },
      token,
    );
    expect(add.status).toBe(400);
    expect(add.body.errors).toEqual([controlError('newUser.first_name')]);

    const param = await api.get('/backoffice/forgotpassword/%00');
    expect(param.status).toBe(400);
    expect(param.body.errors).toContainEqual(controlError('uuid'));

    const junk = await api.get('/local/role?junk=%00', token);
    expect(junk.status).toBe(400);
    expect(junk.body.errors).toEqual([controlError('junk')]);

    const key = await api.call('POST', '/login', { raw: '{"username":"admin","password":"x-x-x-x-1","bad\\u0000key":1}' });
    expect(key.status).toBe(400);
  });

  it('POST /password refuses control characters in every field', async () => {
    const u = devUser('manager');
    const r = await api.post('/password', { username: u.username, current: u.password, password: 'New-pass\u0007-1', repeat: 'New-pass\u0007-1' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([controlError('password'), controlError('repeat')]);
  });
});
