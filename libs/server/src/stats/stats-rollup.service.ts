import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { STATS_TYPE_KEYS, statsTypeDef, type StatsType } from '@tracker/contract';
import { LOGGER } from '../core/tokens.js';
import { countedRun, PERIODIC_JOBS, PeriodicJob, PeriodicJobName } from '../core/jobs/index.js';
import { STATS_SOURCES } from './stats-sql.js';
import { StatsRepository } from './stats.repository.js';

/** What is due is rolled this often: backfills, the days since a type's last roll (a new day), snapshots, the safety roll. */
export const STATS_ROLLUP_MS = PERIODIC_JOBS[PeriodicJobName.StatsRollup].everyMs;
/**
 * Today of a daily type is rolled again by the schedule after this long even without a new day: the writes mark their
 * days (stats_dirty) and the sweep rolls those, so this only catches writes the triggers did not see (a load with
 * triggers off). At 1M devices today's roll of every daily type takes 12-26 s (docs/benchmarks.md).
 */
export const STATS_DAILY_SAFETY_MS = 15 * 60_000;
/** The days marked by the writes (stats_dirty) are rolled this often. */
export const STATS_DIRTY_MS = PERIODIC_JOBS[PeriodicJobName.StatsDirty].everyMs;
/** At most this many marks per sweep (a backlog is worked off over several). */
const DIRTY_BATCH = 10_000;
/**
 * A marked day of a type is rolled again at the earliest this many times its last roll's duration after it (its
 * marks wait): a busy day of a big fleet (today's 400k locations at 1M devices, a few seconds a type) is then rolled
 * every few tens of seconds instead of back to back, while a small one (milliseconds) is rolled at every sweep.
 */
const DIRTY_COST_FACTOR = 5;
/**
 * A snapshot is taken again when the last one is older than this (or of another day): minutes, not an hour (the page
 * says when the snapshot shown was taken, `as_of`). At 1M devices the ten snapshot types take a few seconds together
 * (docs/benchmarks.md "Statistics").
 */
export const STATS_SNAPSHOT_MS = 5 * 60_000;
/** A type never rolled is filled this many days back. */
export const STATS_BACKFILL_DAYS = 400;

const DAY_MS = 86_400_000;
const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const nextDay = (day: string) => utcDay(Date.parse(`${day}T00:00:00Z`) + DAY_MS);

/** Sorted days as half-open ranges of consecutive days [from, to). */
function dayRanges(days: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (const day of [...days].sort()) {
    const last = out.at(-1);
    if (last && last[1] === day) last[1] = nextDay(day);
    else out.push([day, nextDay(day)]);
  }
  return out;
}

/**
 * Keeps the statistics rollup (`daily_statistic`) in step with the raw tables (worker, periodic job `stats.rollup`: at start and
 * every minute, doing what is due): each daily type rolls its days from the last day it rolled (that day may have been
 * partial) through today again once a new day has begun (so a day is final once the roll after its end has run) or
 * STATS_DAILY_SAFETY_MS after its last roll; a type never rolled is backfilled STATS_BACKFILL_DAYS. Snapshot types
 * take the fleet's state as today's figures, every STATS_SNAPSHOT_MS (5 minutes). Between those, the days the writes marked (statement triggers,
 * stats_dirty) are rolled every STATS_DIRTY_MS (periodic job `stats.dirty`). One roll at a time per process, one per type across processes (an
 * advisory lock in the repository). docs/statistics.md.
 */
@Injectable()
export class StatsRollup implements OnModuleDestroy {
  /** the roll in flight (or queued) of each kind, and the chain that runs them one after the other */
  private readonly pending = new Map<'schedule' | 'dirty', Promise<number>>();
  private chain: Promise<unknown> = Promise.resolve();
  private stopping = false;
  /** when each marked (type, day) was last rolled by the sweep, and how long that took */
  private readonly lastDirtyRoll = new Map<string, { at: number; ms: number }>();

