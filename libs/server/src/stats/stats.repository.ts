import { Injectable } from '@nestjs/common';
import { statsTypeDef, type StatsType } from '@tracker/contract';
import { SqlRepository, type Queryable } from '../core/db.js';
import { STATS_SQL } from './stats-sql.js';

/** One figure: a day, a white label, the type's dimension ('' when it has none) and the value. */
export type StatsRow = { day: string; white_label_id: number; white_label_name: string; dimension: string; value: number };
export type StatsScope = { type: StatsType; from: string; to: string; whiteLabels: number[]; deploymentId?: number | undefined };
export type RollupState = { type: string; rolled_day: string; rolled_at: string };
/** The marks of one source's day (stats_dirty). */
export type DirtyDay = { source: string; day: string; ids: string[] };

const startOf = (day: string) => `${day}T00:00:00.000Z`;
const dayAfter = (day: string) => new Date(Date.parse(startOf(day)) + 86_400_000).toISOString().slice(0, 10);

/** The dimension as answered, and the sub-white-label filter of a type whose dimension carries the deployment. */
function dimension(type: StatsType, col: string, depParam: string | null) {
  if (!statsTypeDef(type).subWhiteLabel) return { dim: col, filter: '' };
  return { dim: `split_part(${col}, '|', 2)`, filter: depParam ? ` AND split_part(${col}, '|', 1) = ${depParam}::text` : '' };
}

/**
 * The statistics rollup (`daily_statistic`, kept by the worker's StatsRollup) and the same figures computed from the
 * raw tables (the benchmark and the tests compare them). SQL of the types: stats-sql.ts.
 */
@Injectable()
export class StatsRepository extends SqlRepository {
  /**
   * Rolls a daily type's UTC days [fromDay, toDay) again: its rows of those days replaced in one transaction, which
   * also records `markDay` as the last day rolled when given (the upkeep's rolls; a correction of past days keeps it).
   */
  async rollDaily(type: StatsType, fromDay: string, toDay: string, markDay: string | null): Promise<number> {
    return this.pool.transaction(async (c) => {
      await this.lockType(c, type);
      await c.query('DELETE FROM daily_statistic WHERE type = $1 AND day >= $2::date AND day < $3::date', [type, fromDay, toDay]);
      const r = await c.query(
        `INSERT INTO daily_statistic (type, day, white_label_id, dimension, value)
         SELECT $3, day, white_label_id, dimension, value FROM (${STATS_SQL[type]}) t`,
        [startOf(fromDay), startOf(toDay), type],
      );
      if (markDay) await this.mark(c, type, markDay);
      return r.rowCount ?? 0;
    });
  }

  /** Takes a snapshot type's figures of now as the rows of `day`. */
  async rollSnapshot(type: StatsType, day: string): Promise<number> {
    return this.pool.transaction(async (c) => {
      await this.lockType(c, type);
      await c.query('DELETE FROM daily_statistic WHERE type = $1 AND day = $2::date', [type, day]);
      const r = await c.query(
        `INSERT INTO daily_statistic (type, day, white_label_id, dimension, value)
         SELECT $1, $2::date, white_label_id, dimension, value FROM (${STATS_SQL[type]}) t`,
        [type, day],
      );
      await this.mark(c, type, day);
      return r.rowCount ?? 0;
    });
  }

  /**
   * One roll of a type at a time across workers (the schedule's, the marks', another worker's): the second waits and
   * then replaces the first's rows, where two at once would both insert the day's rows (a unique violation).
   */
  private lockType(c: Queryable, type: string) {
    return c.query(`SELECT pg_advisory_xact_lock(hashtext('daily_statistic'), hashtext($1))`, [type]);
  }

