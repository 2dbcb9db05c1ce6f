// Row generators of the fleet tables, one per table, each a fresh pass over the structure walk.
import {
  DEVICE_TYPES, LOCATION_INTERVALS, NAMES, NOTIFICATION_TYPES, OPERATORS, RELATIONSHIPS, SAFE_ZONE_NAMES,
  SMS_COMMANDS, SMS_REPLIES, DEFAULT_SETTINGS, EMAIL_DOMAINS, type CountryCode,
} from './catalog.js';
import type { Cell, Row } from './copy.js';
import {
  DAY, MINUTE, type OwnerProfile, type Plan, type Slot, asciiName, deviceActivationCode, deviceData, deviceImei,
  factoryActivationCode, factoryImei, linkedFactoryId, ownerProfile, phoneFor, simData, walk, wifiMac, wifiPosition,
} from './fleet.js';
import { Stream, rngFor } from './prng.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** Walk with the current owner's profile at hand (computed once per owner). */
function* withOwners(plan: Plan): Generator<[Slot, OwnerProfile | null]> {
  let owner: OwnerProfile | null = null;
  for (const s of walk(plan)) {
    if (s.ownerStart) owner = ownerProfile(plan, s.ownerId, s.type, s.operator);
    yield [s, s.ownerId ? owner : null];
  }
}

export const OWNER_COLUMNS = [
  'id', 'email', 'first_name', 'last_name', 'phone', 'white_label_vendor_id', 'external_id', 'language', 'is_test',
  'enabled', 'created', 'street', 'house_number', 'zip', 'city', 'country_code', 'language_override', 'apn_token',
  'gcm_token', 'last_login_at', 'updated_at',
];
export function* ownerRows(plan: Plan): Generator<Row> {
  for (const s of walk(plan)) {
    if (!s.ownerStart) continue;
    const o = ownerProfile(plan, s.ownerId, s.type, s.operator);
    yield [
      o.id, o.email, o.firstName, o.lastName, o.phone, o.whiteLabel, o.id % 7 === 0 ? `EXT-${o.id}` : null, o.language,
      o.isTest, o.enabled, iso(o.created), o.street, o.houseNumber, o.zip, o.city, o.country, o.languageOverride,
      o.ios ? o.pushToken : null, o.ios ? null : o.pushToken, o.lastLogin === null ? null : iso(o.lastLogin), iso(o.created),
    ];
  }
}

export const SIM_COLUMNS = ['id', 'imsi', 'iccid', 'gsm_number', 'status', 'carrier_status', 'operator_id', 'created', 'updated_at'];
export function* simRows(plan: Plan): Generator<Row> {
  for (const s of walk(plan)) {
    if (!s.hasSim) continue;
    const r = rngFor(plan.seed, Stream.sim, s.id);
    const sim = simData(s.id, s.operator);
    let status: number;
    let carrier: string;
    switch (s.status) {
      case 0:
        status = 0;
        carrier = r.chance(0.9) ? 'INACTIVE' : r.pick(['ACTIVATING', 'ACTIVATION_FAILED']);
        break;
      case 1:
        status = r.chance(0.6) ? 1 : 0;
        carrier = status === 1 ? 'ACTIVE' : 'INACTIVE';
        break;
      case 2:
        status = 1;
        carrier = r.chance(0.95) ? 'ACTIVE' : r.pick(['UNREGISTERED', 'ACTIVATING']);
        break;
      default:
        status = 2;
        carrier = r.chance(0.7) ? 'INACTIVE' : 'UNREGISTERED';
    }
    const created = iso(plan.anchor - r.int(30, 950) * DAY);
    yield [sim.id, sim.imsi, sim.iccid, sim.gsm, status, carrier, OPERATORS[s.operator].id, created, created];
  }
  for (let i = 1; i <= plan.stockSims; i++) {
    const id = plan.devices + i;
    const r = rngFor(plan.seed, Stream.sim, id);
    const sim = simData(id, r.weighted([30, 15, 20, 25, 10]));
    const created = iso(plan.anchor - r.int(1, 200) * DAY);
    yield [id, sim.imsi, sim.iccid, sim.gsm, 0, r.chance(0.95) ? 'INACTIVE' : 'ACTIVATION_FAILED', OPERATORS[sim.operator].id, created, created];
  }
}

