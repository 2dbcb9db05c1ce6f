import { SMS_STATUS, type Reason } from '@tracker/contract';
import { smsReason } from '../sms/sms-reason.js';
import type { WatchReply } from './grammar.js';

/**
 * A command's life (docs/sms.md "The command ledger"), as a pure transition function; the repositories persist what
 * it decides. §3 statuses: 0 created (stored, not yet taken by a gateway), 1 sent, 2 received (delivered or
 * answered), 3 error; and 4 expired (past its time to live before a gateway took it; never sent).
 *
 *   created ──sent──> sent ──delivered──> received ──reply ok──> received (answered)
 *      │  └─expire─> expired     │   └─undelivered─> error          └─reply refused──> error (answered)
 *      ├─cancel / send failed ─> error
 *      └─reply (overtook the worker's commit) ─> received / error
 *
 * Received, error and expired are final, except that a watch's refusal of a delivered command turns it to error
 * (the watch said no), and an answer still marks a received command answered.
 */
export type CommandState = { status: number; answered: boolean; claimed: boolean; hasSid: boolean };

export type CommandEvent =
  | { kind: 'sent' }
  | { kind: 'sendFailed'; error: Reason }
  | { kind: 'cancel'; error: Reason }
  | { kind: 'expire'; ttlMinutes: number }
  | { kind: 'reply'; reply: WatchReply }
  | { kind: 'progress' }
  | { kind: 'retry'; reason: string; next: number };

export type CommandChange = { status: number; error: Reason | null; answered: boolean };

export const EXPIRED = SMS_STATUS.expired;
const FINAL = new Set<number>([SMS_STATUS.received, SMS_STATUS.error, EXPIRED]);

/** The status a watch's final reply gives its command, with the reason when the watch said no. */
export function replyOutcome(r: WatchReply): { status: number; error: Reason | null } {
  if (r.outcome === 'unknownCommand') return { status: SMS_STATUS.error, error: smsReason('smsDeviceUnknownCommand') };
  if (r.outcome === 'refused') return { status: SMS_STATUS.error, error: smsReason('smsDeviceRefused', { reason: r.reason ?? 'ERR' }) };
  return { status: SMS_STATUS.received, error: null };
}

/** What `e` does to a command in state `s`: the new state, or null when it changes nothing. */
export function commandTransition(s: CommandState, e: CommandEvent): CommandChange | null {
  const keep = { status: s.status, error: null, answered: s.answered };
  switch (e.kind) {
    case 'sent':
      return s.status === SMS_STATUS.created ? { ...keep, status: SMS_STATUS.sent } : null;
    case 'sendFailed':
    case 'cancel':
      return s.status === SMS_STATUS.created ? { ...keep, status: SMS_STATUS.error, error: e.error } : null;
    case 'expire':
      // only what no gateway has: a claimed message may be in a gateway call right now, it is not called back
      return s.status === SMS_STATUS.created && !s.claimed && !s.hasSid
        ? { ...keep, status: EXPIRED, error: smsReason('smsExpired', { minutes: e.ttlMinutes }) }
        : null;
    case 'progress':
      // the watch has it: received, still awaiting its final reply
      return s.status < SMS_STATUS.received ? { ...keep, status: SMS_STATUS.received } : null;
    case 'reply': {
      if (s.answered || s.status === EXPIRED) return null;
      const o = replyOutcome(e.reply);
      if (o.status === SMS_STATUS.error) {
        return s.status === SMS_STATUS.error ? { ...keep, answered: true } : { status: SMS_STATUS.error, error: o.error, answered: true };
      }
      // an acknowledgement moves forward only; an error (say, an undelivered report) stays, but the command is answered
      return { ...keep, status: FINAL.has(s.status) ? s.status : SMS_STATUS.received, answered: true };
    }
    case 'retry':
      // a temporary refusal: this attempt ends, the ledger stores the next one
      if (s.answered || s.status === EXPIRED) return null;
      return { status: SMS_STATUS.error, error: smsReason('smsRetried', { reason: e.reason, next: e.next }), answered: true };
  }
}

/**
 * Whether a final reply marks the command answered now: the reply's transition does, and so does the retry a
 * temporary refusal may turn it into (the same guard), whatever else they change. The reply's INSERT marks them
 * (`CommandStoreRepository.insertInbound`), before the transitions run.
 */
export function replyAnswers(s: CommandState, reply: WatchReply): boolean {
  return !s.answered && commandTransition(s, { kind: 'reply', reply })?.answered === true;
}

/** What a device must be to take a command (docs/sms.md "Gates"). */
export type GateDevice = { device_status: number; enabled: boolean; gsm_number: string | null };

/** §3 device status 3: terminated. */
const TERMINATED = 3;

/**
 * Why a device cannot take a command now, or null: terminated, disabled, or without a number to send to. Checked
 * before anything is stored, for every sender alike.
 */
export function gateRefusal(d: GateDevice): Reason | null {
  if (d.device_status === TERMINATED) return smsReason('smsDeviceTerminated');
  if (!d.enabled) return smsReason('smsDeviceDisabled');
  if (!d.gsm_number) return smsReason('smsNoNumber');
  return null;
}

/**
 * `gateRefusal` in SQL, for set-based senders (a rollout's targets): the reason code of a device row `d` that cannot
 * take a command, or NULL. `ledger-gate.spec` checks it against `gateRefusal` row by row.
 */
export const gateRefusalSql = (d: string) =>
  `CASE WHEN ${d}.device_status = ${TERMINATED} THEN 'smsDeviceTerminated' WHEN NOT ${d}.enabled THEN 'smsDeviceDisabled' WHEN ${d}.gsm_number IS NULL THEN 'smsNoNumber' END`;
