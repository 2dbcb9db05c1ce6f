import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import type { Logger } from 'pino';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient, type Prisma } from '../generated/prisma/client.js';
import { AppConfig } from './config.js';
import { LOGGER } from './tokens.js';

/**
 * Data access, one rule (docs/architecture.md "Data access"): a repository speaks one dialect and extends its base,
 * `SqlRepository` (raw SQL on `PgPool`: search, bulk, COPY, streaming, set-based statements) or `PrismaRepository`
 * (Prisma's client: ordinary reads and writes of records and short lists). Both hand out their transaction the same
 * way, `repo.transaction(async (tx) => ...)`, and every write of the repository takes that `tx` (its dialect's
 * `Tx`). Only repositories, stores and this file import `PgPool` and `PrismaService` (eslint.config.mjs).
 */

/** Prisma's client or one of its interactive transactions (`prisma.$transaction(async (tx) => ...)`). */
export type PrismaDb = Prisma.TransactionClient;

/** Something that runs a query: the pool, or one connection inside a transaction (`PgPool.transaction`). */
export type Queryable = Pick<pg.PoolClient, 'query'>;

/** A repository's transaction, by its dialect: a connection inside BEGIN (raw SQL) or Prisma's interactive one. */
export type Tx<D extends Dialect = Dialect> = D extends 'sql' ? Queryable : PrismaDb;
export type Dialect = 'sql' | 'prisma';

/**
 * Runs one raw statement on `tx`, whichever dialect it is: for the few writers whose statements join transactions of
 * both (the audit trail's insert, the owner store's password).
 */
export async function execute(tx: Tx, sql: string, values: unknown[]): Promise<void> {
  if ('query' in tx && typeof tx.query === 'function') await tx.query(sql, values);
  else await (tx as PrismaDb).$executeRawUnsafe(sql, ...values);
}

const parseTimestamp = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ);

/**
 * The type parsers of `PgPool.rows` (per query: the pool's global parsers, which Prisma's adapter relies on, stay
 * untouched): bigint ids as numbers (ids stay far below 2^53), timestamptz as ISO strings (the contract's form of
 * every time), dates as `YYYY-MM-DD` text. One way of turning database values into api values.
 */
export const PG_TYPES = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8) return (v: string) => Number(v);
    if (oid === pg.types.builtins.TIMESTAMPTZ) return (v: string) => (parseTimestamp(v) as Date).toISOString();
    if (oid === pg.types.builtins.DATE) return (v: string) => v;
    return pg.types.getTypeParser(oid, format ?? 'text');
  },
} as pg.CustomTypesConfig;

/**
 * The one connection pool of a process (house rule "Data access", docs/architecture.md). Raw SQL goes through `rows`
 * (typed rows, PG_TYPES) or `transaction`, inside repositories only, for search, bulk, COPY, streaming and set-based
 * statements; Prisma (`PrismaService`, over this same pool) serves ordinary reads and writes of records and short lists.
 */
@Injectable()
export class PgPool extends pg.Pool implements OnApplicationShutdown {
  constructor(config: AppConfig, @Inject(LOGGER) log: Logger) {
    const parallel = config.get('DB_MAX_PARALLEL_WORKERS_PER_GATHER');
    super({
      connectionString: config.get('DATABASE_URL'),
      max: config.get('DB_POOL_SIZE'),
      // named after the process (api, worker) in pg_stat_activity
      application_name: process.env.PROCESS_NAME ?? 'api',
      // DB_MAX_PARALLEL_WORKERS_PER_GATHER, set once on each new connection before the pool hands it out (one round trip
      // a connection, none a statement). Not a startup parameter (`options`): PgBouncer refuses those unless told to
      // ignore them (docs/scaling.md puts one in front of many processes).
      ...(parallel === '' ? {} : { onConnect: async (client: pg.ClientBase) => void (await client.query(`SET max_parallel_workers_per_gather = ${Number(parallel)}`)) }),
    });
    // an idle connection that Postgres ends (a restart, a failover, an administrator's terminate) is dropped by the
    // pool, which then emits 'error': without a listener that event would end the process; the next query opens a
    // new connection, so it is worth a warning, not a crash
    this.on('error', (err) => log.warn({ err }, 'database: an idle connection was closed by the server'));
    // a connection in use (a transaction, a COPY, Prisma's) whose socket breaks (Postgres gone, a reset) emits 'error'
    // on its client as well as failing the query: pg-pool listens only while it is idle, so unheard, that event ended
    // the process (the worker died when Postgres went away: health.spec). The query's caller sees the failure; the
    // pool drops the broken connection on release.
    const inUse = (err: Error) => log.warn({ err }, 'database: a connection in use was lost');
    this.on('acquire', (client) => {
      if (!client.listeners('error').includes(inUse)) client.on('error', inUse);
    });
    this.on('release', (_err, client) => client.removeListener('error', inUse));
  }
  /**
   * Ended in the last phase of shutdown (docs/operations.md "Shutdown"): the api's in-flight requests and the
   * worker's running jobs finish in the first (onModuleDestroy), and need the pool until then.
   */
  async onApplicationShutdown() {
    await this.end();
  }

