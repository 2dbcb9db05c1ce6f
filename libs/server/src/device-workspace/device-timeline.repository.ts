import { Injectable } from '@nestjs/common';
import { TIMELINE_FIRST_FIX_SECONDS, TIMELINE_GAP_SECONDS, type ReasonParams, type TimelineKind, type TimelineSource } from '@tracker/contract';
import { DeviceRepository } from './device-workspace.repository.js';
import { keysetSql, sourceRank, type Position } from './timeline-keyset.js';

/** A row of a source, as the service maps it to an entry: its place in the order and the source's columns. */
export type TimelineRow = Position & { source: TimelineSource } & Record<string, unknown>;

/** What a page asks of every source: the device, the keyset, the kinds kept, the search, how many rows. */
export type SourceRead = { deviceId: number; dir: 'before' | 'after'; from: Position | null; kinds: Set<TimelineKind>; q: string | null; limit: number };

/**
 * A source of the timeline: its table read through an index on (device, time) with the keyset, newest (or oldest)
 * first, at most `limit` rows. `kinds` are the kinds its rows can be; `where(kinds)` narrows the rows to the kinds kept
 * (null: all of them); `text` the columns the search looks in.
 */
type Source = {
  source: TimelineSource;
  kinds: TimelineKind[];
  select: string;
  from: string;
  device: string;
  time: string;
  id: string;
  where?: (kinds: Set<TimelineKind>) => string | null;
  text: string;
};

/** The kinds a row of the SMS ledger is: a setting push, another command, or what the watch said on its own. */
const SMS_KIND = `CASE WHEN m.direction = 'INBOUND' THEN 'watch' WHEN m.command_key LIKE 'SETTING\\_%' THEN 'settings' ELSE 'commands' END`;

const SOURCES: Source[] = [
  {
    // commands (and setting pushes) with their fate, the watch's latest reply, who sent them and from where; what the
    // watch said on its own (alarms, events, messages, stray replies). A reply is shown with its command, not alone.
    source: 'sms',
    kinds: ['commands', 'settings', 'watch'],
    select: `m.direction::text AS direction, m.command_key, m.message, m.status, m.error_code, m.error_params, m.kind AS sms_kind,
      m.event_code, m.answered_at, m.acknowledged_at, m.bulk_id, u.username, ${SMS_KIND} AS row_kind,
      (SELECT r.message FROM sms_message r WHERE r.reply_to = m.id ORDER BY r.id DESC LIMIT 1) AS reply,
      (SELECT a.ip FROM audit_event a WHERE a.entity = 'sms_message' AND a.entity_id = m.id::text ORDER BY a.id LIMIT 1) AS ip`,
    from: `sms_message m LEFT JOIN backoffice_user u ON u.id = m.created_by`,
    device: 'm.device_id',
    time: 'm.created',
    id: 'm.id',
    where: (kinds) => {
      const keep = `(m.direction = 'OUTBOUND' OR m.kind IN ('alarm', 'event', 'message', 'unmatched'))`;
      const all = ['commands', 'settings', 'watch'].every((k) => kinds.has(k as TimelineKind));
      return all ? keep : `${keep} AND ${SMS_KIND} = ANY($KINDS::text[])`;
    },
    text: `concat_ws(' ', m.command_key, m.message, m.event_code, (SELECT string_agg(r.message, ' ') FROM sms_message r WHERE r.reply_to = m.id))`,
  },
  {
    source: 'log',
    kinds: ['watch'],
    select: `l.file_name, l.log_level, l.duration`,
    from: 'device_log l',
    device: 'l.device_id',
    time: 'l.created',
    id: 'l.id',
    text: 'l.file_name',
  },
  {
    // a silence of an hour or more, ended by this communication
    source: 'gap',
    kinds: ['watch'],
    select: `c.gap_seconds, c.kind AS comm_kind`,
    from: 'device_communication c',
    device: 'c.device_id',
    time: 'c.time',
    id: 'c.id',
    where: () => `c.gap_seconds >= ${TIMELINE_GAP_SECONDS}`,
    text: `c.kind`,
  },
  {
    // a rollout's outcome for the device, when it came (the FOTA command itself is an SMS entry)
    source: 'firmware',
    kinds: ['commands'],
    select: `a.request_id, a.status, a.from_version, a.to_version, a.error_code, a.error_params`,
    from: 'firmware_ota_activity a',
    device: 'a.device_id',
    time: 'a.finished_at',
    id: 'a.id',
    where: () => 'a.finished_at IS NOT NULL',
    text: `concat_ws(' ', a.to_version, a.error_code, a.error_params::text)`,
  },
  {
    // a modem run's steps (its commands are SMS entries): what went right, wrong or is waited for
    source: 'modem',
    kinds: ['commands'],
    select: `s.modem_id, s.task_id, s.outcome, s.code AS error_code, s.params AS error_params, t.profile`,
    from: 'modem_update_step s JOIN modem_update_task t ON t.id = s.modem_id',
    device: 't.device_id',
    time: 's.created',
    id: 's.id',
    where: () => `s.outcome <> 'sent'`,
    text: `concat_ws(' ', s.outcome, s.code, s.params::text)`,
  },
  {
    // staff actions on the device with their record before and after
    source: 'audit',
    kinds: ['staff'],
    select: `e.action, e.actor_name, e.ip, e.status AS audit_status, e.before, e.after`,
    from: 'audit_event e',
    device: 'e.device_id',
    time: 'e.created',
    id: 'e.id',
    text: `concat_ws(' ', e.action, e.actor_name)`,
  },
  {
    source: 'safezone',
    kinds: ['location'],
    select: `l.type AS zone_type, l.safe_zone_id, z.name AS zone_name`,
    from: 'safe_zone_log l LEFT JOIN safe_zone z ON z.id = l.safe_zone_id',
    device: 'l.device_id',
    time: 'l.time',
    id: 'l.id',
    text: `coalesce(z.name, '')`,
  },
  {
    source: 'fix',
    kinds: ['location'],
    select: `f.reason AS fix_reason, f.source AS fix_source`,
    from: 'location f',
    device: 'f.device_id',
    time: 'f.time',
    id: 'f.id',
    where: () => 'NOT f.is_valid',
    text: `''`,
  },
  {
    // where the watch was first seen after a gap: the first valid fix within a day of the communication that ended
    // the silence, an entry at that communication (read, like the gap, by the communications' (device, time) index,
    // with one index probe into location per gap)
    source: 'firstfix',
    kinds: ['location'],
    select: `f.fix_id, f.fix_at, f.fix_source, f.latitude, f.longitude, c.gap_seconds`,
    from: `device_communication c CROSS JOIN LATERAL (
      SELECT l.id AS fix_id, l.time AS fix_at, l.source AS fix_source, l.latitude, l.longitude FROM location l
      WHERE l.device_id = c.device_id AND l.is_valid AND l.time >= c.time AND l.time < c.time + make_interval(secs => ${TIMELINE_FIRST_FIX_SECONDS})
      ORDER BY l.time LIMIT 1) f`,
    device: 'c.device_id',
    time: 'c.time',
    id: 'c.id',
    where: () => `c.gap_seconds >= ${TIMELINE_GAP_SECONDS}`,
    text: `''`,
  },
  {
    // a push to the owner's app that failed
    source: 'notification',
    kinds: ['watch'],
    select: `n.platform::text AS platform, n.type AS notification_type, n.title, n.error_code AS push_error`,
    from: 'notification n',
    device: 'n.device_id',
    time: 'n.created',
    id: 'n.id',
    where: () => 'n.status = 3',
    text: `concat_ws(' ', n.title, n.message)`,
  },
];

