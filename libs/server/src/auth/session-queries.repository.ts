import { Injectable } from '@nestjs/common';
import { SqlRepository } from '../core/db.js';

export type SessionRow = {
  session_id: string;
  exp_date: Date;
  revoked_at: Date | null;
  user_id: number;
  username: string;
  role_id: number;
  enabled: boolean;
  operators: number[];
  white_labels: number[];
  types: number[];
  prefered_language: string;
};

/**
 * The raw-SQL side of sessions: the lookup every api call makes (one prepared statement) and the worker's set-based
 * clean-up of ended sessions and used reset links (two DELETEs over whole tables). The records themselves (create,
 * revoke) are Prisma's, in `SessionRepository`.
 */
@Injectable()
export class SessionQueriesRepository extends SqlRepository {
  /** The session of a token hash joined with its user; every api call passes here, so it is one prepared statement. */
  async byTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
    const { rows } = await this.pool.query<SessionRow>({
      name: 'session_by_token',
      text: `SELECT s.id::text AS session_id, s.exp_date, s.revoked_at, u.id AS user_id, u.username, u.role_id, u.enabled,
              u.operators, u.white_labels, u.types, u.prefered_language
         FROM backoffice_session s JOIN backoffice_user u ON u.id = s.user_id
        WHERE s.token_hash = $1`,
      values: [tokenHash],
    });
    return rows[0];
  }

  /** Deletes sessions that expired or were revoked more than `days` ago. Returns how many. */
  async deleteSessionsEndedBefore(days: number): Promise<number> {
    const r = await this.pool.query(
      `DELETE FROM backoffice_session WHERE exp_date < now() - make_interval(days => $1) OR revoked_at < now() - make_interval(days => $1)`,
      [days],
    );
    return r.rowCount ?? 0;
  }

  /** Deletes reset links that expired more than `days` ago. Returns how many. */
  async deleteResetsExpiredBefore(days: number): Promise<number> {
    const r = await this.pool.query(`DELETE FROM password_reset WHERE expires_at < now() - make_interval(days => $1)`, [days]);
    return r.rowCount ?? 0;
  }
}