export const FACTORY_COLUMNS = [
  'id', 'imei', 'imsi', 'iccid', 'activation_code', 'serial_number', 'device_type_id', 'firmware', 'status',
  'white_label_deployment_id', 'created',
];
export function* factoryRows(plan: Plan): Generator<Row> {
  for (let i = 1; i <= plan.factoryDevices; i++) {
    const r = rngFor(plan.seed, Stream.factory, i);
    // the factory device holds stock SIM i (the add-device wizard finds it by activation code or IMSI)
    const simId = plan.devices + i;
    const sim = simData(simId, rngFor(plan.seed, Stream.sim, simId).weighted([30, 15, 20, 25, 10]));
    const allowed = DEVICE_TYPES.filter((t) => (OPERATORS[sim.operator].device_types as readonly number[]).includes(t.id));
    const type = r.pick(allowed);
    const deployment = type.id === 1 ? (sim.operator === 3 ? 2 : 1) : type.id === 2 ? 4 : 5;
    yield [
      i, factoryImei(i), sim.imsi, sim.iccid, factoryActivationCode(i), `SN${type.short}${String(i).padStart(8, '0')}`,
      type.id, type.firmware[type.firmware.length - 1], 0, deployment, iso(plan.anchor - r.int(1, 120) * DAY),
    ];
  }
  // the records of devices that left the factory: status 2 (paired), same IMEI, SIM and activation code as the device
  for (const s of walk(plan)) {
    if (s.id > plan.settingDevices) break;
    const id = linkedFactoryId(plan, s);
    if (id === null) continue;
    const type = DEVICE_TYPES[s.type - 1];
    const sim = simData(s.id, s.operator);
    const d = deviceData(plan, s, ownerProfile(plan, s.ownerId, s.type, s.operator));
    const deployment = type.id === 1 ? (sim.operator === 3 ? 2 : 1) : type.id === 2 ? 4 : 5;
    yield [
      id, deviceImei(s.id), sim.imsi, sim.iccid, deviceActivationCode(s.id), `SN${type.short}${String(id).padStart(8, '0')}`,
      type.id, type.firmware[0], 2, deployment, iso(d.created - 30 * DAY),
    ];
  }
}

export const DEVICE_COLUMNS = [
  'id', 'imei', 'imsi', 'device_type_id', 'gsm_number', 'first_name', 'last_name', 'birth_date', 'height', 'weight',
  'gender', 'initialized', 'device_status', 'enabled', 'is_test', 'owner_id', 'sim_id', 'firmware', 'created',
  'activation_code', 'last_seen_at', 'battery', 'updated_at', 'factory_device_id',
];
export function* deviceRows(plan: Plan): Generator<Row> {
  for (const [s, owner] of withOwners(plan)) {
    const d = deviceData(plan, s, owner);
    const sim = s.hasSim ? simData(s.id, s.operator) : null;
    yield [
      s.id, deviceImei(s.id), sim?.imsi ?? null, s.type, sim?.gsm ?? null, d.firstName, d.lastName, d.birthDate, d.height,
      d.weight, d.gender, d.initialized, s.status, s.enabled, d.isTest, s.ownerId || null, sim ? s.id : null, d.firmware,
      iso(d.created), deviceActivationCode(s.id), d.lastSeen === null ? null : iso(d.lastSeen), d.battery, iso(d.created),
      linkedFactoryId(plan, s),
    ];
  }
}

// ------------------------------------------------------------------------------------- contacts, safe zones

interface ContactPlan {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string;
  isGuest: boolean;
  emergency: boolean;
  primary: boolean;
  relationship: string | null;
  devices: number[];
  created: number;
}

function ownerDevices(s: Slot): number[] {
  return Array.from({ length: s.ownerSize }, (_, i) => s.ownerFirstDevice + i);
}