  /** The marked days (stats_dirty) of at most `limit` marks, oldest first, each with the ids of its marks. */
  dirtyDays(limit: number): Promise<DirtyDay[]> {
    return this.pool.rows<DirtyDay>(
      `SELECT source, to_char(day, 'YYYY-MM-DD') AS day, array_agg(id::text) AS ids
         FROM (SELECT id, source, day FROM stats_dirty ORDER BY id LIMIT $1) m
        GROUP BY 1, 2 ORDER BY min(id)`,
      [limit],
    );
  }

  /** Deletes marks that have been rolled (only those read: a mark committed since stays for the next sweep). */
  async clearDirty(ids: string[]): Promise<void> {
    await this.pool.query('DELETE FROM stats_dirty WHERE id = ANY($1::bigint[])', [ids]);
  }

  private mark(c: Queryable, type: string, day: string) {
    return c.query(
      `INSERT INTO stats_rollup_state (type, rolled_day, rolled_at) VALUES ($1, $2::date, now())
       ON CONFLICT (type) DO UPDATE SET rolled_day = EXCLUDED.rolled_day, rolled_at = EXCLUDED.rolled_at`,
      [type, day],
    );
  }

  states(): Promise<RollupState[]> {
    return this.pool.rows<RollupState>('SELECT type, rolled_day, rolled_at FROM stats_rollup_state');
  }

  /** The figures of a scope from the rollup (a snapshot type: the range's last snapshot). */
  items(s: StatsScope): Promise<StatsRow[]> {
    const values: unknown[] = [s.type, s.from, s.to, s.whiteLabels];
    const dep = s.deploymentId === undefined ? null : `$${values.push(s.deploymentId)}`;
    const { dim, filter } = dimension(s.type, 's.dimension', dep);
    const scope = `s.type = $1 AND s.day >= $2::date AND s.day <= $3::date AND s.white_label_id = ANY($4::int[])`;
    const snapshot =
      statsTypeDef(s.type).kind === 'snapshot' ? ` AND s.day = (SELECT max(s.day) FROM daily_statistic s WHERE ${scope})` : '';
    return this.pool.rows<StatsRow>(
      `SELECT to_char(s.day, 'YYYY-MM-DD') AS day, s.white_label_id, w.name AS white_label_name, ${dim} AS dimension,
              sum(s.value)::bigint AS value
         FROM daily_statistic s JOIN white_label w ON w.id = s.white_label_id
        WHERE ${scope}${filter}${snapshot}
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 4`,
      values,
    );
  }

  /**
   * The same figures computed from the raw tables now (benchmark and tests; the api never does this per request). A
   * snapshot type has only today's figures: they are answered as of `to`.
   */
  raw(s: StatsScope): Promise<StatsRow[]> {
    const daily = statsTypeDef(s.type).kind === 'daily';
    const values: unknown[] = daily ? [startOf(s.from), startOf(dayAfter(s.to))] : [];
    const wl = `$${values.push(s.whiteLabels)}`;
    const dep = s.deploymentId === undefined ? null : `$${values.push(s.deploymentId)}`;
    const { dim, filter } = dimension(s.type, 't.dimension', dep);
    const day = daily ? `to_char(t.day, 'YYYY-MM-DD')` : `'${s.to}'`;
    return this.pool.rows<StatsRow>(
      `SELECT ${day} AS day, t.white_label_id, w.name AS white_label_name, ${dim} AS dimension, sum(t.value)::bigint AS value
         FROM (${STATS_SQL[s.type]}) t JOIN white_label w ON w.id = t.white_label_id
        WHERE t.white_label_id = ANY(${wl}::int[])${filter}
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 4`,
      values,
    );
  }

  allWhiteLabels(): Promise<number[]> {
    return this.pool.rows<{ id: number }>('SELECT id FROM white_label ORDER BY id').then((r) => r.map((x) => x.id));
  }

  async deploymentWhiteLabel(id: number): Promise<number | null> {
    const r = await this.pool.rows<{ white_label_id: number }>('SELECT white_label_id FROM white_label_deployment WHERE id = $1', [id]);
    return r[0]?.white_label_id ?? null;
  }
}
