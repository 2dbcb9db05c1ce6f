// A month of telemetry for the sample devices (a fixed, small set whatever the fleet size): location paths with
// wifi/cell/provider detail, communications with gaps, temperatures, safe-zone crossings, device logs, and the
// owners' voice messages and app logs. Bounded in size, so built in memory.
import { OPERATORS } from './catalog.js';
import type { Row } from './copy.js';
import { DAY, HOUR, MINUTE, type OwnerProfile, type Plan, type Slot, deviceData, ownerProfile, wifiMac } from './fleet.js';
import { Rng, Stream, rngFor } from './prng.js';
import type { ZonePlan } from './tables.js';

const iso = (ms: number) => new Date(ms).toISOString();
const DAYS = 30;

export interface Telemetry {
  location: Row[];
  location_wifi: Row[];
  location_gsm: Row[];
  location_provider_fix: Row[];
  device_communication: Row[];
  device_temperature: Row[];
  safe_zone_log: Row[];
  device_log: Row[];
  voice_message: Row[];
  app_log: Row[];
}

export const TELEMETRY_COLUMNS: Record<keyof Telemetry, string[]> = {
  location: ['id', 'device_id', 'time', 'latitude', 'longitude', 'radius', 'altitude', 'angle', 'speed', 'gsm_operator', 'gsm_cell_id', 'is_valid', 'reason', 'source', 'created'],
  location_wifi: ['location_id', 'mac_address', 'signal'],
  location_gsm: ['location_id', 'mcc', 'mnc', 'lac', 'cell_id', 'signal'],
  location_provider_fix: ['location_id', 'provider', 'latitude', 'longitude', 'radius'],
  device_communication: ['device_id', 'time', 'kind', 'gap_seconds', 'latitude', 'longitude', 'signal', 'battery', 'created'],
  device_temperature: ['device_id', 'time', 'temperature', 'battery_temperature', 'created'],
  safe_zone_log: ['device_id', 'safe_zone_id', 'type', 'latitude', 'longitude', 'time', 'created'],
  device_log: ['device_id', 'file_name', 'log_level', 'duration', 'size_bytes', 'content', 'created'],
  voice_message: ['user_id', 'device_id', 'to_device', 'duration_seconds', 'file_name', 'content_type', 'size_bytes', 'content', 'listened', 'created'],
  app_log: ['user_id', 'file_name', 'platform', 'app_version', 'size_bytes', 'content', 'created'],
};

// §4 location sources: 0 invalid, 1 GPS, 2 GEOLOCATOR, 3 SKYHOOK, 4 OPENCELLID, 5 UNWIRED, 6 WIFI, 7 phone, 8 CELL
const SOURCES = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const SOURCE_WEIGHTS = [3, 55, 4, 3, 3, 3, 15, 4, 10];
const PROVIDER_OF: Record<number, string> = { 1: 'GPS', 2: 'GEOLOCATOR', 3: 'SKYHOOK', 4: 'OPENCELLID', 5: 'UNWIRED' };
const REASONS = [1, 2, 3, 4, 7, 8, 16, 19, 20, 10, 9];
const REASON_WEIGHTS = [80, 2, 1, 2, 3, 4, 2, 3, 1, 1, 1];

type Point = { lat: number; lng: number };
const lerp = (a: Point, b: Point, t: number): Point => ({ lat: a.lat + (b.lat - a.lat) * t, lng: a.lng + (b.lng - a.lng) * t });
/** metres between two points (equirectangular, fine at city scale) */
const metres = (a: Point, b: Point) => {
  const x = (b.lng - a.lng) * Math.cos(((a.lat + b.lat) / 2) * (Math.PI / 180));
  return Math.sqrt(x * x + (b.lat - a.lat) ** 2) * 111_320;
};

/** Where the child is at `hour` (0-24) of a school day: home, the way to school, school, an afternoon place. */
function positionAt(hour: number, home: Point, school: Point, afternoon: Point, weekend: boolean): { p: Point; moving: boolean } {
  if (weekend) {
    if (hour < 10 || hour > 18) return { p: home, moving: false };
    if (hour < 10.5) return { p: lerp(home, afternoon, (hour - 10) / 0.5), moving: true };
    if (hour > 17.5) return { p: lerp(afternoon, home, (hour - 17.5) / 0.5), moving: true };
    return { p: afternoon, moving: false };
  }
  if (hour < 7.5) return { p: home, moving: false };
  if (hour < 8) return { p: lerp(home, school, (hour - 7.5) / 0.5), moving: true };
  if (hour < 13.5) return { p: school, moving: false };
  if (hour < 14) return { p: lerp(school, afternoon, (hour - 13.5) / 0.5), moving: true };
  if (hour < 16.5) return { p: afternoon, moving: false };
  if (hour < 17) return { p: lerp(afternoon, home, (hour - 16.5) / 0.5), moving: true };
  return { p: home, moving: false };
}