function contactsOf(plan: Plan, o: OwnerProfile, devices: number[]): ContactPlan[] {
  const r = rngFor(plan.seed, Stream.contact, o.id);
  const out: ContactPlan[] = [
    {
      firstName: o.firstName, lastName: o.lastName, email: o.email, phone: o.phone, isGuest: false, emergency: true,
      primary: true, relationship: o.female ? 'Mother' : 'Father', devices, created: o.created,
    },
  ];
  const extra = r.weighted([35, 35, 20, 10]);
  const names = NAMES[o.country];
  for (let i = 0; i < extra; i++) {
    const female = r.chance(0.6);
    const first = r.pick(female ? names.female : names.male);
    const last = r.chance(0.5) ? o.lastName : r.pick(names.last);
    const k = devices.length === 1 ? 1 : r.int(1, devices.length);
    out.push({
      firstName: first, lastName: last,
      email: r.chance(0.6) ? `${asciiName(first)}.${asciiName(last)}.c${o.id}x${i}@${r.pick(EMAIL_DOMAINS)}` : null,
      phone: phoneFor(o.country as CountryCode, r), isGuest: r.chance(0.2), emergency: r.chance(0.7), primary: false,
      relationship: r.pick(RELATIONSHIPS), devices: r.sample(devices, k).sort((a, b) => a - b),
      created: o.created + r.int(0, 30) * DAY,
    });
  }
  return out;
}

export const CONTACT_COLUMNS = ['id', 'user_id', 'first_name', 'last_name', 'email', 'phone', 'is_guest', 'emergency', 'primary', 'relationship', 'created', 'updated_at'];
export function* contactRows(plan: Plan, links = false): Generator<Row> {
  let id = 0;
  for (const s of walk(plan)) {
    if (!s.ownerStart) continue;
    const o = ownerProfile(plan, s.ownerId, s.type, s.operator);
    for (const c of contactsOf(plan, o, ownerDevices(s))) {
      id++;
      if (links) for (const d of c.devices) yield [id, d];
      else {
        const created = iso(Math.min(c.created, plan.anchor - MINUTE));
        yield [id, o.id, c.firstName, c.lastName, c.email, c.phone, c.isGuest, c.emergency, c.primary, c.relationship, created, created];
      }
    }
  }
}

export interface ZonePlan {
  name: string;
  lat: number;
  lng: number;
  radius: number;
  enabled: boolean;
  limit: number;
  devices: number[];
}

export function zonesOf(plan: Plan, o: OwnerProfile, devices: number[]): ZonePlan[] {
  const r = rngFor(plan.seed, Stream.safeZone, o.id);
  const count = r.weighted([30, 35, 25, 10]);
  const names = r.sample(SAFE_ZONE_NAMES.slice(1), 3);
  const out: ZonePlan[] = [];
  for (let i = 0; i < count; i++) {
    // the first zone is home; the others lie 0.5-3 km away
    const home = i === 0;
    const dist = home ? 0 : r.float(0.005, 0.027);
    const angle = r.float(0, Math.PI * 2);
    out.push({
      name: home ? 'Home' : names[i - 1], lat: o.lat + dist * Math.sin(angle), lng: o.lng + dist * Math.cos(angle) * 1.5,
      radius: r.int(2, 10) * 50, enabled: r.chance(0.9), limit: r.chance(0.7) ? -1 : r.int(1, 10) * 10,
      devices: devices.length === 1 ? devices : r.sample(devices, r.int(1, devices.length)).sort((a, b) => a - b),
    });
  }
  return out;
}

export const SAFE_ZONE_COLUMNS = ['id', 'user_id', 'name', 'latitude', 'longitude', 'radius', 'enabled', 'limit_percent', 'created', 'updated_at'];
/** `collect` receives the zones of the owners it asks for (the sample owners' zones feed the safe-zone log). */
export function* safeZoneRows(
  plan: Plan,
  links = false,
  collect?: { owners: Set<number>; zones: Map<number, (ZonePlan & { id: number })[]> },
): Generator<Row> {
  let id = 0;
  for (const s of walk(plan)) {
    if (!s.ownerStart) continue;
    const o = ownerProfile(plan, s.ownerId, s.type, s.operator);
    for (const z of zonesOf(plan, o, ownerDevices(s))) {
      id++;
      if (collect?.owners.has(o.id)) {
        const list = collect.zones.get(o.id) ?? [];
        list.push({ ...z, id });
        collect.zones.set(o.id, list);
      }
      if (links) for (const d of z.devices) yield [id, d];
      else {
        const created = iso(o.created + DAY);
        yield [id, o.id, z.name, z.lat.toFixed(6), z.lng.toFixed(6), z.radius, z.enabled, z.limit, created, created];
      }
    }
  }
}

