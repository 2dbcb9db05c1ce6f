import { Injectable } from '@nestjs/common';
import { PgPool } from '../core/db.js';

/** Set-based clean-up of ended sessions and used reset links (two DELETEs over whole tables). */
@Injectable()
export class SessionsRepository {
  constructor(private readonly pool: PgPool) {}

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
