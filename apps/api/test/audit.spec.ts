import { describe, expect, it } from 'vitest';
import { apiForFile, type TestApi } from './harness.js';

let api: TestApi;
let admin: string;
apiForFile(['admin'], (started, [token]) => ([api, admin] = [started, token]));

const rowsSince = async (since: number) =>
  (await api.pool.query<{ action: string; device_id: number | null; status: number | null }>(
    'select action, device_id, status from audit_event where id > $1 order by id',
    [since],
  )).rows;
const lastId = async () => Number((await api.pool.query('select coalesce(max(id), 0) as n from audit_event')).rows[0].n);

describe('audit trail: one record per mutating call', () => {
  it('a device action is recorded once, as the device event with its §4 status', async () => {
    const { rows } = await api.pool.query<{ id: number }>('select id from device where owner_id is not null order by id limit 1');
    const since = await lastId();
    const r = await api.get(`/device/initialized?device_id=${rows[0]!.id}`, admin);
    expect(r.status).toBe(200);
    const written = await rowsSince(since);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ action: 'device.reinitialize', device_id: rows[0]!.id });
    expect(written[0]!.status).not.toBeNull();
  });

  it('a call without its own record gets the generic one', async () => {
    const since = await lastId();
    const r = await api.post(
      '/user/add',
      { newUser: { email: 'audit.once@example.com', first_name: 'Audit', last_name: 'Once', white_label_vendor_id: 1, language: 'en' } },
      admin,
    );
    expect(r.status).toBe(200);
    expect((await rowsSince(since)).map((w) => w.action)).toEqual(['POST /user/add']);
  });

  it('a refused call is not recorded', async () => {
    const since = await lastId();
    const r = await api.get('/device/initialized?device_id=999999999', admin);
    expect(r.status).toBe(404);
    expect(await rowsSince(since)).toEqual([]);
  });
});
