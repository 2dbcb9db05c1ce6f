import { Inject, Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { SessionQueriesRepository } from '../auth/session-queries.repository.js';
import { LOGGER } from '../core/tokens.js';

/** How long ended sessions and used reset links stay for the record before they are deleted. */
export const SESSION_RETENTION_DAYS = 30;

/** Periodic sweep (worker): deletes sessions and reset links that ended long ago. */
@Injectable()
export class SessionSweepService {
  constructor(
    private readonly repo: SessionQueriesRepository,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  @Interval(60 * 60 * 1000)
  async sweep(): Promise<{ sessions: number; resets: number }> {
    const sessions = await this.repo.deleteSessionsEndedBefore(SESSION_RETENTION_DAYS);
    const resets = await this.repo.deleteResetsExpiredBefore(SESSION_RETENTION_DAYS);
    const r = { sessions, resets };
    if (r.sessions || r.resets) this.log.info(r, 'swept ended sessions');
    return r;
  }
}
