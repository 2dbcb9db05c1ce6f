// The device timeline (beyond §7; docs/device-workspace.md "Timeline"): what happened to a watch lately, on one
// screen, newest first: the commands and their fate, what the watch said on its own, settings, staff actions, gaps
// and location events, merged from their tables by a keyset over (time, source, id).
import { z } from 'zod';
import { coded } from '../reasons.js';
import { countParam, positiveId } from '../params.js';
import { envelope } from '../schemas.js';
import { route, type RouteDef } from '../route-def.js';
import { deviceQuery, int, intOrNull, iso, isoOrNull, noControlChars } from './shared.js';

/** The filters of the timeline: what an entry is about. */
export const TIMELINE_KINDS = ['commands', 'watch', 'settings', 'staff', 'location'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/**
 * Where an entry comes from, each read by an index on (device, time). The order is the tie-break of entries of the
 * same millisecond (part of the cursor): never change a source's position, add new ones at the end.
 */
export const TIMELINE_SOURCES = ['sms', 'log', 'gap', 'firmware', 'modem', 'audit', 'safezone', 'fix', 'notification', 'firstfix'] as const;
export type TimelineSource = (typeof TIMELINE_SOURCES)[number];

/** Entries of one page at most. */
export const TIMELINE_PAGE_MAX = 100;
/** A silence this long or longer (seconds) is an entry of its own: "silent from 13:02 to 18:40". */
export const TIMELINE_GAP_SECONDS = 3600;
/** The first valid fix after a gap is looked for this long (seconds) after the watch came back. */
export const TIMELINE_FIRST_FIX_SECONDS = 86_400;

/** A position in the timeline: `<ISO time>~<source>~<id>` (base64url), what `before` and `after` take. */
const cursor = z
  .string()
  .max(120, coded('badFormat'))
  .regex(/^[A-Za-z0-9_-]+$/, coded('badFormat'))
  .optional();

export const timelineQuery = deviceQuery.extend({
  /** entries older than this cursor (the next page); none: the newest */
  before: cursor,
  /** entries newer than this cursor, oldest first (what arrived while the screen was open) */
  after: cursor,
  /** comma-separated kinds to keep; none: all */
  kinds: z
    .string()
    .max(100, coded('tooLong', { max: 100 }))
    .regex(/^[a-z]+(,[a-z]+)*$/, coded('badFormat'))
    .refine((s) => s.split(',').every((k) => (TIMELINE_KINDS as readonly string[]).includes(k)), coded('badFormat'))
    .optional(),
  /** a search in the entries' texts (any letter case) */
  q: z.string().trim().max(100, coded('tooLong', { max: 100 })).refine(noControlChars, coded('controlChars')).optional(),
  count: countParam(50, TIMELINE_PAGE_MAX),
});
export type TimelineQuery = z.infer<typeof timelineQuery>;

export const alarmAckBody = z.object({ device_id: positiveId('device_id'), id: positiveId('id', { required: coded('required') }) });
export type AlarmAckBody = z.infer<typeof alarmAckBody>;

const params = z.record(z.string(), z.union([z.string(), z.number()]));

/** Who or what caused an entry: a person, a campaign, a rollout, a modem run, a settings push, the watch, the system. */
export const timelineActor = z.object({
  kind: z.enum(['person', 'campaign', 'firmware', 'modem', 'settings', 'watch', 'system']),
  /** the person's user name, the campaign's id, the rollout's or modem run's id */
  name: z.string().nullable(),
  /** where the person was (the audit trail's address), when known */
  from: z.string().nullable(),
});

/** An entry of the timeline. `what` is a code the console says in its language (with `params`); `text` the raw text. */
export const timelineItem = z.object({
  cursor: z.string(),
  at: iso,
  source: z.enum(TIMELINE_SOURCES),
  kind: z.enum(TIMELINE_KINDS),
  id: int,
  /**
   * What it is: command, setting, alarm, event, message, unmatched (sms); log_upload; gap; firmware; modem; staff
   * (audit); zone_entry, zone_exit; invalid_fix; first_fix (the first valid fix after a gap); notification_failed
   */
  what: z.string(),
  /** its detail, e.g. the alarm's or event's code, the audit action, the zone's name */
  code: z.string().nullable(),
  params,
  /** the text as sent or received (a command, the watch's reply or message, a file name) */
  text: z.string().nullable(),
  /** the watch's reply to a command (its latest) */
  reply: z.string().nullable(),
  /** an outcome: a command's §3 status name (created, sent, received, answered, error, expired), a setting's (pending, confirmed, failed), a rollout's or modem run's step */
  state: z.string().nullable(),
  /** why it failed: the stored reason's code, parameters and English text */
  reason: z.object({ code: z.string(), params: params.nullable(), text: z.string() }).nullable(),
  by: timelineActor.nullable(),
  /** staff actions: the record before and after */
  before: z.unknown(),
  after: z.unknown(),
  /** an alarm nobody acknowledged yet */
  unread: z.boolean(),
  /**
   * where the entry's detail is: a device tab (DEVICE_TABS' key, opened on the entry's day in the chosen time zone),
   * or `firmware` (the rollout `ref`) or `modem` (the modem updates' outcomes)
   */
  link: z.object({ tab: z.string(), ref: intOrNull }).nullable(),
  /** the end of a gap (its first communication after the silence) */
  until: isoOrNull,
  duration_s: intOrNull,
});
export type TimelineItem = z.infer<typeof timelineItem>;

export const timelineResponse = envelope(
  z.object({
    items: z.array(timelineItem),
    /** the cursor of the next older page; null at the end */
    next: z.string().nullable(),
    /** unread alarms of the device (newest first, at most 20), shown on top while unread, whatever the page */
    alarms: z.array(timelineItem),
  }),
);
export type TimelinePage = z.infer<typeof timelineResponse>['model'];

// ---------------------------------------------------------------------------------------------- routes

export const TIMELINE_ROUTES = {
  deviceTimeline: route({
    method: 'GET',
    path: '/device/timeline',
    area: 'deviceTabs',
    summary:
      "The device's timeline (beyond §7): commands and their fate, what the watch said, settings, staff actions, gaps and location events, newest first, paged by cursor; each source as the role's tabs show it",
    query: timelineQuery,
    response: timelineResponse,
  }),
  deviceAlarmAck: route({
    method: 'POST',
    path: '/device/alarm/ack',
    area: 'deviceEdit',
    summary: 'Marks an alarm of the device read (it leaves the top of the timeline); audited',
    body: alarmAckBody,
    response: envelope(z.object({ id: int, acknowledged_at: iso })),
  }),
} as const satisfies Record<string, RouteDef>;
