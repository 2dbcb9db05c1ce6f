// Reference data, configuration rows and back-office staff: small tables written with plain INSERTs.
import { readFileSync } from 'node:fs';
import bcrypt from 'bcrypt';
import type pg from 'pg';
import {
  COUNTRIES, DEFAULT_SETTING_PROFILES, DEFAULT_SETTINGS, DEPLOYMENTS, DEVICE_TYPES, HELP_TEXTS, LANGUAGES, OPERATORS, SMS_COMMANDS, TIME_ZONES,
  TRANSLATIONS, WHITE_LABELS, offsetMinutes,
} from './catalog.js';
import { insertRows, type Row } from './copy.js';
import { DAY, type Plan } from './fleet.js';
import { Permutation, Stream, rngFor } from './prng.js';

export interface DevUser {
  username: string;
  password: string;
  totpSecret: string | null;
  roleId: number;
}

export const DEV_USERS_FILE = new URL('./dev-users.json', import.meta.url);

export function readDevUsers(): DevUser[] {
  return JSON.parse(readFileSync(DEV_USERS_FILE, 'utf8')) as DevUser[];
}

const ALL_WHITE_LABELS = WHITE_LABELS.map((w) => w.id);
const ALL_OPERATORS = OPERATORS.map((o) => o.id);
const wlOfType = (type: number) => WHITE_LABELS.filter((w) => w.deviceType === type).map((w) => w.id);
const opsOfType = (type: number) => OPERATORS.filter((o) => (o.device_types as readonly number[]).includes(type)).map((o) => o.id);

/** What each §6 role gets besides its credentials: white labels, operators and device types. */
function staffScope(roleId: number): { whiteLabels: number[]; operators: number[]; types: number[] } {
  switch (roleId) {
    case 1:
      return { whiteLabels: ALL_WHITE_LABELS, operators: [4], types: [-1] };
    case 11:
      return { whiteLabels: wlOfType(1), operators: [1], types: [-1] };
    case 12:
    case 13:
      return { whiteLabels: wlOfType(2), operators: opsOfType(2), types: [2] };
    case 14:
    case 15:
      return { whiteLabels: wlOfType(3), operators: opsOfType(3), types: [3] };
    default:
      return { whiteLabels: ALL_WHITE_LABELS, operators: ALL_OPERATORS, types: [-1] };
  }
}

/** bcrypt (cost 10) with a salt derived from the seed, so the hash is reproducible too. */
function devHash(plan: Plan, i: number, password: string): string {
  const r = rngFor(plan.seed, Stream.misc, 9000 + i);
  const alphabet = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let salt = '';
  for (let k = 0; k < 21; k++) salt += alphabet[r.int(0, 63)];
  salt += alphabet[r.int(0, 3) * 16]; // the 22nd character carries only 2 bits
  return bcrypt.hashSync(password, `$2b$10$${salt}`);
}

const iso = (ms: number) => new Date(ms).toISOString();

