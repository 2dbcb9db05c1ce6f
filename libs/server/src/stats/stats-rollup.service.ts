import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { STATS_TYPE_KEYS, statsTypeDef, type StatsType } from '@tracker/contract';
import { LOGGER } from '../core/tokens.js';
import { StatsRepository } from './stats.repository.js';

/** The daily types are rolled again (today and the days since the last roll) this often. */
export const STATS_ROLLUP_MS = 60_000;
/** A snapshot is taken again when the last one is older than this (or of another day). */
export const STATS_SNAPSHOT_MS = 3_600_000;
/** A type never rolled is filled this many days back. */
export const STATS_BACKFILL_DAYS = 400;

const DAY_MS = 86_400_000;
const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * Keeps the statistics rollup (`daily_statistic`) in step with the raw tables (worker, @nestjs/schedule, at start and
 * every minute): each daily type rolls its days from the last day it rolled (that day may have been partial) through
 * today again, so a day is final once the roll after its end has run; a type never rolled is backfilled
 * STATS_BACKFILL_DAYS. Snapshot types take the fleet's state as today's figures, hourly. docs/statistics.md.
 */
@Injectable()
export class StatsRollup implements OnApplicationBootstrap, OnModuleDestroy {
  private running: Promise<number> | null = null;
  private stopping = false;

  constructor(
    private readonly repo: StatsRepository,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  /** the first roll (a backfill on a new database) runs in the background: the worker's other jobs start at once */
  onApplicationBootstrap() {
    void this.tick();
  }

  /** a roll in flight stops between types (the pool closes after this) */
  onModuleDestroy() {
    this.stopping = true;
  }

  @Interval(STATS_ROLLUP_MS)
  async tick(): Promise<number> {
    // one roll at a time per process (a slow backfill is not started twice)
    this.running ??= this.roll(Date.now()).finally(() => (this.running = null));
    try {
      return await this.running;
    } catch (err) {
      this.log.warn({ err }, 'stats rollup failed');
      return 0;
    }
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
      if (statsTypeDef(type).kind === 'daily') rows += await this.repo.rollDaily(type, from, utcDay(Date.parse(`${to}T00:00:00Z`) + DAY_MS), null);
    }
    return rows;
  }
}
