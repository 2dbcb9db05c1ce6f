import { Injectable } from '@nestjs/common';
import { blindArray, named, SqlRepository } from '../core/db.js';
import { FOLD_STATS_SQL } from './sms-stats.js';

export type GatewayRow = { id: number; name: string; allowed: string[]; command: string | null; url: string | null; from_number: string | null; rate_per_second: number };
export type ClaimedSms = {
  id: number;
  status: number;
  message: string;
  gsm_number: string | null;
  idempotency_key: string;
  attempts: number;
  created: string;
  expires_at: string | null;
  /** the secret the stored text masks (filled in for the gateway only): `ftp_download:<server id>` */
  secret_ref: string | null;
};

/** The worker's statements: gateways, claims, retries, and what the sweep looks for. */
@Injectable()
export class SmsDispatchRepository extends SqlRepository {
  gateways(): Promise<GatewayRow[]> {
    return this.pool.rows<GatewayRow>(
      `SELECT id, name, allowed, command, url, from_number, rate_per_second FROM sms_gateway WHERE enabled AND provider = 'twilio' ORDER BY id`,
    );
  }

  /** Of `ids`, the messages that may still need a send (no sid yet), with their numbers, in id order: what to route. */
  toSend(ids: number[]): Promise<{ id: number; gsm_number: string | null }[]> {
    return named(
      this.pool,
      'sms_to_send',
      `SELECT id, gsm_number FROM sms_message
       WHERE id = ANY(${blindArray(1, 'bigint')}) AND direction = 'OUTBOUND' AND gateway_message_id IS NULL AND (status = 0 OR claimed_at IS NOT NULL)
       ORDER BY id`,
      [ids],
    );
  }

  /**
   * Claims the messages of `ids` that are still to send and due: unclaimed, claimed by this same job (its earlier run,
   * killed), or claimed longer than the lease ago (a dead worker's); counts the attempt. A message another live job
   * holds, or one already sent, is skipped. A message a watch's reply settled while it was being sent (still claimed,
   * no sid) is claimed too, to look its sid up at the gateway (never to send it again).
   */
  claim(ids: number[], owner: string, leaseMs: number): Promise<ClaimedSms[]> {
    return named<ClaimedSms>(
      this.pool,
      'sms_claim',
      `UPDATE sms_message SET claimed_at = now(), claimed_by = $2, attempts = attempts + 1
       WHERE id = ANY(${blindArray(1, 'bigint')}) AND direction = 'OUTBOUND' AND gateway_message_id IS NULL
         AND (status = 0 OR claimed_at IS NOT NULL)
         AND (claimed_at IS NULL OR claimed_by = $2 OR claimed_at < now() - $3 * interval '1 millisecond')
         AND (next_attempt_at IS NULL OR next_attempt_at <= now())
         -- a command past its time to live is never handed to a gateway (the sweep ends it expired); one a reply settled
         -- while it was being sent is still claimed, to look its sid up
         AND (expires_at IS NULL OR expires_at > now() OR status <> 0)
       RETURNING id, status, message, gsm_number, idempotency_key, attempts, created, expires_at, secret_ref`,
      [ids, owner, leaseMs],
    );
  }

  /** Of these gateway sids, those a message already holds (reconciliation must not take another message's). */
  async knownSids(sids: string[]): Promise<Set<string>> {
    if (!sids.length) return new Set();
    const r = await this.pool.rows<{ sid: string }>('SELECT gateway_message_id AS sid FROM sms_message WHERE gateway_message_id = ANY($1::text[])', [sids]);
    return new Set(r.map((x) => x.sid));
  }

  /** Temporary failures: the claims (of `owner`) are released and each message is due again after its `delayMs`. */
  async retryLater(retries: { id: number; delayMs: number }[], owner: string): Promise<void> {
    if (!retries.length) return;
    await this.pool.query(
      `UPDATE sms_message m SET claimed_at = NULL, claimed_by = NULL, next_attempt_at = now() + v.delay * interval '1 millisecond'
       FROM unnest($1::bigint[], $2::int[]) AS v(id, delay) WHERE m.id = v.id AND m.status = 0 AND m.claimed_by = $3`,
      [retries.map((r) => r.id), retries.map((r) => Math.round(r.delayMs)), owner],
    );
  }