export async function seedReference(client: pg.ClientBase, plan: Plan): Promise<Record<string, number>> {
  const n: Record<string, number> = {};
  const created = iso(plan.anchor - 1200 * DAY);
  n.device_type = await insertRows(client, 'device_type', ['id', 'name', 'created_at'], DEVICE_TYPES.map((t) => [t.id, t.name, created]));
  n.white_label = await insertRows(client, 'white_label', ['id', 'name', 'created_at'], WHITE_LABELS.map((w) => [w.id, w.name, created]));
  n.white_label_deployment = await insertRows(client, 'white_label_deployment', ['id', 'white_label_id', 'name', 'created_at'],
    DEPLOYMENTS.map((d) => [d.id, d.white_label_id, d.name, created]));
  n.operator = await insertRows(client, 'operator', ['id', 'name', 'start', 'region', 'device_types', 'created'],
    OPERATORS.map((o) => [o.id, o.name, o.start, o.region, [...o.device_types], created]));
  n.language = await insertRows(client, 'language', ['language_code', 'name'], LANGUAGES.map((l) => [l.language_code, l.name]));
  n.country = await insertRows(client, 'country', ['code', 'name', 'phone_code'], COUNTRIES);
  n.time_zone = await insertRows(client, 'time_zone', ['region', 'zone', 'abbreviation', 'utc_offset', 'offset_minutes'],
    TIME_ZONES.map(([region, zone, abbr, off]) => [region, zone, abbr, off, offsetMinutes(off)]));

  n.voip_central = await insertRows(client, 'voip_central', ['id', 'name', 'phone', 'created'], [
    [1, 'VoIP central Berlin', '+493012345670', created],
    [2, 'VoIP central Madrid', '+34910000123', created],
    [3, 'VoIP central Dallas', '+12145550100', created],
  ]);
  n.sms_gateway = await insertRows(client, 'sms_gateway',
    ['id', 'name', 'allowed', 'command', 'provider', 'url', 'from_number', 'rate_per_second', 'enabled', 'created'], [
      // development: Twilio's API at TWILIO_API_URL (url null), which is fleet-sim in development and tests (docs/sms.md)
      [1, 'Development gateway (fleet-sim)', ['+49', '+34', '+1', '+55', '+43', '+41', '+44'], null, 'twilio', null, '+15005550006', 50, true, created],
      [2, 'Twilio EU', ['+49', '+34', '+43', '+41', '+44'], null, 'twilio', null, '+4915735980000', 10, false, created],
      [3, 'Twilio Americas', ['+1', '+55'], 'SMS', 'twilio', null, '+12145550199', 10, false, created],
    ]);
  // the upload login (the api's) and the read-only download login a watch gets in its FOTA command (fleet-sim's two)
  n.ftp_server = await insertRows(client, 'ftp_server', ['id', 'name', 'host', 'port', 'username', 'password', 'download_username', 'download_password', 'base_path', 'passive', 'created'], [
    [1, 'Local firmware FTP (fleet-sim)', '127.0.0.1', 2121, 'firmware', 'firmware-dev', 'firmware-dl', 'firmware-dl-dev', '/firmware', true, created],
    [2, 'Firmware mirror EU', 'ftp-eu.firmware.example.net', 21, 'fup', null, 'fup-dl', null, '/pub/fup', true, created],
  ]);

  const commands: Row[] = [];
  for (const t of DEVICE_TYPES) {
    for (const c of SMS_COMMANDS) {
      if (c.types && !c.types.includes(t.id)) continue;
      commands.push([t.id, c.key, c.name, c.template, c.takesMessage ?? false]);
    }
  }
  n.sms_command = await insertRows(client, 'sms_command', ['device_type_id', 'command_key', 'name', 'template', 'takes_message'], commands);

  const defaults: Row[] = [];
  for (const t of DEVICE_TYPES) {
    for (const [no, name, value, editable] of DEFAULT_SETTINGS) {
      // bands (type 3) have no speaker: volume is fixed
      const profiles = DEFAULT_SETTING_PROFILES[no] ?? [];
      defaults.push([t.id, no, name, t.id === 3 && no === 5 ? '0' : value, true, t.id === 3 && no === 5 ? false : editable, profiles]);
    }
  }
  n.default_setting = await insertRows(client, 'default_setting',
    ['device_type_id', 'setting_no', 'name', 'value', 'synced', 'editable', 'types', 'created', 'updated_at'],
    defaults.map((d) => [...d, created, created]));

  const translations: Row[] = [];
  for (const t of DEVICE_TYPES) {
    for (const tr of TRANSLATIONS) {
      for (const lang of ['en', 'de', 'es'] as const) {
        const brand = t.id === 1 ? '' : ` (${t.name})`;
        translations.push([tr.key, lang, tr.html ? tr[lang] : `${tr[lang]}${tr.key === 'SOS_ALERT_TITLE' ? brand : ''}`, tr.html ?? false, t.id]);
      }
    }
  }
  n.translation = await insertRows(client, 'translation', ['key', 'language_code', 'value', 'is_html', 'device_type_id', 'updated_at'],
    translations.map((t) => [...t, created]));
  const help: Row[] = [];
  for (const h of HELP_TEXTS) for (const lang of ['en', 'de', 'es'] as const) help.push([h.path, lang, h[lang], created]);
  n.help_text = await insertRows(client, 'help_text', ['locale_path', 'language_code', 'text', 'updated_at'], help);
  const pdf = Buffer.from('%PDF-1.4\n% tracker console help (development placeholder)\n%%EOF\n');
  n.help_file = await insertRows(client, 'help_file', ['file_name', 'content_type', 'size_bytes', 'content', 'created_by', 'created'],
    [['console-help.pdf', 'application/pdf', pdf.length, pdf, 1, iso(plan.anchor - 90 * DAY)]]);

  // carrier whitelist: service numbers and a few blocked ones
  const wl: Row[] = [];
  const perm = new Permutation(7, 7_727, 1_234_567);
  for (let i = 0; i < 200; i++) {
    const r = rngFor(plan.seed, Stream.misc, 100_000 + i);
    const prefix = r.pick(['+49800', '+49151', '+34900', '+1800', '+1214']);
    const at = iso(plan.anchor - r.int(1, 400) * DAY);
    wl.push([`${prefix}${perm.of(i)}`, r.chance(0.85), r.chance(0.3) ? r.pick(['Service hotline', 'Emergency line', 'Blocked: spam', 'School']) : null, at, at]);
  }
  n.gsm_whitelist_number = await insertRows(client, 'gsm_whitelist_number', ['number', 'is_allowed', 'comment', 'created', 'updated_at'], wl);

  n.backoffice_user = await seedStaff(client, plan);
  return n;
}

async function seedStaff(client: pg.ClientBase, plan: Plan): Promise<number> {
  const users = readDevUsers();
  const rows: Row[] = users.map((u, i) => {
    const scope = staffScope(u.roleId);
    return [
      i + 1, u.username, `${u.username}@backoffice.example.com`, devHash(plan, i, u.password), u.roleId, true,
      u.username === 'changeme', u.totpSecret, 'en', scope.operators, scope.types, scope.whiteLabels,
      iso(plan.anchor - (400 - i) * DAY),
      iso(plan.anchor - (400 - i) * DAY),
    ];
  });
  return insertRows(client, 'backoffice_user', [
    'id', 'username', 'email', 'password_hash', 'role_id', 'enabled', 'password_change_required', 'totp_secret',
    'prefered_language', 'operators', 'types', 'white_labels', 'created', 'updated_at',
  ], rows);
}
