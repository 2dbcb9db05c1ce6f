import { Inject, Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { PgPool } from '../core/db.js';
import { LOGGER } from '../core/tokens.js';

/** How long ended sessions and used reset links stay for the record before they are deleted. */
export const SESSION_RETENTION_DAYS = 30;

/** Periodic sweep (worker): deletes sessions and reset links that ended long ago. */
@Injectable()
export class SessionSweepService {
  constructor(
    private readonly pool: PgPool,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  @Interval(60 * 60 * 1000)
  async sweep(): Promise<{ sessions: number; resets: number }> {
    const cutoff = `now() - interval '${SESSION_RETENTION_DAYS} days'`;
    const sessions = await this.pool.query(
      `DELETE FROM backoffice_session WHERE exp_date < ${cutoff} OR revoked_at < ${cutoff}`,
    );
    const resets = await this.pool.query(`DELETE FROM password_reset WHERE expires_at < ${cutoff}`);
    const r = { sessions: sessions.rowCount ?? 0, resets: resets.rowCount ?? 0 };
    if (r.sessions || r.resets) this.log.info(r, 'swept ended sessions');
    return r;
  }
}