  /** Messages a dead worker claimed and never finished (claim older than the lease, no sid recorded). */
  staleClaims(leaseMs: number, limit: number): Promise<{ id: number; attempts: number }[]> {
    return this.pool.rows(
      `SELECT id, attempts FROM sms_message WHERE claimed_at < now() - $1 * interval '1 millisecond' AND gateway_message_id IS NULL ORDER BY id LIMIT $2`,
      [leaseMs, limit],
    );
  }

  /** Messages still to send that no job may hold (stored long ago, unclaimed, due): their enqueue was lost. */
  unqueued(olderMs: number, limit: number): Promise<{ id: number; attempts: number }[]> {
    return this.pool.rows(
      `SELECT id, attempts FROM sms_message
       WHERE status = 0 AND direction = 'OUTBOUND' AND created < now() - $1 * interval '1 millisecond' AND claimed_at IS NULL
         AND (next_attempt_at IS NULL OR next_attempt_at < now() - $1 * interval '1 millisecond')
       ORDER BY status, created LIMIT $2`,
      [olderMs, limit],
    );
  }

  /**
   * Sent messages whose final report has not come for `olderMs` (Twilio does not repeat a status callback our api
   * missed), not looked up at the gateway in that time either, sent in the last two days; marked as looked up now.
   */
  unreported(olderMs: number, limit: number): Promise<{ id: number; gateway_id: number | null; sid: string }[]> {
    return this.pool.rows(
      `UPDATE sms_message SET status_checked_at = now()
       WHERE id IN (
         SELECT id FROM sms_message
         WHERE status = 1 AND direction = 'OUTBOUND' AND gateway_message_id IS NOT NULL
           AND created > now() - interval '2 days' AND created < now() - $1 * interval '1 millisecond'
           AND sent_at < now() - $1 * interval '1 millisecond'
           AND (status_checked_at IS NULL OR status_checked_at < now() - $1 * interval '1 millisecond')
         ORDER BY status, created LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING id, gateway_id, gateway_message_id AS sid`,
      [olderMs, limit],
    );
  }

  /**
   * Commands past their time to live that no worker holds (status 0, unclaimed or claimed longer than the lease ago,
   * no sid): locked for the expiry, oldest first (index sms_message_unsent_expires_idx).
   */
  expiredUnsent(leaseMs: number, limit: number): Promise<{ id: number; command_key: string | null }[]> {
    return this.pool.rows(
      `SELECT id, command_key FROM sms_message
       WHERE status = 0 AND expires_at <= now() AND gateway_message_id IS NULL
         AND (claimed_at IS NULL OR claimed_at < now() - $1 * interval '1 millisecond')
       ORDER BY expires_at LIMIT $2`,
      [leaseMs, limit],
    );
  }

  /** The secret a stored command stands for (docs/sms.md "Secrets"): the download password of an FTP server. */
  async secret(ref: string): Promise<string | null> {
    const m = /^ftp_download:(\d{1,9})$/.exec(ref);
    if (!m) return null;
    const r = await this.pool.rows<{ p: string | null }>('SELECT download_password AS p FROM ftp_server WHERE id = $1', [Number(m[1])]);
    return r[0]?.p ?? null;
  }

  /** Folds the counters' deltas into sms_statistic. */
  async foldStats(): Promise<void> {
    await this.pool.query(FOLD_STATS_SQL);
  }

  /** Campaigns whose every message is received or error get their finished_at. */
  async finishCampaigns(): Promise<number> {
    const r = await this.pool.query(
      `UPDATE sms_campaign c SET finished_at = now() WHERE c.finished_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM sms_message m WHERE m.bulk_id = c.bulk_id AND m.status IN (0, 1))`,
    );
    return r.rowCount ?? 0;
  }
}