  constructor(
    private readonly repo: StatsRepository,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  /** a roll in flight stops between types (the pool closes after this) */
  onModuleDestroy() {
    this.stopping = true;
  }

  /** Runs `fn` after the roll in flight; a kind already queued is not queued twice (a slow backfill runs once). */
  private serial(kind: 'schedule' | 'dirty', fn: () => Promise<number>): Promise<number> {
    let p = this.pending.get(kind);
    if (!p) {
      p = this.chain.then(() => (this.stopping ? 0 : fn())).finally(() => this.pending.delete(kind));
      this.pending.set(kind, p);
      this.chain = p.catch(() => undefined);
    }
    return p;
  }

  /** the first roll (a backfill on a new database) runs in the background (`onStart: 'background'`): the worker's other jobs start at once */
  @PeriodicJob(PeriodicJobName.StatsRollup)
  tick(): Promise<number> {
    return countedRun(this.log, 'stats rollup', () => this.serial('schedule', () => this.roll(Date.now())));
  }

  @PeriodicJob(PeriodicJobName.StatsDirty)
  dirtyTick(): Promise<number> {
    return countedRun(this.log, 'stats rollup of marked days', () => this.serial('dirty', () => this.rollDirty()));
  }

  /**
   * Rolls the days the writes marked (stats_dirty) of the daily types of their sources, then deletes those marks
   * (only the ones read: a write committed meanwhile keeps its mark, and a roll of its day counts it at the latest
   * then). A mark read was committed with its rows, so the roll after the read sees them. The marks of a type never
   * rolled wait for its backfill. With `throttle` (the sweep) a (type, day) rolled less than DIRTY_COST_FACTOR times its
   * last roll's duration ago waits, and so do the marks of its source's day. Answers how many rollup rows were written.
   */
  async rollDirty({ limit = DIRTY_BATCH, throttle = true }: { limit?: number; throttle?: boolean } = {}): Promise<number> {
    const marked = await this.repo.dirtyDays(limit);
    if (!marked.length) return 0;
    const rolled = new Set((await this.repo.states()).map((s) => s.type));
    const now = Date.now();
    const days = new Map<StatsType, Set<string>>();
    const cleared: string[] = [];
    for (const m of marked) {
      let waits = false;
      for (const type of STATS_SOURCES[m.source] ?? []) {
        // a type not rolled yet: its backfill (maybe running in another worker, reading from before this write) comes
        // first, the mark waits for it
        if (!rolled.has(type)) {
          waits = true;
          continue;
        }
        const last = this.lastDirtyRoll.get(`${type}|${m.day}`);
        if (throttle && last && now - last.at < DIRTY_COST_FACTOR * last.ms) {
          waits = true;
          continue;
        }
        let set = days.get(type);
        if (!set) days.set(type, (set = new Set()));
        set.add(m.day);
      }
      if (!waits) cleared.push(...m.ids);
    }
    let rows = 0;
    for (const [type, set] of days) {
      for (const [from, to] of dayRanges([...set])) {
        if (this.stopping) return rows;
        const t = Date.now();
        rows += await this.repo.rollDaily(type, from, to, null);
        const ms = Date.now() - t;
        for (let d = from; d < to; d = nextDay(d)) this.lastDirtyRoll.set(`${type}|${d}`, { at: Date.now(), ms });
      }
    }
    if (cleared.length) await this.repo.clearDirty(cleared);
    // forget the days no sweep will see again (yesterday's last marks are long rolled)
    if (this.lastDirtyRoll.size > 10_000) this.lastDirtyRoll.clear();
    return rows;
  }

  /** Rolls what is due at `now`; answers how many rollup rows were written. */
  async roll(now: number, types: readonly StatsType[] = STATS_TYPE_KEYS): Promise<number> {
    const today = utcDay(now);
    const tomorrow = utcDay(now + DAY_MS);
    const states = new Map((await this.repo.states()).map((s) => [s.type, s]));
    let rows = 0;
    for (const type of types) {
      if (this.stopping) break;
      const state = states.get(type);
      if (statsTypeDef(type).kind === 'daily') {
        if (state && state.rolled_day === today && now - Date.parse(state.rolled_at) < STATS_DAILY_SAFETY_MS) continue;
        const from = state ? state.rolled_day : utcDay(now - STATS_BACKFILL_DAYS * DAY_MS);
        rows += await this.repo.rollDaily(type, from, tomorrow, today);
      } else if (!state || state.rolled_day !== today || now - Date.parse(state.rolled_at) >= STATS_SNAPSHOT_MS) {
        rows += await this.repo.rollSnapshot(type, today);
      }
    }
    return rows;
  }

  /** Rolls the UTC days [from, to] of every daily type again (after a correction of past data; tests, benchmark). */
  async rollDays(from: string, to: string): Promise<number> {
    let rows = 0;
    for (const type of STATS_TYPE_KEYS) {
      if (statsTypeDef(type).kind === 'daily') rows += await this.repo.rollDaily(type, from, nextDay(to), null);
    }
    return rows;
  }
}
