import type { RouteName } from '@tracker/contract';
import { userOfRole } from '../harness.js';
import { exportHash } from './export-hash.js';
import type { SampleBuilder } from './index.js';

/** Valid requests of the statistics and report routes (docs/statistics.md). */
export const STATS_SAMPLES: Partial<Record<RouteName, SampleBuilder>> = {
  statsList: () => ({ path: '/stats/list?type=new_registrations&from=2026-01-01&to=2026-01-31' }),
  dailyReport: () => ({ path: '/reports/daily?date=2026-01-31&days=7&tz=Europe%2FBerlin' }),
  activeDevicesStart: () => ({ path: '/reports/active_devices', body: { from: '2026-01-01', to: '2026-01-02' } }),
  // a DONE report of the role's user (a report and its exports are its creator's only)
  activeDevices: async ({ api, role }) => ({ path: `/reports/active_devices?id=${await doneRun(api, role)}` }),
  activeDevicesCsvGenerate: async ({ api, role }) => ({ path: `/csv/generate/active_devices?id=${await doneRun(api, role)}` }),
  csvActiveDevices: async (ctx) => ({ path: `/csv/active_devices?hash=${await exportHash(ctx, 'active_devices', { id: await doneRun(ctx.api, ctx.role) })}` }),
};

async function doneRun(api: Parameters<SampleBuilder>[0]['api'], role: Parameters<SampleBuilder>[0]['role']): Promise<number> {
  const r = await api.pool.query(
    `INSERT INTO report_run (kind, params, status, result, created_by, finished_at)
     VALUES ('active_devices', '{"from": "2026-01-01", "to": "2026-01-02"}', 'DONE', '{"total": 0}', (SELECT id FROM backoffice_user WHERE username = $1), now())
     RETURNING id`,
    [userOfRole(role).username],
  );
  return r.rows[0].id;
}