export const GUEST_COLUMNS = ['owner_id', 'guest_user_id', 'email', 'first_name', 'last_name', 'status', 'can_call', 'created', 'accepted_at'];
/** every 20th owner invited guests; accepted ones are the previous owner's account */
export function* guestRows(plan: Plan): Generator<Row> {
  let prev: OwnerProfile | null = null;
  for (const s of walk(plan)) {
    if (!s.ownerStart) continue;
    const o = ownerProfile(plan, s.ownerId, s.type, s.operator);
    if (o.id % 20 === 0) {
      const r = rngFor(plan.seed, Stream.guest, o.id);
      const names = NAMES[o.country];
      const count = r.int(1, 2);
      for (let i = 0; i < count; i++) {
        const created = o.created + r.int(1, 60) * DAY;
        if (i === 0 && prev && r.chance(0.6)) {
          yield [o.id, prev.id, prev.email, prev.firstName, prev.lastName, 'ACCEPTED', r.chance(0.5), iso(Math.min(created, plan.anchor - DAY)), iso(Math.min(created + DAY, plan.anchor - MINUTE))];
        } else {
          const first = r.pick(names.female.concat(names.male));
          const last = r.pick(names.last);
          yield [o.id, null, `${asciiName(first)}.${asciiName(last)}.g${o.id}x${i}@${r.pick(EMAIL_DOMAINS)}`, first, last, 'WAITING', false, iso(Math.min(created, plan.anchor - MINUTE)), null];
        }
      }
    }
    prev = o;
  }
}

// ------------------------------------------------------------------------------------- SMS, notifications, audit

/** the gateway's error codes and texts (stored as the reason smsGatewayError {code, message}) */
const SMS_ERRORS: [number, string][] = [[30003, 'Unreachable destination handset'], [30005, 'Unknown destination handset'],
  [30008, 'Unknown error'], [21610, 'Attempt to send to unsubscribed recipient'], [30006, 'Landline or unreachable carrier']];
const MESSAGE_ARGS: Record<string, string[]> = {
  SET_APN: ['internet', 'iot.example', 'm2m.example.net'],
  SET_SERVER: ['gw.tracker.example.net,5088'],
  SET_INTERVAL: ['120', '300', '600', '1800'],
  START_LOG: ['30', '60'],
  SEND_ATCMD: ['AT+SWOPTIONS?', 'AT+SGACT?', 'AT+CSQ'],
  CUSTOM: ['Hello from support', 'Please charge your watch', 'Test message'],
};
/** the commands of the seeded traffic (the contact and profile pushes came later: leaving them out keeps the seeded messages as they were) */
const TRAFFIC_COMMANDS = SMS_COMMANDS.filter((c) => c.key !== 'SYNC_CONTACTS' && c.key !== 'SET_PROFILE');
const COMMON_COMMANDS = TRAFFIC_COMMANDS.filter((c) => !['FACTORY_RESET', 'POWER_OFF', 'START_SSP', 'UPDATE_MODEM', 'DUP', 'SEND_ATCMD', 'START_LOG', 'SEND_LOG'].includes(c.key));

function render(template: string, arg: string): string {
  return template.replace('{message}', arg);
}

export const SMS_COLUMNS = [
  'id', 'command_key', 'message', 'device_id', 'gsm_number', 'direction', 'status', 'gateway_id', 'gateway_message_id',
  'created_by', 'created', 'sent_at', 'received_at', 'error_code', 'error_params', 'reply_to', 'expires_at', 'answered_at', 'kind',
];
/** A command's time to live in the seed: the ordinary class's six hours (libs/contract/src/commands.ts). */
const SMS_TTL = 6 * 60 * MINUTE;
const smsError = (e: [number, string] | null) => (e ? ['smsGatewayError', JSON.stringify({ code: e[0], message: e[1] })] : [null, null]);

