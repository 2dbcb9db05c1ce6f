import { SMS_STATUS, type SmsItem } from '@tracker/contract';

/** A row of the SMS tab: a message, or a reply shown under the command it answers. */
export type SmsRow = { m: SmsItem; reply: boolean };

/**
 * The day's messages (newest first) with each reply (an INBOUND with `reply_to`) moved under the command it answers,
 * oldest reply first. A reply whose command is on another day stays where it is.
 */
export function smsThread(list: readonly SmsItem[]): SmsRow[] {
  const ids = new Set(list.map((m) => m.id));
  const replies = new Map<number, SmsItem[]>();
  for (const m of list) {
    if (m.direction !== 'INBOUND' || m.reply_to === null || !ids.has(m.reply_to)) continue;
    replies.set(m.reply_to, [...(replies.get(m.reply_to) ?? []), m]);
  }
  const out: SmsRow[] = [];
  for (const m of list) {
    if (m.direction === 'INBOUND' && m.reply_to !== null && ids.has(m.reply_to)) continue;
    out.push({ m, reply: false });
    const answers = replies.get(m.id) ?? [];
    for (const r of [...answers].sort((a, b) => Date.parse(a.created) - Date.parse(b.created) || a.id - b.id)) out.push({ m: r, reply: true });
  }
  return out;
}

/** How long a command still being delivered (created, sent) is waited for live. */
export const DELIVERY_WAIT_MS = 30 * 60_000;
/** How long a delivered command is waited for its reply. */
export const REPLY_WAIT_MS = 5 * 60_000;

/**
 * Whether a command of the list is still moving: created or sent (not yet received or failed), or received without
 * its reply yet. Only recent commands count, so a message stuck at the gateway does not keep the tab polling.
 */
export function smsUnsettled(list: readonly SmsItem[], now: number): boolean {
  const answered = new Set(list.filter((m) => m.direction === 'INBOUND' && m.reply_to !== null).map((m) => m.reply_to));
  return list.some((m) => {
    if (m.direction !== 'OUTBOUND') return false;
    const age = now - Date.parse(m.created);
    if (m.status === SMS_STATUS.created || m.status === SMS_STATUS.sent) return age < DELIVERY_WAIT_MS;
    return m.status === SMS_STATUS.received && !answered.has(m.id) && age < REPLY_WAIT_MS;
  });
}
