import { SMS_STATUS, type Reason } from '@tracker/contract';
import { smsReason } from './sms-reason.js';

/**
 * How the gateway's statuses move a message (docs/sms.md "Lifecycle"). Each status has a rank; a callback whose rank
 * is not above the message's last gateway status changes nothing, so repeats and callbacks that arrive out of order
 * never move a message backwards. Delivered, undelivered and failed are final.
 */
const RANK: Record<string, number> = {
  accepted: 1,
  scheduled: 1,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  undelivered: 4,
  failed: 4,
  canceled: 4,
  read: 5,
};

export const gatewayRank = (status: string | null): number => (status ? (RANK[status] ?? 0) : 0);

/** The §3 status a gateway status means (null: none of its own, e.g. queued). */
export function smsStatusOf(gatewayStatus: string): number | null {
  switch (gatewayStatus) {
    case 'sent':
    case 'sending':
      return SMS_STATUS.sent;
    case 'delivered':
    case 'read':
      return SMS_STATUS.received;
    case 'undelivered':
    case 'failed':
    case 'canceled':
      return SMS_STATUS.error;
    default:
      return null;
  }
}

export type MessageState = { status: number; gateway_status: string | null };
export type Transition = { status: number; gateway_status: string; error: Reason | null };

/**
 * What a callback does to a message: null when it changes nothing (not above the last gateway status). The §3 status
 * only moves forward and never leaves received or error (a watch's reply may have settled it already).
 */
export function applyCallback(m: MessageState, gatewayStatus: string, errorCode: number | null): Transition | null {
  if (gatewayRank(gatewayStatus) <= gatewayRank(m.gateway_status)) return null;
  const next = smsStatusOf(gatewayStatus);
  const settled = m.status === SMS_STATUS.received || m.status === SMS_STATUS.error;
  if (next === null || settled || next <= m.status) return { status: m.status, gateway_status: gatewayStatus, error: null };
  const error = next === SMS_STATUS.error ? smsReason('smsUndelivered', { status: gatewayStatus, code: errorCode ?? 0 }) : null;
  return { status: next, gateway_status: gatewayStatus, error };
}

export type GatewayReport = { status: string; error_code: number | null };

/**
 * Several reports applied to a message at once, in rank order (the gateway's answer to the send and the callbacks
 * that came before the sid was recorded): the state they leave, with the reason of an error they caused.
 */
export function applyCallbacks(m: MessageState, reports: GatewayReport[]): MessageState & { error: Reason | null } {
  const state: MessageState = { ...m };
  let error: Reason | null = null;
  for (const r of [...reports].sort((a, b) => gatewayRank(a.status) - gatewayRank(b.status))) {
    const t = applyCallback(state, r.status, r.error_code);
    if (!t) continue;
    if (t.error && state.status !== SMS_STATUS.error) error = t.error;
    state.status = t.status;
    state.gateway_status = t.gateway_status;
  }
  return { ...state, error };
}
