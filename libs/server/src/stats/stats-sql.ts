import { LOCATION_TECHNOLOGY_OF_SOURCE, LOCATION_TECHNOLOGY_UNKNOWN, type StatsType } from '@tracker/contract';

/**
 * The SQL of every statistic type (statement generator of StatsRepository, like import-sql.ts for the import runner):
 * one entry per key of the contract's STATS_TYPES, whose kind says which shape the SQL has.
 * - daily: the events of the half-open range of instants [$1, $2) counted per UTC day, white label and dimension,
 *   columns (day, white_label_id, dimension, value);
 * - snapshot: the fleet as it is now per white label and dimension, columns (white_label_id, dimension, value).
 * A row's white label is its owner's (`owner.white_label_vendor_id`); rows of owners without one are not counted.
 * What each type counts, in words: docs/statistics.md.
 */
/**
 * The owners whose rows count (`o`): of a white label, and not test owners (owner.is_test, the profile's "Test user":
 * a test owner, its devices and everything of them are left out of every statistic).
 */
const COUNTED = 'o.white_label_vendor_id IS NOT NULL AND NOT o.is_test';
const utcDay = (col: string) => `(${col} AT TIME ZONE 'UTC')::date`;

type Daily = { from: string; at: string; owner: string; where?: string; dim?: string; value?: string };
function daily({ from, at, owner, where, dim = `''`, value = 'count(*)' }: Daily): string {
  return `SELECT ${utcDay(at)} AS day, o.white_label_vendor_id AS white_label_id, ${dim} AS dimension, ${value}::bigint AS value
    FROM ${from} JOIN owner o ON o.id = ${owner}
   WHERE ${at} >= $1 AND ${at} < $2 AND ${COUNTED}${where ? ` AND ${where}` : ''}
   GROUP BY 1, 2, 3`;
}

type Snapshot = { from: string; owner: string; where?: string; dim: string };
function snapshot({ from, owner, where, dim }: Snapshot): string {
  return `SELECT o.white_label_vendor_id AS white_label_id, ${dim} AS dimension, count(*)::bigint AS value
    FROM ${from} JOIN owner o ON o.id = ${owner}
   WHERE ${COUNTED}${where ? ` AND ${where}` : ''}
   GROUP BY 1, 2`;
}

/** Owners by how many of their guests match `where` (owners with at least one). */
const guestsPerOwner = (where: string) => `SELECT white_label_id, n::text AS dimension, count(*)::bigint AS value
    FROM (SELECT o.white_label_vendor_id AS white_label_id, count(*) AS n
            FROM owner_guest g JOIN owner o ON o.id = g.owner_id
           WHERE ${COUNTED} AND ${where} GROUP BY o.id, 1) per_owner
   GROUP BY 1, 2`;

const sms = 'sms_message s JOIN device d ON d.id = s.device_id';
const loc = 'location l JOIN device d ON d.id = l.device_id';
const ownedDevice = { from: 'device d', owner: 'd.owner_id' };
/**
 * §4 contact statistics: location technology 1 gps, 2 wifi, 3 cells, 4 phone, else invalid (0). A fix not valid is 0
 * (the invalid slice is invalid_locations); a valid one the technology of its source (LOCATION_TECHNOLOGY_OF_SOURCE),
 * or 'unknown' for a source without one: a valid fix is never invalid.
 */
const TECHNOLOGY = `CASE WHEN NOT l.is_valid THEN '0' ${Object.entries(LOCATION_TECHNOLOGY_OF_SOURCE)
  .map(([source, tech]) => `WHEN l.source = ${Number(source)} THEN '${Number(tech)}'`)
  .join(' ')} ELSE '${LOCATION_TECHNOLOGY_UNKNOWN}' END`;
/** §9: the location update frequency in minutes (seconds / 60); 65000 is Stand by */
const FREQUENCY = `CASE WHEN x.value = '65000' THEN 'standby' WHEN x.value ~ '^[0-9]{1,9}$' THEN (x.value::int / 60)::text ELSE 'invalid' END`;
/** device setting 1 is the location interval in seconds (seed catalog, default settings) */
const LOCATION_INTERVAL_SETTING = 1;

