import type { ReasonParams, TimelineItem, TimelineKind } from '@tracker/contract';
import { errorOf } from '../sms/sms-reason.js';
import type { TimelineRow } from './device-timeline.repository.js';
import { encodeCursor } from './timeline-keyset.js';

/**
 * The columns the sources select (device-timeline.repository.ts): each row has those of its own source, which is all
 * the mapping of that source reads.
 */
type Row = TimelineRow & {
  direction: string;
  command_key: string | null;
  message: string;
  status: number;
  error_code: string | null;
  error_params: ReasonParams | null;
  sms_kind: string | null;
  event_code: string | null;
  answered_at: string | null;
  acknowledged_at: string | null;
  bulk_id: string | null;
  username: string | null;
  row_kind: string;
  reply: string | null;
  ip: string | null;
  file_name: string;
  log_level: number | null;
  duration: number | null;
  gap_seconds: number;
  comm_kind: string | null;
  request_id: number;
  from_version: string | null;
  to_version: string | null;
  modem_id: number;
  task_id: number;
  outcome: string;
  profile: string;
  action: string;
  actor_name: string | null;
  audit_status: number | null;
  before: unknown;
  after: unknown;
  zone_type: number;
  safe_zone_id: number | null;
  zone_name: string | null;
  fix_reason: number | null;
  fix_source: number;
  fix_id: number;
  fix_at: string | Date;
  latitude: number;
  longitude: number;
  platform: string;
  notification_type: string | null;
  title: string | null;
  push_error: number;
};

/** §3 message status as the timeline says it; a command the watch answered is `answered`. */
const SMS_STATE = ['created', 'sent', 'received', 'error', 'expired'] as const;
/** Firmware activity status (§4, and 3 failed, 4 cancelled). */
const FIRMWARE_STATE = ['processing', 'downloading', 'finished', 'failed', 'cancelled'] as const;

function reasonOf(code: string | null | undefined, params: ReasonParams | null | undefined): TimelineItem['reason'] {
  const e = errorOf(code ?? null, params ?? null);
  return e.error_code ? { code: e.error_code, params: e.error_params, text: e.error ?? e.error_code } : null;
}

/** Who sent a command: a campaign, a rollout, a modem run, a settings push to all, a person (and from where), the system. */
function senderOf(r: Row): TimelineItem['by'] {
  const key = String(r.command_key ?? '');
  const fota = /^FOTAQ?_(\d+)$/.exec(key);
  if (fota) return { kind: 'firmware', name: fota[1]!, from: null };
  if (key.startsWith('MODEM_')) return { kind: 'modem', name: null, from: null };
  if (r.bulk_id) return { kind: key.startsWith('SETTING_') ? 'settings' : 'campaign', name: r.bulk_id, from: null };
  if (r.username) return { kind: 'person', name: r.username, from: r.ip ?? null };
  return { kind: 'system', name: null, from: null };
}

/** A setting push: the value asked for, the value the watch says it holds, and the state between them. */
function settingOf(r: Row): { params: ReasonParams; state: string } {
  const asked = /^SETTING,(\d+),(.*)#$/s.exec(String(r.message ?? ''));
  const told = /^SETTING,(\d+),(.*):OK$/s.exec(String(r.reply ?? ''));
  const params: ReasonParams = {};
  if (asked) Object.assign(params, { setting_no: Number(asked[1]), value: asked[2]! });
  if (told) params.reported = told[2]!;
  const state = r.status >= 3 ? 'failed' : told ? 'confirmed' : 'pending';
  return { params, state };
}

const base = (r: Row, kind: TimelineKind, what: string): TimelineItem => ({
  cursor: encodeCursor(r),
  at: r.at,
  source: r.source,
  kind,
  id: Number(r.id),
  what,
  code: null,
  params: {},
  text: null,
  reply: null,
  state: null,
  reason: null,
  by: null,
  before: null,
  after: null,
  unread: false,
  link: null,
  until: null,
  duration_s: null,
});

