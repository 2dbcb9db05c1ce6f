import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './harness.js';

/** Issue 8 item 17: the import list's day filter cuts days in the user's time zone, not in UTC. */
let api: TestApi;
let admin: string;
let noon: number; // 2021-06-10 12:00 UTC
let late: number; // 2021-06-10 23:30 UTC: 11 June in Berlin (UTC+2) and Tokyo (UTC+9)

beforeAll(async () => {
  api = await startApi();
  admin = await api.signIn('admin');
  const r = await api.pool.query<{ id: number }>(
    `INSERT INTO import (kind, file_name, status, progress, created)
     VALUES ('SIM', 'tz-noon.csv', 'FINISHED', 100, '2021-06-10T12:00:00Z'), ('SIM', 'tz-late.csv', 'FINISHED', 100, '2021-06-10T23:30:00Z')
     RETURNING id`,
  );
  [noon, late] = r.rows.map((x) => x.id) as [number, number];
});
afterAll(() => api?.close());

const ids = async (qs: string) => {
  const r = await api.get(`/import/list?page=0&${qs}`, admin);
  expect(r.status, qs).toBe(200);
  return (r.body.model.items as { id: number }[]).map((i) => i.id).filter((id) => id === noon || id === late).sort((a, b) => a - b);
};

describe('import list: the day filter in the chosen time zone', () => {
  it('cuts the day at midnight of the zone given (default UTC)', async () => {
    expect(await ids('date=2021-06-10')).toEqual([noon, late]);
    expect(await ids('date=2021-06-10&tz=UTC')).toEqual([noon, late]);
    // Berlin: 12:00 UTC is 14:00 on the 10th, 23:30 UTC is 01:30 on the 11th
    expect(await ids('date=2021-06-10&tz=Europe/Berlin')).toEqual([noon]);
    expect(await ids('date=2021-06-11&tz=Europe/Berlin')).toEqual([late]);
    // New York (UTC-4): both are on the 10th, nothing on the 11th
    expect(await ids('date=2021-06-10&tz=America/New_York')).toEqual([noon, late]);
    expect(await ids('date=2021-06-11&tz=America/New_York')).toEqual([]);
    const total = await api.get(`/import/list?page=0&date=2021-06-11&tz=Asia/Tokyo&id=${late}`, admin);
    expect(total.body.model.total).toBe(1);
  });

  it('refuses a bad day or zone with a 400 naming the field', async () => {
    for (const [qs, field] of [
      ['date=2021-02-30', 'date'],
      ['date=2021-6-1', 'date'],
      ['date=2021-06-10&tz=Mars/Base', 'tz'],
      ['date=2021-06-10&tz=US/Pacific-New', 'tz'],
    ] as const) {
      const r = await api.get(`/import/list?page=0&${qs}`, admin);
      expect(r.status, qs).toBe(400);
      expect(r.body.errors[0].field, qs).toBe(field);
    }
  });
});