export function* smsRows(plan: Plan, sample: Set<number>): Generator<Row> {
  let id = 0;
  for (const s of walk(plan)) {
    if (!s.hasSim) continue;
    const r = rngFor(plan.seed, Stream.sms, s.id);
    const count = sample.has(s.id) ? 60 : s.status === 0 ? (r.chance(0.1) ? 1 : 0) : [0, 1, 2, 3, 5][r.weighted([45, 25, 15, 10, 5])];
    if (!count) continue;
    const sim = simData(s.id, s.operator);
    const country = OPERATORS[s.operator].country;
    for (let i = 0; i < count; i++) {
      const cmd = r.chance(0.9) ? r.pick(COMMON_COMMANDS) : r.pick(TRAFFIC_COMMANDS);
      const args = MESSAGE_ARGS[cmd.key];
      const message = render(cmd.template, args ? r.pick(args) : '');
      const created = plan.anchor - r.int(1, 30 * 24 * 60) * MINUTE - r.int(0, 59_999);
      const recent = plan.anchor - created < 2 * DAY;
      const gateway = recent ? 1 : country === 'US' || country === 'BR' ? 3 : 2;
      const status = recent && r.chance(0.1) ? 0 : [1, 2, 3][r.weighted([8, 84, 8])];
      const sent = status >= 1 && !(status === 3 && r.chance(0.5)) ? created + r.int(200, 20_000) : null;
      const received = status === 2 && sent ? sent + r.int(3_000, 180_000) : null;
      id++;
      // the command is held until its reply is drawn (the draws stay in the order they always had)
      const command: Cell[] = [
        id, cmd.key, message, s.id, sim.gsm, 'OUTBOUND', status, gateway, status >= 1 ? `SM${id.toString(16).padStart(10, '0')}${r.hex(22)}` : null,
        r.chance(0.7) ? r.pick([1, 1, 2, 3]) : null, iso(created), sent ? iso(sent) : null, received ? iso(received) : null,
        ...smsError(status === 3 ? r.pick(SMS_ERRORS) : null), null, iso(created + SMS_TTL), null, null,
      ];
      const commandId = id;
      const reply = SMS_REPLIES[cmd.key];
      if (received && reply && r.chance(0.6)) {
        const at = received + r.int(1_000, 60_000);
        command[command.length - 2] = iso(at);
        yield command;
        id++;
        yield [
          id, cmd.key, reply.replace('{battery}', String(r.int(5, 100))).replace('{signal}', String(r.int(5, 31))), s.id, sim.gsm,
          'INBOUND', 2, gateway, `SM${id.toString(16).padStart(10, '0')}${r.hex(22)}`, null, iso(at), null, iso(at), null, null, commandId,
          null, null, 'reply',
        ];
      } else yield command;
    }
  }
}

export const NOTIFICATION_COLUMNS = ['id', 'device_id', 'user_id', 'platform', 'type', 'title', 'message', 'status', 'error_code', 'created', 'sent_at'];
export function* notificationRows(plan: Plan, sample: Set<number>): Generator<Row> {
  let id = 0;
  for (const [s, owner] of withOwners(plan)) {
    if (!owner) continue;
    const r = rngFor(plan.seed, Stream.notification, s.id);
    const count = sample.has(s.id) ? 40 : [0, 1, 2, 4][r.weighted([55, 25, 12, 8])];
    if (!count) continue;
    const child = deviceData(plan, s, owner).firstName ?? 'Your child';
    for (let i = 0; i < count; i++) {
      const t = r.pick(NOTIFICATION_TYPES);
      const status = [1, 2, 3][r.weighted([5, 85, 10])];
      const error = status !== 3 ? 0 : owner.ios ? r.pick([2, 5, 8, 100]) : r.pick([1, 400, 401, 500]);
      const created = plan.anchor - r.int(1, 30 * 24 * 60) * MINUTE;
      id++;
      yield [
        id, s.id, owner.id, owner.ios ? 'IOS' : 'ANDROID', t.type, t.title, `${t.title}: ${child}`, status, error, iso(created),
        status >= 1 && status !== 3 ? iso(created + r.int(200, 5_000)) : null,
      ];
    }
  }
}