export const STATS_SQL: Record<StatsType, string> = {
  new_registrations: daily({ from: 'owner x', at: 'x.created', owner: 'x.id' }),
  new_pairing: daily({ from: 'audit_event e JOIN device d ON d.id = e.device_id', at: 'e.created', owner: 'd.owner_id', where: 'e.status = 5' }),
  new_devices: daily({ from: 'device d', at: 'd.created', owner: 'd.owner_id' }),
  // owners signed in on the day, from their sign-ins (owner_sign_in: rows that never change, so a past day keeps its figure)
  active_users: daily({ from: 'owner_sign_in x', at: 'x.at', owner: 'x.owner_id', value: 'count(DISTINCT x.owner_id)' }),
  active_devices: daily({
    from: 'device_communication c JOIN device d ON d.id = c.device_id',
    at: 'c.time',
    owner: 'd.owner_id',
    value: 'count(DISTINCT c.device_id)',
  }),
  sms_sent_to_band: daily({ from: sms, at: 's.created', owner: 'd.owner_id', where: `s.direction = 'OUTBOUND'` }),
  sms_errors: daily({ from: sms, at: 's.created', owner: 'd.owner_id', where: `s.direction = 'OUTBOUND' AND s.status = 3` }),
  text_messages: daily({ from: sms, at: 's.created', owner: 'd.owner_id', where: `s.direction = 'INBOUND'` }),
  voice_messages: daily({
    from: 'voice_message v',
    at: 'v.created',
    owner: 'v.user_id',
    dim: `CASE WHEN v.to_device THEN 'to_device' ELSE 'from_device' END`,
  }),
  voice_minutes: daily({ from: 'voice_message v', at: 'v.created', owner: 'v.user_id', value: 'round(sum(v.duration_seconds) / 60.0)' }),
  calls_to_911: daily({ from: loc, at: 'l.time', owner: 'd.owner_id', where: 'l.reason = 22' }),
  alarm_button: daily({ from: loc, at: 'l.time', owner: 'd.owner_id', where: 'l.reason = 2' }),
  location_technology: daily({ from: loc, at: 'l.time', owner: 'd.owner_id', dim: TECHNOLOGY }),
  location_sources: daily({ from: loc, at: 'l.time', owner: 'd.owner_id', dim: 'l.source::text' }),
  location_reasons: daily({ from: loc, at: 'l.time', owner: 'd.owner_id', where: 'l.reason IS NOT NULL', dim: 'l.reason::text' }),
  invalid_locations: daily({ from: loc, at: 'l.time', owner: 'd.owner_id', where: 'NOT l.is_valid' }),
  new_contacts: daily({ from: 'contact c', at: 'c.created', owner: 'c.user_id' }),
  new_guests: daily({ from: 'owner_guest g', at: 'g.created', owner: 'g.owner_id' }),
  accepted_guests: daily({ from: 'owner_guest g', at: 'g.accepted_at', owner: 'g.owner_id' }),
  new_safe_zones: daily({ from: 'safe_zone z', at: 'z.created', owner: 'z.user_id' }),
  safe_zone_events: daily({
    from: 'safe_zone_log x JOIN device d ON d.id = x.device_id',
    at: 'x.time',
    owner: 'd.owner_id',
    dim: `CASE x.type WHEN 9 THEN 'entry' WHEN 0 THEN 'exit' ELSE x.type::text END`,
  }),
  notifications: daily({ from: 'notification n', at: 'n.created', owner: 'n.user_id', dim: 'n.platform::text' }),
  notification_errors: daily({ from: 'notification n', at: 'n.created', owner: 'n.user_id', where: 'n.error_code <> 0' }),
  app_logs: daily({ from: 'app_log a', at: 'a.created', owner: 'a.user_id' }),
  // the sub-white-label (deployment of the factory record) travels in the dimension: '<deployment id>|<firmware>'
  firmware_version: snapshot({
    from: 'device d LEFT JOIN factory_device f ON f.id = d.factory_device_id',
    owner: 'd.owner_id',
    where: 'd.firmware IS NOT NULL',
    dim: `COALESCE(f.white_label_deployment_id::text, '') || '|' || d.firmware`,
  }),
  child_gender: snapshot({ ...ownedDevice, dim: `CASE d.gender WHEN 1 THEN '1' WHEN 2 THEN '2' ELSE '0' END` }),
  child_age: snapshot({ ...ownedDevice, where: 'd.birth_date IS NOT NULL', dim: `date_part('year', age(current_date, d.birth_date))::int::text` }),
  language: snapshot({ from: 'owner x', owner: 'x.id', dim: 'x.language' }),
  contacts_role: snapshot({ from: 'contact c', owner: 'c.user_id', dim: `CASE WHEN c."primary" THEN '1' ELSE '2' END` }),
  contacts_primary: `SELECT white_label_id, n::text AS dimension, count(*)::bigint AS value
    FROM (SELECT o.white_label_vendor_id AS white_label_id, count(c.id) FILTER (WHERE c."primary") AS n
            FROM owner o JOIN contact c ON c.user_id = o.id
           WHERE ${COUNTED} GROUP BY o.id, 1) per_owner
   GROUP BY 1, 2`,
  guests: guestsPerOwner('true'),
  calls_by_guests: guestsPerOwner('g.can_call'),
  update_frequency: snapshot({
    from: `device_setting x JOIN device d ON d.id = x.device_id`,
    owner: 'd.owner_id',
    where: `x.setting_no = ${LOCATION_INTERVAL_SETTING}`,
    dim: FREQUENCY,
  }),
  device_status: snapshot({ ...ownedDevice, dim: 'd.device_status::text' }),
};

/**
 * The daily types each source table's rows count in: the statement triggers of migration stats_events mark the UTC
 * days of a source whose rows changed (stats_dirty), and StatsRollup rolls those days of these types again. A daily
 * type missing here would be kept by the schedule only (stats.spec checks that every daily type is here).
 */
export const STATS_SOURCES: Record<string, readonly StatsType[]> = {
  owner: ['new_registrations'],
  owner_sign_in: ['active_users'],
  device: ['new_devices'],
  device_communication: ['active_devices'],
  audit_event: ['new_pairing'],
  sms_message: ['sms_sent_to_band', 'sms_errors', 'text_messages'],
  voice_message: ['voice_messages', 'voice_minutes'],
  location: ['calls_to_911', 'alarm_button', 'location_technology', 'location_sources', 'location_reasons', 'invalid_locations'],
  contact: ['new_contacts'],
  owner_guest: ['new_guests', 'accepted_guests'],
  safe_zone: ['new_safe_zones'],
  safe_zone_log: ['safe_zone_events'],
  notification: ['notifications', 'notification_errors'],
  app_log: ['app_logs'],
};
