// The command ledger's per-user quota (docs/sms.md "Quotas"): sends counted per user in Redis, 429 with Retry-After
// past the minute's or the day's limit; a refused send stores nothing; another user keeps their own quota.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApi, type TestApi } from './harness.js';
import { watches } from './sms-helpers.js';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ COMMAND_QUOTA_PER_MINUTE: '20', COMMAND_QUOTA_PER_DAY: '25' });
}, 120_000);
afterAll(() => api?.close());

it('the 21st send in a minute is 429 with when to retry, stores nothing, and leaves other users their own quota', async () => {
  const admin = await api.signIn('admin');
  const [d] = await watches(api, 1, 1, 20);
  const count = async () => (await api.pool.query('SELECT count(*)::int AS n FROM sms_message WHERE device_id = $1', [d!.id])).rows[0].n as number;
  for (let i = 0; i < 20; i++) expect((await api.post('/sms/send', { command_key: 'LOCATE', message: '', device_id: d!.id }, admin)).status, `send ${i + 1}`).toBe(200);
  const before = await count();
  const r = await api.post('/sms/send', { command_key: 'LOCATE', message: '', device_id: d!.id }, admin);
  expect(r.status).toBe(429);
  expect(r.body).toMatchObject({ code: 'THROTTLED', errors: [{ field: 'command', code: 'smsQuotaMinute', params: { limit: 20 } }] });
  const wait = Number(r.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(60);
  expect(r.body.errors[0].params.seconds).toBe(wait);
  expect(await count()).toBe(before);
  // a setting push is a send as well
  expect((await api.get(`/setting/push?device_id=${d!.id}&setting_no=5`, admin)).status).toBe(429);
  // the confirmation of a bulk send is no send (it stores nothing): asked for, it is answered
  expect((await api.post('/sms/sendBulk', { command_key: 'LOCATE', message: '', devices: [d!.id], device_type: 1 }, admin)).body.model.confirm_token).toBeTruthy();
  // another user sends
  const partner = await api.signIn('partnera-manager');
  const [p] = await watches(api, 2, 1, 20);
  expect((await api.post('/sms/send', { command_key: 'LOCATE', message: '', device_id: p!.id }, partner)).status).toBe(200);
});

it('past the day’s limit the wait is the rest of the day', async () => {
  const partner = await api.signIn('partnera-tier1');
  const [p] = await watches(api, 2, 1, 21);
  // the day's 25: the minute's 20 and then, a minute later, 5 more (the minute's counter reset by hand here)
  for (let i = 0; i < 20; i++) expect((await api.post('/sms/send', { command_key: 'LOCATE', message: '', device_id: p!.id }, partner)).status).toBe(200);
  const prefix = process.env.REDIS_KEY_PREFIX!;
  const userId = (await api.pool.query("SELECT id FROM backoffice_user WHERE username = 'partnera-tier1'")).rows[0].id;
  const { Redis } = await import('ioredis');
  const redis = new Redis(process.env.REDIS_URL!);
  await redis.del(`${prefix}cmdq:${userId}:m`);
  for (let i = 0; i < 5; i++) expect((await api.post('/sms/send', { command_key: 'LOCATE', message: '', device_id: p!.id }, partner)).status).toBe(200);
  const r = await api.post('/sms/send', { command_key: 'LOCATE', message: '', device_id: p!.id }, partner);
  await redis.quit();
  expect(r.status).toBe(429);
  expect(r.body.errors[0]).toMatchObject({ code: 'smsQuotaDay', params: { limit: 25 } });
  expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(60);
});