export const AUDIT_COLUMNS = ['id', 'actor_id', 'actor_name', 'action', 'area', 'entity', 'entity_id', 'device_id', 'status', 'before', 'after', 'ip', 'created'];
const STAFF = [[1, 'admin'], [2, 'tier1'], [3, 'manager']] as const;
export function* auditRows(plan: Plan, sample: Set<number>): Generator<Row> {
  let id = 0;
  for (const [s, owner] of withOwners(plan)) {
    const r = rngFor(plan.seed, Stream.audit, s.id);
    const d = deviceData(plan, s, owner);
    const imei = deviceImei(s.id);
    id++;
    yield [id, 1, 'admin', 'POST /import/device', 'import', 'device', String(s.id), s.id, 0, null,
      { imei, device_type_id: s.type }, `10.20.${r.int(0, 255)}.${r.int(1, 254)}`, iso(d.created)];
    if (owner) {
      // paired some minutes to 30 days after both the device and its owner existed, and before the anchor: a pairing
      // that would fall after it is drawn within the time there is (clamping it to the anchor's last minute put every
      // recent pairing at 23:59 of the last day)
      const since = Math.max(d.created, owner.created);
      const room = Math.max(0, Math.min(30 * DAY, plan.anchor - MINUTE - since));
      const at = since + r.int(0, Math.floor(room / MINUTE)) * MINUTE + r.int(0, MINUTE - 1);
      id++;
      yield [id, null, 'app', 'device.assign', 'device', 'device', String(s.id), s.id, 5, { owner_id: null },
        { owner_id: owner.id }, null, iso(at)];
    }
    if (sample.has(s.id)) {
      const events: [number, string, string, object | null, object | null][] = [
        [4, 'GET /device/update', 'disabled', { enabled: true }, { enabled: false }],
        [3, 'GET /device/update', 'enabled', { enabled: false }, { enabled: true }],
        [2, 'GET /device/initialized', 'not initialized', { initialized: true }, { initialized: false }],
        [1, 'GET /device/initialized', 'initialized', { initialized: false }, { initialized: true }],
        [7, 'POST /device/swap_sim', 'swap out', { sim_id: null }, null],
        [8, 'POST /device/swap_sim', 'swap in', null, { sim_id: s.id }],
      ];
      let t = plan.anchor - 25 * DAY;
      for (const [status, action, , before, after] of events) {
        const [actorId, actorName] = r.pick(STAFF);
        t += r.int(1, 3) * DAY + r.int(0, DAY / MINUTE) * MINUTE;
        id++;
        yield [id, actorId, actorName, action, 'device', 'device', String(s.id), s.id, status, before, after,
          `10.20.${r.int(0, 255)}.${r.int(1, 254)}`, iso(Math.min(t, plan.anchor - MINUTE))];
      }
    }
  }
}

export const DEVICE_SETTING_COLUMNS = ['device_id', 'setting_no', 'value', 'synced', 'updated_at'];
export function* deviceSettingRows(plan: Plan): Generator<Row> {
  for (const [s, owner] of withOwners(plan)) {
    if (s.id > plan.settingDevices) return;
    const r = rngFor(plan.seed, Stream.setting, s.id);
    const at = iso(plan.anchor - r.int(1, 300) * DAY);
    for (const [no, , value] of DEFAULT_SETTINGS) {
      let v = value;
      if (no === 1) v = String(r.pick(LOCATION_INTERVALS));
      else if (no === 2) v = String(r.pick([8, 12, 16, 24]));
      else if (no === 3 && owner) v = { DE: 'Europe/Berlin', ES: 'Europe/Madrid', US: 'America/Chicago', BR: 'America/Sao_Paulo' }[owner.country];
      else if (no === 4 && owner) v = owner.language;
      else if (no === 6 && owner) v = owner.phone;
      else if (s.type === 3 && no === 5) v = '0';
      yield [s.id, no, v, r.chance(0.92), at];
    }
  }
}

export const WIFI_COLUMNS = ['mac', 'latitude', 'longitude', 'fixed', 'blacklisted', 'user_id', 'created', 'updated_at'];
export function* wifiRows(plan: Plan, owners: number): Generator<Row> {
  for (let i = 0; i < plan.wifiAccessPoints; i++) {
    const { lat, lng, r } = wifiPosition(plan, i);
    const created = iso(plan.anchor - r.int(1, 700) * DAY);
    yield [wifiMac(i), lat.toFixed(6), lng.toFixed(6), r.chance(0.1), r.chance(0.02), owners && r.chance(0.3) ? r.int(1, owners) : null, created, created];
  }
}
