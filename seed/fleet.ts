// The fake fleet as pure functions of (seed, id): the structure walk decides which devices belong to which
// owner; owner, device and SIM details come from per-entity random streams. Each table's pass re-runs the
// walk (cheap) and derives only its own rows, so nothing fleet-sized is ever kept in memory.
import {
  CITIES, type CountryCode, DEVICE_TYPES, EMAIL_DOMAINS, LANGUAGE_OF, NAMES, OPERATORS, OPERATOR_WEIGHTS, STREETS,
  WIFI_OUIS,
} from './catalog.js';
import { Permutation, Rng, Stream, hash32, rngFor } from './prng.js';

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const MINUTE = 60_000;

export interface Plan {
  seed: number;
  devices: number;
  /** generated times lie before this instant (ms) */
  anchor: number;
  /** SIM cards in stock (not in a device) */
  stockSims: number;
  /** unsold devices from the factory; each holds one of the first stock SIMs */
  factoryDevices: number;
  /** devices with a month of telemetry (locations, communications, temperatures, ...) */
  sampleDevices: number;
  /** devices with per-device settings rows (the rest use the defaults) */
  settingDevices: number;
  wifiAccessPoints: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

export function makePlan(seed: number, devices: number, anchor: number): Plan {
  return {
    seed,
    devices,
    anchor,
    stockSims: clamp(Math.ceil(devices / 20), 50, 50_000),
    factoryDevices: clamp(Math.ceil(devices / 40), 20, 25_000),
    sampleDevices: Math.min(20, devices),
    settingDevices: Math.min(devices, 5_000),
    wifiAccessPoints: clamp(Math.ceil(devices / 4), 500, 50_000),
  };
}

// ---------------------------------------------------------------------------------------------- structure

export interface Slot {
  /** device id (1..devices) */
  id: number;
  type: number;
  /** §3 device status: 0 unassigned, 1 inactive, 2 active, 3 terminated */
  status: number;
  enabled: boolean;
  /** 0 when the device has no owner */
  ownerId: number;
  /** the first device of its owner: the owner's rows are written here */
  ownerStart: boolean;
  ownerSize: number;
  ownerFirstDevice: number;
  /** index into OPERATORS */
  operator: number;
  hasSim: boolean;
}

const TYPE_WEIGHTS = [60, 25, 15];
const OWNER_SIZE_WEIGHTS = [65, 28, 7];

/** Devices in id order with their owner grouping. An owner's devices are consecutive and share type and operator. */
export function* walk(plan: Plan): Generator<Slot> {
  const r = new Rng(hash32(plan.seed, Stream.structure));
  let ownerId = 0;
  let remaining = 0;
  let ownerType = 1;
  let ownerOp = 0;
  let ownerFirst = 0;
  let ownerSize = 0;
  for (let id = 1; id <= plan.devices; id++) {
    let start = false;
    if (remaining === 0) {
      if (r.chance(0.78)) {
        ownerId++;
        ownerSize = Math.min(r.weighted(OWNER_SIZE_WEIGHTS) + 1, plan.devices - id + 1);
        remaining = ownerSize;
        ownerType = r.weighted(TYPE_WEIGHTS) + 1;
        ownerOp = r.weighted(OPERATOR_WEIGHTS[ownerType]);
        ownerFirst = id;
        start = true;
      } else {
        const type = r.weighted(TYPE_WEIGHTS) + 1;
        const status = r.chance(0.76) ? 0 : 3;
        yield {
          id, type, status, enabled: status !== 3, ownerId: 0, ownerStart: false, ownerSize: 0, ownerFirstDevice: 0,
          operator: r.weighted(OPERATOR_WEIGHTS[type]), hasSim: status === 3 || r.chance(0.85),
        };
        continue;
      }
    }
    remaining--;
    const status = r.chance(0.88) ? 2 : 1;
    yield {
      id, type: ownerType, status, enabled: r.chance(0.97), ownerId, ownerStart: start, ownerSize,
      ownerFirstDevice: ownerFirst, operator: ownerOp, hasSim: true,
    };
  }
}

export interface FleetShape {
  owners: number;
  /** the sample devices (active, enabled, owned), in id order */
  sample: Slot[];
}

export function shape(plan: Plan): FleetShape {
  let owners = 0;
  const sample: Slot[] = [];
  for (const s of walk(plan)) {
    if (s.ownerStart) owners = s.ownerId;
    // one sample device per owner keeps the sample spread over owners
    if (sample.length < plan.sampleDevices && s.status === 2 && s.enabled && s.ownerId && s.ownerStart) sample.push(s);
  }
  return { owners, sample };
}

// ---------------------------------------------------------------------------------------------- owners

export interface OwnerProfile {
  id: number;
  type: number;
  country: CountryCode;
  operator: number;
  female: boolean;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  whiteLabel: number;
  language: string;
  city: string;
  lat: number;
  lng: number;
  street: string;
  houseNumber: string;
  zip: string;
  ios: boolean;
  pushToken: string;
  created: number;
  lastLogin: number | null;
  isTest: boolean;
  enabled: boolean;
  languageOverride: boolean;
}

const FOLD: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', '’': '', "'": '' };
const asciiCache = new Map<string, string>();
export function asciiName(s: string): string {
  let v = asciiCache.get(s);
  if (v === undefined) {
    v = foldName(s);
    asciiCache.set(s, v);
  }
  return v;
}
function foldName(s: string): string {
  return s
    .toLowerCase()
    .replace(/[äöüß’']/g, (c) => FOLD[c] ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function phoneFor(country: CountryCode, r: Rng): string {
  switch (country) {
    case 'DE':
      return `+49${r.pick(['151', '160', '170', '176', '30', '40', '89'])}${r.digits(8)}`;
    case 'ES':
      return `+34${r.pick(['6', '7'])}${r.digits(8)}`;
    case 'US':
      return `+1${r.int(201, 989)}${r.digits(7)}`;
    case 'BR':
      return `+55${r.pick(['11', '21', '31', '41'])}9${r.digits(8)}`;
  }
}

export function ownerProfile(plan: Plan, id: number, type: number, operator: number): OwnerProfile {
  const r = rngFor(plan.seed, Stream.owner, id);
  const country = OPERATORS[operator].country as CountryCode;
  const names = NAMES[country];
  const female = r.chance(0.62);
  const firstName = r.pick(female ? names.female : names.male);
  const lastName = r.pick(names.last);
  const emailStyle = r.int(0, 3);
  const f = asciiName(firstName);
  const l = asciiName(lastName);
  const local = emailStyle === 0 ? `${f}.${l}${id}` : emailStyle === 1 ? `${f[0]}${l}${id}` : emailStyle === 2 ? `${f}${id}` : `${l}.${f}${id}`;
  const [city, clat, clng] = r.pick(CITIES[country]);
  const whiteLabel = type === 1 ? (r.chance(0.7) ? 1 : 2) : type === 2 ? 3 : 4;
  const ageDays = r.chance(0.12) ? r.int(1, 60) : r.int(61, 3 * 365);
  const created = plan.anchor - ageDays * DAY - r.int(0, DAY - 1);
  const ios = r.chance(0.45);
  const zip = country === 'BR' ? `${r.digits(5)}-${r.digits(3)}` : r.digits(5);
  return {
    id, type, country, operator, female, firstName, lastName,
    email: `${local}@${r.pick(EMAIL_DOMAINS)}`,
    phone: phoneFor(country, r),
    whiteLabel,
    language: LANGUAGE_OF[country],
    city,
    lat: clat + r.float(-0.06, 0.06),
    lng: clng + r.float(-0.09, 0.09),
    street: r.pick(STREETS[country]),
    houseNumber: String(r.int(1, 180)),
    zip,
    ios,
    pushToken: r.hex(64),
    created,
    lastLogin: r.chance(0.8) ? plan.anchor - r.int(1, 40 * 24 * 60) * MINUTE : null,
    isTest: r.chance(0.01),
    enabled: r.chance(0.98),
    languageOverride: r.chance(0.1),
  };
}

// ---------------------------------------------------------------------------------------------- SIMs, devices

// multipliers near 10^digits / golden ratio scatter consecutive ids over the whole range
const IMEI = new Permutation(13, 6_180_339_887_499, 1_234_567_890_123);
const IMSI = new Permutation(10, 6_180_339_887, 4_711_081_5);
const PHONE8 = new Permutation(8, 61_803_399, 31_415_926);
const PHONE9 = new Permutation(9, 618_033_989, 271_828_182);
const ICCID = new Permutation(13, 3_819_660_112_501, 5_555_555_555_555);
const ACTIVATION = new Permutation(13, 7_236_067_977_499, 2_718_281_828_459);

function luhn(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

const ICCID_CC: Record<CountryCode, string> = { DE: '49', ES: '34', US: '01', BR: '55' };

export interface SimData {
  id: number;
  imsi: string;
  iccid: string;
  gsm: string;
  operator: number;
}

/** SIM `id`: device SIMs share their device's id; stock SIMs follow the devices. All unique by construction. */
export function simData(id: number, operator: number): SimData {
  const op = OPERATORS[operator];
  const country = op.country as CountryCode;
  let gsm: string;
  switch (country) {
    case 'DE':
      gsm = `+49${['151', '152', '157', '160', '170', '176'][id % 6]}${PHONE8.of(id)}`;
      break;
    case 'ES':
      gsm = `+346${PHONE8.of(id)}`;
      break;
    case 'US':
      gsm = `+1${2 + (id % 8)}${PHONE9.of(id)}`;
      break;
    default:
      gsm = `+55${['11', '21', '31'][id % 3]}9${PHONE8.of(id)}`;
  }
  const iccidBody = `89${ICCID_CC[country]}0${ICCID.of(id)}`;
  return { id, imsi: `${op.start}${IMSI.of(id)}`, iccid: iccidBody + luhn(iccidBody), gsm, operator };
}

export const deviceImei = (id: number) => `35${IMEI.of(id)}`;

/**
 * Devices linked to the factory record they left the factory as (`device.factory_device_id`, §7 factory_details):
 * the first device of each owner among the first `settingDevices` ids (so the device pages show real factory data,
 * and other devices show "not linked"). The record's id is `factoryDevices + device id`, after the unsold ones.
 */
export const linkedFactoryId = (plan: Plan, s: Slot): number | null =>
  s.ownerStart && s.hasSim && s.id <= plan.settingDevices ? plan.factoryDevices + s.id : null;
export const factoryImei = (i: number) => `86${IMEI.of(i)}`;
export const deviceActivationCode = (id: number) => `AC${ACTIVATION.of(id)}`;
export const factoryActivationCode = (i: number) => `FC${ACTIVATION.of(i)}`;

export interface DeviceData {
  firstName: string | null;
  lastName: string | null;
  birthDate: string | null;
  height: number | null;
  weight: number | null;
  gender: number | null;
  initialized: boolean;
  isTest: boolean;
  firmware: string;
  created: number;
  lastSeen: number | null;
  battery: number | null;
}

const FIRMWARE_WEIGHTS = DEVICE_TYPES.map((t) => t.firmware.map((_, i) => 1 + i * 2));
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

export function deviceData(plan: Plan, s: Slot, owner: OwnerProfile | null): DeviceData {
  const r = rngFor(plan.seed, Stream.device, s.id);
  const type = DEVICE_TYPES[s.type - 1];
  const firmware = type.firmware[r.weighted(FIRMWARE_WEIGHTS[s.type - 1])];
  const created = plan.anchor - r.int(30, 900) * DAY - r.int(0, DAY - 1);
  const active = s.status === 2;
  const d: DeviceData = {
    firstName: null, lastName: null, birthDate: null, height: null, weight: null, gender: null,
    initialized: false, isTest: false, firmware, created, lastSeen: null, battery: null,
  };
  if (owner) {
    const names = NAMES[owner.country];
    const gender = r.chance(0.5) ? 1 : 2;
    d.gender = gender;
    d.firstName = r.pick(gender === 1 ? names.kidsM : names.kidsF);
    d.lastName = r.chance(0.85) ? owner.lastName : r.pick(names.last);
    d.birthDate = `${r.int(2012, 2021)}-${pad2(r.int(1, 12))}-${pad2(r.int(1, 28))}`;
    d.height = r.int(100, 165);
    d.weight = r.int(15, 55);
  }
  d.initialized = active ? r.chance(0.96) : false;
  d.isTest = r.chance(0.01);
  if (active) {
    d.lastSeen = plan.anchor - r.int(1, 72 * 60) * MINUTE;
    d.battery = r.int(5, 100);
  } else if (s.status === 1 && r.chance(0.5)) {
    d.lastSeen = plan.anchor - r.int(10, 200) * DAY;
  }
  return d;
}

// ---------------------------------------------------------------------------------------------- wifi

/** MAC of wifi access point `i` (12 upper-case hex digits, unique for i < 2^24 per vendor prefix) */
export function wifiMac(i: number): string {
  const suffix = ((i * 0x9e3779 + 0x5a5a5) % 0x1000000).toString(16).padStart(6, '0');
  return `${WIFI_OUIS[i % WIFI_OUIS.length]}${suffix}`.toUpperCase();
}

export function wifiPosition(plan: Plan, i: number): { lat: number; lng: number; r: Rng } {
  const r = rngFor(plan.seed, Stream.wifi, i);
  const country = r.pick(['DE', 'DE', 'ES', 'US', 'US', 'BR'] as CountryCode[]);
  const [, lat, lng] = r.pick(CITIES[country]);
  return { lat: lat + r.float(-0.08, 0.08), lng: lng + r.float(-0.12, 0.12), r };
}
