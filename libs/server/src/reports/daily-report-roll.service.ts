import { Inject, Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { addDays, todayIn } from '../core/day-range.js';
import { LOGGER } from '../core/tokens.js';
import { DailyReportRepository } from './daily-report.repository.js';

/** Today and the recent days of every zone read lately are rolled again this often (the report's "as of" of today). */
export const DAILY_REPORT_ROLL_MS = 5 * 60_000;
/** How many days before today (in each zone) are rolled again: late writes land on these. */
export const DAILY_REPORT_RECENT_DAYS = 2;
/** Zones whose rollup was read or rolled within this many days are kept rolling. */
const ZONE_DAYS = 35;


/**
 * Keeps the daily report's rollup (`daily_report_rollup`) true (worker, every DAILY_REPORT_ROLL_MS): a past day is
 * rolled on its first read; today and the last DAILY_REPORT_RECENT_DAYS days before it of every zone in use are rolled
 * again from the raw tables, so the report's today is minutes old and late writes (a communication or SMS stored after
 * midnight, an import that fails later) reach the days before. A correction of older days needs `DailyReportRepository.roll` (docs/statistics.md).
 */
@Injectable()
export class DailyReportRoll {
  constructor(
    private readonly repo: DailyReportRepository,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  @Interval(DAILY_REPORT_ROLL_MS)
  async tick(): Promise<number> {
    let rows = 0;
    try {
      for (const tz of await this.repo.zones(ZONE_DAYS)) {
        const today = todayIn(tz);
        rows += await this.repo.roll(tz, addDays(today, -DAILY_REPORT_RECENT_DAYS), today);
      }
    } catch (err) {
      this.log.warn({ err }, 'daily report roll failed');
    }
    return rows;
  }
}
