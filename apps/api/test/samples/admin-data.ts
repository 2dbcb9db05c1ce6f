import { randomBytes, randomInt } from 'node:crypto';
import { deviceTypeScope, type RoleId, type RouteName } from '@tracker/contract';
import type { TestApi } from '../harness.js';
import type { SampleBuilder } from './index.js';

/** A MAC no seeded access point has (the seed's start with vendor prefixes; these with 02, a locally administered one). */
export const freshMac = () => `02${randomBytes(5).toString('hex').toUpperCase()}`;

/** An access point stored directly, for the calls that change or delete one. */
export async function wifiRow(api: TestApi): Promise<string> {
  const mac = freshMac();
  await api.pool.query('INSERT INTO wifi_access_point (mac, latitude, longitude) VALUES ($1, 48.1, 11.5)', [mac]);
  return mac;
}

async function firstTranslation(api: TestApi) {
  return (await api.pool.query('SELECT id, key, language_code, device_type_id, value, is_html FROM translation ORDER BY id LIMIT 1')).rows[0];
}

/**
 * The default with the fewest devices behind it that may be pushed (the push writes one SMS per device of the type),
 * and its type.
 */
async function pushable(api: TestApi, role: RoleId) {
  // a partner manager's own type (§6 partner scope), any type for the others
  return (
    await api.pool.query(
      `SELECT d.id, d.device_type_id, d.setting_no, d.name, d.value, d.synced, d.editable, d.types FROM default_setting d
       WHERE d.editable AND ($1::int IS NULL OR d.device_type_id = $1)
       ORDER BY (SELECT count(*) FROM device v WHERE v.device_type_id = d.device_type_id), d.id LIMIT 1`,
      [deviceTypeScope(role)],
    )
  ).rows[0];
}

/** Valid requests of the translations, default settings and wifi routes (role 1 only; the matrix calls each once per role). */
export const ADMIN_DATA_SAMPLES: Partial<Record<RouteName, SampleBuilder>> = {
  translationAll: () => ({ path: '/translation/all?language=en' }),
  translationAdd: () => ({
    path: '/translation/add',
    body: { key: `MATRIX_${randomBytes(6).toString('hex')}`, language_code: 'en', device_type_id: 1, value: 'x', is_html: false },
  }),
  translationEdit: async ({ api }) => ({ path: '/translation/edit', body: await firstTranslation(api) }),
  settingDefaults: ({ role }) => ({ path: `/setting/defaults?device_type_id=${deviceTypeScope(role) ?? 1}` }),
  settingAddDefault: ({ role }) => ({
    path: '/setting/addDefault',
    body: { device_type_id: deviceTypeScope(role) ?? 1, setting_no: 100_000 + randomInt(1_000_000), name: 'matrix', value: '1' },
  }),
  settingEditDefault: async ({ api, role }) => {
    const { id, name, value, synced, editable, types } = await pushable(api, role);
    return { path: '/setting/editDefault', body: { id, name, value, synced, editable, types } };
  },
  settingPushToAll: async ({ api, role }) => {
    const d = await pushable(api, role);
    return { path: `/setting/pushToAll?setting_no=${d.setting_no}&device_type_id=${d.device_type_id}` };
  },
  wifiSearch: () => ({ path: '/geolocation/wifi/search?query=&count=25&page=0' }),
  wifiDetails: async ({ api }) => ({ path: `/geolocation/wifi/details?id=${await wifiRow(api)}` }),
  wifiSave: async ({ api }) => {
    const mac = await wifiRow(api);
    return { path: `/geolocation/wifi/save?oldMac=${mac}`, body: { mac, latitude: 1, longitude: 2 } };
  },
  wifiCreate: () => ({ path: '/geolocation/wifi/', body: { mac: freshMac(), latitude: 1, longitude: 2 } }),
  wifiDelete: async ({ api }) => ({ path: '/geolocation/wifi/delete', body: { id: await wifiRow(api) } }),
};