export function buildTelemetry(
  plan: Plan,
  sample: Slot[],
  zonesByOwner: Map<number, (ZonePlan & { id: number })[]>,
): Telemetry {
  const t: Telemetry = {
    location: [], location_wifi: [], location_gsm: [], location_provider_fix: [], device_communication: [],
    device_temperature: [], safe_zone_log: [], device_log: [], voice_message: [], app_log: [],
  };
  const startDay = plan.anchor - DAYS * DAY;
  let locationId = 0;
  for (const s of sample) {
    const owner: OwnerProfile = ownerProfile(plan, s.ownerId, s.type, s.operator);
    const child = deviceData(plan, s, owner);
    const r = rngFor(plan.seed, Stream.location, s.id);
    const op = OPERATORS[s.operator];
    const mcc = Number(op.start.slice(0, 3));
    const mnc = Number(op.start.slice(3));
    const zones = (zonesByOwner.get(owner.id) ?? []).filter((z) => z.devices.includes(s.id));
    const home: Point = { lat: owner.lat, lng: owner.lng };
    const schoolZone = zones.find((z) => z.name !== 'Home');
    const school: Point = schoolZone ?? { lat: home.lat + r.float(-0.02, 0.02), lng: home.lng + r.float(-0.03, 0.03) };
    const afternoons: Point[] = [0, 1, 2].map(() => ({ lat: home.lat + r.float(-0.015, 0.015), lng: home.lng + r.float(-0.02, 0.02) }));
    for (let day = 0; day < DAYS; day++) {
      const dayStart = startDay + day * DAY;
      const weekend = [0, 6].includes(new Date(dayStart).getUTCDay());
      const afternoon = r.pick(afternoons);
      // locations: ~50 fixes between 06:30 and 21:30
      const fixes = r.int(40, 60);
      const hours = Array.from({ length: fixes }, () => r.float(6.5, 21.5)).sort((a, b) => a - b);
      let prev: Point | null = null;
      let prevInside = new Map<number, boolean>();
      for (const h of hours) {
        const { p, moving } = positionAt(h, home, school, afternoon, weekend);
        const source = SOURCES[r.weighted(SOURCE_WEIGHTS)];
        const radius = source === 1 ? r.int(4, 30) : source === 6 ? r.int(20, 90) : source === 8 ? r.int(300, 1500) : r.int(30, 400);
        const jitter = radius / 111_320;
        const pos = { lat: p.lat + r.float(-jitter, jitter), lng: p.lng + r.float(-jitter, jitter) * 1.5 };
        const time = dayStart + Math.floor(h * HOUR);
        const speed = moving ? r.float(3, 25) : r.float(0, 1.5);
        const angle = prev ? Math.round(((Math.atan2(pos.lng - prev.lng, pos.lat - prev.lat) * 180) / Math.PI + 360) % 360) : r.int(0, 359);
        const reason = REASONS[r.weighted(REASON_WEIGHTS)];
        const cell = 10_000 + r.int(0, 40_000);
        locationId++;
        t.location.push([
          locationId, s.id, iso(time), pos.lat.toFixed(6), pos.lng.toFixed(6), radius, r.float(20, 140).toFixed(1), angle,
          speed.toFixed(1), op.start, String(cell), source !== 0, reason, source, iso(time + r.int(1_000, 20_000)),
        ]);
        if (source === 6 || (source === 1 && r.chance(0.3))) {
          const aps = r.int(2, 4);
          const base = r.int(0, plan.wifiAccessPoints - 1);
          for (let k = 0; k < aps; k++) t.location_wifi.push([locationId, wifiMac((base + k * 7) % plan.wifiAccessPoints), -r.int(45, 95)]);
        }
        if (source === 8 || r.chance(0.5)) {
          const cells = source === 8 ? r.int(2, 3) : 1;
          for (let k = 0; k < cells; k++) t.location_gsm.push([locationId, mcc, mnc, r.int(1000, 60000), cell + k, -r.int(60, 115)]);
        }
        const provider = PROVIDER_OF[source];
        if (provider && source !== 1) {
          t.location_provider_fix.push([locationId, provider, pos.lat.toFixed(6), pos.lng.toFixed(6), radius]);
          if (r.chance(0.4)) {
            const alt = r.pick(['GEOLOCATOR', 'SKYHOOK', 'OPENCELLID', 'UNWIRED'].filter((x) => x !== provider));
            t.location_provider_fix.push([locationId, alt, (pos.lat + r.float(-0.002, 0.002)).toFixed(6), (pos.lng + r.float(-0.003, 0.003)).toFixed(6), r.int(50, 900)]);
          }
        }
        // safe-zone crossings
        const inside = new Map<number, boolean>();
        for (const z of zones) {
          const isIn = metres(pos, z) <= z.radius;
          inside.set(z.id, isIn);
          const was = prevInside.get(z.id);
          if (was !== undefined && was !== isIn && z.enabled) {
            t.safe_zone_log.push([s.id, z.id, isIn ? 9 : 0, pos.lat.toFixed(6), pos.lng.toFixed(6), iso(time), iso(time + 2_000)]);
          }
        }
        prevInside = inside;
        prev = pos;
      }
      // communications: every 5-30 minutes from 06:00 to 22:00, with an occasional silence of hours
      let c = dayStart + 6 * HOUR + r.int(0, 30) * MINUTE;
      let last: number | null = null;
      let battery = r.int(70, 100);
      while (c < dayStart + 22 * HOUR) {
        const kind = ['heartbeat', 'location', 'sms', 'data'][r.weighted([60, 30, 5, 5])];
        const { p } = positionAt((c - dayStart) / HOUR, home, school, afternoon, weekend);
        battery = Math.max(3, battery - r.int(0, 2));
        t.device_communication.push([s.id, iso(c), kind, last === null ? null : Math.round((c - last) / 1000), p.lat.toFixed(5), p.lng.toFixed(5), -r.int(55, 110), battery, iso(c + 500)]);
        last = c;
        c += r.chance(0.03) ? r.int(90, 360) * MINUTE : r.int(5, 30) * MINUTE;
      }
      // temperatures: hourly
      for (let h = 0; h < 24; h++) {
        const wrist = h >= 7 && h <= 21;
        const temp = wrist ? r.float(30.5, 34.5) : r.float(21, 26);
        t.device_temperature.push([s.id, iso(dayStart + h * HOUR + r.int(0, 59) * MINUTE), temp.toFixed(1), (temp + r.float(0.5, 3)).toFixed(1), iso(dayStart + (h + 1) * HOUR)]);
      }
    }
    // device logs
    for (let k = 0; k < 2; k++) {
      const at = plan.anchor - r.int(1, 25) * DAY;
      const content = Buffer.from(deviceLogText(r, s.id, at, child.firmware));
      const stamp = iso(at).slice(0, 19).replace(/[-:T]/g, '');
      t.device_log.push([s.id, `device_${s.id}_${stamp}_${k}.log`, r.pick([1, 2, 3]), r.pick([30, 60]), content.length, content, iso(at)]);
    }
    // voice messages and app logs of the owner
    for (let k = 0; k < 12; k++) {
      const at = plan.anchor - r.int(1, 30 * 24 * 60) * MINUTE;
      const duration = r.int(1, 4);
      const audio = toneWav(duration, r.pick([330, 440, 523, 660]));
      t.voice_message.push([owner.id, s.id, r.chance(0.5), duration, `voice_${owner.id}_${s.id}_${k}.wav`, 'audio/wav', audio.length, audio, r.chance(0.8), iso(at)]);
    }
    for (let k = 0; k < 3; k++) {
      const at = plan.anchor - r.int(1, 60) * DAY;
      const platform = owner.ios ? 'ios' : 'android';
      const version = r.pick(['3.8.1', '3.9.0', '4.0.2']);
      const content = Buffer.from(`${iso(at)} INFO app ${version} (${platform}) started\n${iso(at + 4_000)} INFO signed in as ${owner.email}\n${iso(at + 9_000)} WARN push token refresh\n`);
      t.app_log.push([owner.id, `app_${owner.id}_${s.id}_${k}.log`, platform, version, content.length, content, iso(at)]);
    }
  }
  return t;
}