/**
 * The statement of `source` for a page (null when the page keeps none of its kinds): exported so that the plan check
 * (device-timeline.spec) sees what runs.
 */
export function timelineSql(source: TimelineSource, r: SourceRead): { text: string; values: unknown[] } | null {
  const s = SOURCES.find((x) => x.source === source)!;
  if (!s.kinds.some((k) => r.kinds.has(k))) return null;
  const rank = sourceRank(source);
  const values: unknown[] = [r.deviceId, r.limit];
  const cond: string[] = [`${s.device} = $1`];
  if (r.from) {
    const k = keysetSql(r.dir, rank, r.from, s.time, s.id, values.length + 1);
    values.push(...k.values);
    cond.push(k.sql);
  }
  const extra = s.where?.(r.kinds);
  if (extra) {
    if (extra.includes('$KINDS')) values.push([...r.kinds]);
    cond.push(extra.replace('$KINDS', `$${values.length}`));
  }
  if (r.q) {
    values.push(r.q);
    cond.push(`strpos(lower(${s.text}), lower($${values.length})) > 0`);
  }
  const order = r.dir === 'before' ? 'DESC' : 'ASC';
  return {
    text: `SELECT ${s.time} AS at, ${rank} AS rank, ${s.id} AS id, '${source}' AS source, ${s.select}
     FROM ${s.from} WHERE ${cond.join(' AND ')}
     ORDER BY ${s.time} ${order}, ${s.id} ${order} LIMIT $2`,
    values,
  };
}


/** The unread alarms shown on top: the last days' at most. */
export const UNREAD_ALARM_DAYS = 7;
export const UNREAD_ALARMS_MAX = 20;

/**
 * The device timeline's reads (docs/device-workspace.md "Timeline"): one statement per source, each an index range
 * on (device, time) from the cursor, at most a page (+1) of rows; the service merges them.
 */
@Injectable()
export class DeviceTimelineRepository extends DeviceRepository {
  /** The rows of `source` for a page, or none when the page keeps none of its kinds. */
  async read(source: TimelineSource, r: SourceRead): Promise<TimelineRow[]> {
    const stmt = timelineSql(source, r);
    return stmt ? this.rows<TimelineRow>(stmt.text, stmt.values) : [];
  }

  /** The device's unread alarms of the last UNREAD_ALARM_DAYS days, newest first (index sms_message_unread_alarm_idx). */
  unreadAlarms(deviceId: number): Promise<TimelineRow[]> {
    const s = SOURCES[0]!;
    return this.rows<TimelineRow>(
      `SELECT ${s.time} AS at, ${sourceRank('sms')} AS rank, ${s.id} AS id, 'sms' AS source, ${s.select}
       FROM ${s.from}
       WHERE m.device_id = $1 AND m.acknowledged_at IS NULL AND m.event_code IS NOT NULL AND m.kind = 'alarm'
         AND m.created > now() - make_interval(days => $2)
       ORDER BY m.created DESC, m.id DESC LIMIT $3`,
      [deviceId, UNREAD_ALARM_DAYS, UNREAD_ALARMS_MAX],
    );
  }
}

/** The stored reason of a row (error_code and error_params), for the service. */
export type StoredReasonColumns = { error_code: string | null; error_params: ReasonParams | null };
