import { randomBytes } from 'node:crypto';
import type { RouteName } from '@tracker/contract';
import { exportHash } from './export-hash.js';
import type { SampleBuilder } from './index.js';

/** A whitelist number nobody else uses (the matrix adds one per call). */
const freshNumber = () => `+4930${String(randomBytes(4).readUInt32BE(0)).padStart(10, '0')}`;

/** Valid requests of the traffic and carrier whitelist routes (docs/sms-traffic.md). */
export const TRAFFIC_SAMPLES: Partial<Record<RouteName, SampleBuilder>> = {
  smsSearch: () => ({ path: '/sms/search?query=STATUS&from=2026-01-01&to=2026-01-02' }),
  smsStatistics: () => ({ path: '/sms/statistics' }),
  smsCsvGenerate: () => ({ path: '/csv/generate/sms?from=2026-01-01&to=2026-01-02' }),
  // a hash is good only for the user who generated it
  ...Object.fromEntries(
    (['csvSmsGlobal', 'csvSmsError'] as const).map((name) => [
      name,
      (async (ctx) => {
        const hash = await exportHash(ctx, 'sms_traffic', { query: null, from: '2026-01-01', to: '2026-01-02' });
        return { path: `/csv/${name === 'csvSmsGlobal' ? 'sms_global' : 'sms_error'}?hash=${hash}` };
      }) satisfies SampleBuilder,
    ]),
  ),
  gsmSearch: () => ({ path: '/sms/gsmSearch?query=49' }),
  updateWhiteListNumber: () => ({ path: '/updateWhiteListNumber', body: { number: freshNumber(), is_allowed: true, comment: 'matrix' } }),
};