/** A source's row as a timeline entry (pure; the console says `what`, `code` and `params` in its language). */
export function timelineItem(row: TimelineRow): TimelineItem {
  const r = row as Row;
  switch (r.source) {
    case 'sms': {
      if (r.direction === 'INBOUND') {
        return {
          ...base(r, 'watch', r.sms_kind ?? 'message'),
          code: r.event_code ?? null,
          text: r.message,
          by: { kind: 'watch', name: null, from: null },
          unread: r.sms_kind === 'alarm' && !r.acknowledged_at,
          link: { tab: 'sms', ref: null },
        };
      }
      const setting = r.row_kind === 'settings';
      const s = setting ? settingOf(r) : null;
      return {
        ...base(r, setting ? 'settings' : 'commands', setting ? 'setting' : 'command'),
        code: r.command_key ?? null,
        params: s?.params ?? {},
        text: r.message,
        reply: r.reply ?? null,
        state: s?.state ?? (r.status === 2 && r.answered_at ? 'answered' : (SMS_STATE[r.status as number] ?? String(r.status))),
        reason: reasonOf(r.error_code, r.error_params),
        by: senderOf(r),
        link: { tab: setting ? 'settings' : 'sms', ref: null },
      };
    }
    case 'log':
      return {
        ...base(r, 'watch', 'log_upload'),
        text: r.file_name,
        params: { ...(r.log_level === null ? {} : { level: r.log_level }), ...(r.duration === null ? {} : { minutes: r.duration }) },
        by: { kind: 'watch', name: null, from: null },
        link: { tab: 'deviceLogs', ref: null },
      };
    case 'gap': {
      const from = new Date(Date.parse(r.at) - Number(r.gap_seconds) * 1000).toISOString();
      return { ...base(r, 'watch', 'gap'), params: { from }, until: r.at, duration_s: Number(r.gap_seconds), code: r.comm_kind ?? null, link: { tab: 'gaps', ref: null } };
    }
    case 'firmware':
      return {
        ...base(r, 'commands', 'firmware'),
        params: { request_id: r.request_id, ...(r.to_version ? { version: r.to_version } : {}), ...(r.from_version ? { from: r.from_version } : {}) },
        state: FIRMWARE_STATE[r.status as number] ?? String(r.status),
        reason: reasonOf(r.error_code, r.error_params),
        by: { kind: 'firmware', name: String(r.request_id), from: null },
        link: { tab: 'firmware', ref: Number(r.request_id) },
      };
    case 'modem':
      return {
        ...base(r, 'commands', 'modem'),
        params: { modem_id: r.modem_id, task_id: r.task_id, profile: r.profile },
        state: r.outcome,
        reason: reasonOf(r.error_code, r.error_params),
        by: { kind: 'modem', name: String(r.modem_id), from: null },
        link: { tab: 'modem', ref: Number(r.modem_id) },
      };
    case 'audit':
      return {
        ...base(r, 'staff', 'staff'),
        code: r.action,
        params: r.audit_status === null ? {} : { status: r.audit_status },
        before: r.before ?? null,
        after: r.after ?? null,
        by: r.actor_name ? { kind: 'person', name: r.actor_name, from: r.ip ?? null } : { kind: 'system', name: null, from: null },
        link: { tab: 'audit', ref: null },
      };
    case 'safezone':
      return {
        ...base(r, 'location', r.zone_type === 9 ? 'zone_entry' : 'zone_exit'),
        code: r.zone_name ?? null,
        params: r.safe_zone_id === null ? {} : { zone_id: r.safe_zone_id },
        link: { tab: 'safezones', ref: null },
      };
    case 'fix':
      return {
        ...base(r, 'location', 'invalid_fix'),
        params: { ...(r.fix_reason === null ? {} : { reason: r.fix_reason }), source: r.fix_source },
        link: { tab: 'tracking', ref: null },
      };
    case 'firstfix':
      return {
        ...base(r, 'location', 'first_fix'),
        params: { fix_id: Number(r.fix_id), fix_at: new Date(r.fix_at).toISOString(), source: r.fix_source, latitude: Number(r.latitude), longitude: Number(r.longitude) },
        duration_s: Number(r.gap_seconds),
        link: { tab: 'tracking', ref: null },
      };
    case 'notification':
      return {
        ...base(r, 'watch', 'notification_failed'),
        code: r.platform,
        text: r.title ?? null,
        params: { error: r.push_error, ...(r.notification_type ? { type: r.notification_type } : {}) },
        link: { tab: 'notifications', ref: null },
      };
  }
  throw new Error(`unknown timeline source ${String(r.source)}`);
}