/**
 * A real, small audio file for a voice message: `seconds` of a tone at `hz` that fades out, as a WAV (RIFF, PCM,
 * 8 kHz, 8-bit mono: 8 kB a second), which every browser's <audio> plays.
 */
export function toneWav(seconds: number, hz: number): Buffer {
  const rate = 8000;
  const n = rate * seconds;
  const b = Buffer.alloc(44 + n);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + n, 4);
  b.write('WAVEfmt ', 8, 'ascii');
  b.writeUInt32LE(16, 16); // fmt chunk size
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate, 28); // bytes per second
  b.writeUInt16LE(1, 32); // block align
  b.writeUInt16LE(8, 34); // bits per sample
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(n, 40);
  for (let i = 0; i < n; i++) b[44 + i] = Math.round(128 + 90 * (1 - i / n) * Math.sin((2 * Math.PI * hz * i) / rate));
  return b;
}

function deviceLogText(r: Rng, deviceId: number, at: number, firmware: string): string {
  const lines = [`# device ${deviceId} firmware ${firmware}`];
  let t = at;
  for (let i = 0; i < 40; i++) {
    t += r.int(1, 90) * 1000;
    lines.push(`${iso(t)} ${r.pick(['INFO', 'INFO', 'INFO', 'DEBUG', 'WARN'])} ${r.pick(['gps fix acquired', 'gsm registered', 'heartbeat sent', 'battery check', 'wifi scan 4 aps', 'sms received', 'upload ok'])}`);
  }
  return `${lines.join('\n')}\n`;
}
