import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { addDays, todayIn } from '../core/day-range.js';
import { LOGGER } from '../core/tokens.js';
import { countedRun, PERIODIC_JOBS, PeriodicJob, PeriodicJobName } from '../core/jobs/index.js';
import { DailyReportRepository } from './daily-report.repository.js';

/** Today and the recent days of every zone read lately are rolled again this often (the report's "as of" of today). */
export const DAILY_REPORT_ROLL_MS = PERIODIC_JOBS[PeriodicJobName.DailyReportRoll].everyMs;
/** How many days before today (in each zone) are rolled again: late writes land on these. */
export const DAILY_REPORT_RECENT_DAYS = 2;
/**
 * The recent days before today are rolled again when their last roll is older than this (or came before they ended):
 * only late writes change them, so rolling them every DAILY_REPORT_ROLL_MS as today would triple the roll's cost (a
 * roll reads its days' events: about 3-5 s a day of them at 1,000,000 devices, docs/scaling.md).
 */
export const DAILY_REPORT_RECENT_EVERY_MS = 60 * 60_000;
/** Zones whose rollup was read or rolled within this many days are kept rolling. */
const ZONE_DAYS = 35;

/** A day's last roll: when (ms), and whether the day had ended then (its figures were complete as of it). */
export type DayRoll = { day: string; rolledAt: number | null; complete: boolean };

/**
 * The recent days (before today) to roll again at `now`: those never rolled, rolled before they ended (the roll of an
 * unfinished day), or rolled more than `everyMs` ago. Answers the span [first, last] to roll, null when none is due.
 */
export function recentDaysDue(days: DayRoll[], now: number, everyMs: number): { first: string; last: string } | null {
  const due = days.filter((d) => d.rolledAt === null || !d.complete || now - d.rolledAt >= everyMs).map((d) => d.day).sort();
  return due.length ? { first: due[0]!, last: due.at(-1)! } : null;
}

/**
 * Keeps the daily report true (worker): `daily-report.fold` folds the counts' deltas into the zones' days every minute
 * (daily-report-counts.ts), which answer every day that began after its zone was first read; `daily-report.roll`,
 * every DAILY_REPORT_ROLL_MS, rolls the rest.
 * The days before that come from the rollup (`daily_report_rollup`): a past day is rolled on its first read; today of
 * every zone in use, while it is not counted, is rolled again from the raw tables on each tick, so the report's today
 * is minutes old, and the DAILY_REPORT_RECENT_DAYS days before it once an hour (DAILY_REPORT_RECENT_EVERY_MS) and right
 * after they end, so that late writes (a communication or SMS stored after midnight, an SMS delivered later, an import
 * that fails later) reach them. A correction of older rolled days needs `DailyReportRepository.roll`
 * (docs/statistics.md). Once a zone's counting covers today and the recent days, a tick reads no event.
 */
@Injectable()
export class DailyReportRoll {
  constructor(
    private readonly repo: DailyReportRepository,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  @PeriodicJob(PeriodicJobName.DailyReportRoll)
  tick(): Promise<number> {
    return countedRun(this.log, 'daily report roll', async () => {
      let rows = 0;
      for (const tz of await this.repo.zones(ZONE_DAYS)) {
        const today = todayIn(tz);
        // the days counted at write time need no roll: only those before the zone's counting began
        const counted = await this.repo.countedDays(tz, addDays(today, -DAILY_REPORT_RECENT_DAYS), today, false);
        if (!counted.has(today)) rows += await this.repo.roll(tz, today, today);
        const recent = await this.repo.rolls(tz, addDays(today, -DAILY_REPORT_RECENT_DAYS), addDays(today, -1));
        const due = recentDaysDue(recent.filter((d) => !counted.has(d.day)), Date.now(), DAILY_REPORT_RECENT_EVERY_MS);
        if (due) rows += await this.repo.roll(tz, due.first, due.last);
      }
      return rows;
    });
  }

  /** Folds the counts' deltas into the zones' days (periodic job `daily-report.fold`, every minute). */
  @PeriodicJob(PeriodicJobName.DailyReportFold)
  fold(): Promise<number> {
    return countedRun(this.log, 'daily report fold', () => this.repo.fold());
  }
}
