import { PARTNER_DEVICE_TYPE, ROUTES, type RouteName } from '@tracker/contract';
import type { TestApi } from '../harness.js';
import type { SampleBuilder, SampleContext } from './index.js';

/** Partner roles get a device of their own type (§6); everyone else a device of type 1. */
const typeOf = (ctx: SampleContext) => PARTNER_DEVICE_TYPE[ctx.role] ?? 1;

type Sample = { id: number; date: string; owner: number };
const cache = new Map<string, Sample>();

/** A device of the role's type with a month of telemetry, and the last day it has fixes (UTC). */
export async function telemetryDevice(api: TestApi, type: number): Promise<Sample> {
  const key = `${api.base}:${type}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const r = await api.pool.query<Sample>(
    `SELECT d.id, d.owner_id AS owner,
       (SELECT to_char(max(l.time) AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM location l WHERE l.device_id = d.id) AS date
     FROM device d WHERE d.device_type_id = $1 AND d.owner_id IS NOT NULL
       AND EXISTS (SELECT 1 FROM location l WHERE l.device_id = d.id)
       AND EXISTS (SELECT 1 FROM device_log g WHERE g.device_id = d.id)
     ORDER BY d.id LIMIT 1`,
    [type],
  );
  const s = r.rows[0];
  if (!s) throw new Error(`no telemetry device of type ${type}`);
  cache.set(key, s);
  return s;
}

/** The last device of a type: the one the matrix removes and swaps (so the telemetry devices stay as seeded). */
async function spareDevice(api: TestApi, type: number, offset: number): Promise<number> {
  const r = await api.pool.query<{ id: number }>('SELECT id FROM device WHERE device_type_id = $1 ORDER BY id DESC OFFSET $2 LIMIT 1', [type, offset]);
  return r.rows[0]!.id;
}

/** A SIM card no device holds, of one of `operators` when given (a partner sees only its operators' SIMs). */
export async function freeSim(api: TestApi, operators?: number[]): Promise<{ id: number; imsi: string }> {
  const r = await api.pool.query<{ id: number; imsi: string }>(
    `SELECT s.id, s.imsi FROM sim_card s WHERE NOT EXISTS (SELECT 1 FROM device d WHERE d.sim_id = s.id)
       AND ($1::int[] IS NULL OR s.operator_id = ANY($1::int[])) ORDER BY s.id LIMIT 1`,
    [operators ?? null],
  );
  return r.rows[0]!;
}

/** A free SIM the signed-in role may see: of one of its operators (any for the administrator). */
async function freeSimFor(ctx: SampleContext) {
  const me = await ctx.api.get('/local/role', ctx.token);
  return freeSim(ctx.api, ctx.role === 1 ? undefined : (me.body.model.operators as number[]));
}

const withDevice =
  (make: (d: Sample, ctx: SampleContext) => string | { path: string; body?: unknown }): SampleBuilder =>
  async (ctx) => {
    const d = await telemetryDevice(ctx.api, typeOf(ctx));
    const out = make(d, ctx);
    return typeof out === 'string' ? { path: out } : out;
  };

const day = (name: RouteName) =>
  withDevice((d) => `${ROUTES[name].path}?device_id=${d.id}&date=${d.date}&tz=UTC`);
const byDevice = (name: RouteName) => withDevice((d) => `${ROUTES[name].path}?device_id=${d.id}`);

const csv =
  (name: RouteName): SampleBuilder =>
  async (ctx) => {
    const d = await telemetryDevice(ctx.api, typeOf(ctx));
    const g = await ctx.api.get(`/csv/generate?device_id=${d.id}&date=${d.date}`, ctx.token);
    // roles that may not generate get a well-formed hash: they must meet the 403 before anything else
    const hash = g.status === 200 ? (g.body.model.hash as string) : 'a'.repeat(40);
    return { path: `${ROUTES[name].path}?hash=${hash}` };
  };

export const DEVICE_SAMPLES: Partial<Record<RouteName, SampleBuilder>> = {
  deviceDetails: byDevice('deviceDetails'),
  deviceInfoImsi: byDevice('deviceInfoImsi'),
  deviceInfoImei: byDevice('deviceInfoImei'),
  // the factory record the role's device links (the seed links the telemetry devices)
  factoryDetails: async (ctx) => {
    const d = await telemetryDevice(ctx.api, typeOf(ctx));
    const f = await ctx.api.pool.query<{ factory_device_id: number }>('SELECT factory_device_id FROM device WHERE id = $1', [d.id]);
    return { path: `/device/factory_details?id=${f.rows[0]!.factory_device_id}` };
  },
  deviceUpdate: withDevice((d) => ({ path: `/device/update?device_id=${d.id}`, body: { is_test: false } })),
  deviceSettings: withDevice((d) => `/device/settings?device_id=${d.id}`),
  deviceSettingsSave: withDevice((d) => ({ path: `/device/settings?device_id=${d.id}`, body: { height: 120, weight: 25, gender: 1 } })),
  deviceInitialized: byDevice('deviceInitialized'),
  deviceRemove: async (ctx) => ({ path: `/device/remove?device_id=${await spareDevice(ctx.api, typeOf(ctx), 0)}` }),
  deviceTraces: byDevice('deviceTraces'),
  deviceTimeline: byDevice('deviceTimeline'),
  // an alarm of the role's device to mark read (each role its own, stored for the sample)
  deviceAlarmAck: async (ctx) => {
    const d = await telemetryDevice(ctx.api, typeOf(ctx));
    const r = await ctx.api.pool.query<{ id: string }>(
      `INSERT INTO sms_message (message, device_id, direction, status, kind, event_code) VALUES ('SOS:ALARM', $1, 'INBOUND', 2, 'alarm', 'sos') RETURNING id`,
      [d.id],
    );
    return { path: '/device/alarm/ack', body: { device_id: d.id, id: Number(r.rows[0]!.id) } };
  },
  locationList: day('locationList'),
  locationPath: day('locationPath'),
  locationById: async (ctx) => {
    const d = await telemetryDevice(ctx.api, typeOf(ctx));
    const l = await ctx.api.pool.query<{ id: string }>('SELECT id FROM location WHERE device_id = $1 ORDER BY id LIMIT 1', [d.id]);
    return { path: `/location/by_id?device_id=${d.id}&location_id=${l.rows[0]!.id}` };
  },
  safezoneDevice: byDevice('safezoneDevice'),
  safezoneLogs: day('safezoneLogs'),
  settingAll: byDevice('settingAll'),
  settingEdit: withDevice((d) => ({ path: `/setting/edit?device_id=${d.id}`, body: { settings: [{ setting_no: 1, value: '600' }] } })),
  settingPush: withDevice((d) => `/setting/push?device_id=${d.id}&setting_no=1`),
  settingPushAll: byDevice('settingPushAll'),
  settingLoadDefault: withDevice((d) => `/setting/loadDefault?device_id=${d.id}&type=0`),
  contactDevice: byDevice('contactDevice'),
  smsList: day('smsList'),
  smsCommands: byDevice('smsCommands'),
  deviceCommunications: day('deviceCommunications'),
  deviceTemperature: day('deviceTemperature'),
  deviceNotifications: day('deviceNotifications'),
  deviceTestNotification: byDevice('deviceTestNotification'),
  logsDevice: byDevice('logsDevice'),
  logsDeviceFile: async (ctx) => {
    const d = await telemetryDevice(ctx.api, typeOf(ctx));
    const f = await ctx.api.pool.query<{ file_name: string }>('SELECT file_name FROM device_log WHERE device_id = $1 ORDER BY id LIMIT 1', [d.id]);
    return { path: `/logs/device/file?name=${f.rows[0]!.file_name}` };
  },
  simCard: async (ctx) => ({ path: `/device/sim_card?imsi=${(await freeSimFor(ctx)).imsi}` }),
  swapSim: async (ctx) => {
    const sim = await freeSimFor(ctx);
    const device = await spareDevice(ctx.api, typeOf(ctx), 1);
    return { path: '/device/swap_sim', body: { device_id: device, sim_card_id: sim.id, gsm_number: '+4915100000001' } };
  },
  csvGenerate: day('csvGenerate'),
  csvCommunications: csv('csvCommunications'),
  csvLocations: csv('csvLocations'),
  csvDeviceTrace: csv('csvDeviceTrace'),
  csvSmsPerDevice: csv('csvSmsPerDevice'),
  csvDeviceNotification: csv('csvDeviceNotification'),
  csvSafezone: csv('csvSafezone'),
  locationDays: byDevice('locationDays'),
  safezoneLogDays: byDevice('safezoneLogDays'),
  smsDays: byDevice('smsDays'),
  communicationDays: byDevice('communicationDays'),
  temperatureDays: byDevice('temperatureDays'),
  notificationDays: byDevice('notificationDays'),
};