  /** The rows of a query as `T`, values parsed by PG_TYPES; `q` is a transaction's connection when given. */
  async rows<T>(text: string, values: unknown[] = [], q: Queryable = this): Promise<T[]> {
    const r = await q.query({ text, values, types: PG_TYPES });
    return r.rows as T[];
  }

  /**
   * Runs `fn` on one connection inside BEGIN ... COMMIT; any failure rolls back and is rethrown. A `fn` that finds
   * nothing to do simply returns: committing a transaction that changed nothing is the same as rolling it back.
   */
  async transaction<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const c = await this.connect();
    const after: AfterCommit[] = [];
    AFTER_COMMIT.set(c, after);
    try {
      await c.query('BEGIN');
      const out = await fn(c);
      await c.query('COMMIT');
      AFTER_COMMIT.delete(c);
      runAfterCommit(after);
      return out;
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      AFTER_COMMIT.delete(c);
      c.release();
    }
  }
}

/**
 * Runs `fn` once the transaction `tx` (of `PgPool.transaction`, i.e. of a `SqlRepository`) has committed, never when it
 * rolls back; at once when `tx` is no such transaction (the pool itself). For work that must not see or act on
 * uncommitted rows, such as enqueueing a job for a row the transaction wrote. `fn` runs detached: its failure is the
 * caller's to handle (a sweep that finds what a lost enqueue left), it never reaches the committed transaction's caller.
 */
export function afterCommit(tx: Queryable, fn: AfterCommit): void {
  const list = AFTER_COMMIT.get(tx as pg.PoolClient);
  if (list) list.push(fn);
  else runAfterCommit([fn]);
}

type AfterCommit = () => unknown;
/** The after-commit work of each open `transaction()`, by its connection. */
const AFTER_COMMIT = new WeakMap<pg.PoolClient, AfterCommit[]>();
function runAfterCommit(list: AfterCommit[]) {
  for (const fn of list) void Promise.resolve().then(fn).catch(() => undefined);
}

/** Prisma client over the driver adapter (no native engine needed) for ordinary reads and writes, on the one pool. */
@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  constructor(pool: PgPool) {
    super({ adapter: new PrismaPg(pool) });
  }
  async onApplicationShutdown() {
    await this.$disconnect();
  }
}

/** The base of a raw-SQL repository: the pool, typed rows (`PG_TYPES`) and the transaction of its dialect. */
@Injectable()
export abstract class SqlRepository {
  constructor(protected readonly pool: PgPool) {}

  /** Runs `fn` in one transaction (`PgPool.transaction`); pass `tx` to this repository's writes and the audit. */
  transaction<T>(fn: (tx: Tx<'sql'>) => Promise<T>): Promise<T> {
    return this.pool.transaction(fn);
  }

  /** The rows of a statement as `T`, on `tx` when given (a transaction's connection), else on the pool. */
  protected rows<T>(sql: string, values: unknown[] = [], tx: Queryable = this.pool): Promise<T[]> {
    return this.pool.rows<T>(sql, values, tx);
  }
}

/** The base of a Prisma repository: the client and the transaction of its dialect. */
@Injectable()
export abstract class PrismaRepository {
  constructor(protected readonly prisma: PrismaService) {}

  /** Runs `fn` in one Prisma interactive transaction; pass `tx` to this repository's writes and the audit. */
  transaction<T>(fn: (tx: Tx<'prisma'>) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }
}

// ---------------------------------------------------------------------------------------------- named statements

/**
 * An array parameter `$n` the planner does not see (an init plan): its plans are the generic one whatever the array's
 * length (an index scan per id), so a named statement keeps its generic plan (`named`).
 */
export const blindArray = (n: number, type: string) => `(SELECT $${n}::${type}[])::${type}[]`;

/**
 * The rows of a named (prepared) statement, for the statements of the hot paths (the SMS pipeline's claims, status
 * changes, callbacks and replies, several per message): each pooled connection parses it once, and after five
 * executions Postgres keeps its generic plan where that costs no more than planning for the values, which parameters
 * kept out of the planner's sight (`blindArray`, search's `withBlindParams`) make sure of. Planning these statements
 * cost more CPU than running them (0.1-0.2 ms against 0.03-0.2 ms; docs/benchmarks.md "Bulk SMS", 2026-11-29).
 */
export async function named<T>(q: Queryable, name: string, text: string, values: unknown[]): Promise<T[]> {
  return (await q.query({ name, text, values, types: PG_TYPES })).rows as T[];
}

const statementNames = new Map<string, string>();
/**
 * A named statement per SQL text, for statements built from a few shapes (search: filter x scope x words): named
 * `<prefix>_<hash of the text>`, so each pooled connection prepares each shape once (`named`'s reasons).
 */
export function namedByText(prefix: string, text: string, values: unknown[]): { name: string; text: string; values: unknown[] } {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`));
  return { name, text, values };
}
