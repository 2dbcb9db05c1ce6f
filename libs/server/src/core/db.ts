import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';
import { AppConfig } from './config.js';

/** Something that runs a query: the pool, or one connection inside a transaction (`PgPool.transaction`). */
export type Queryable = Pick<pg.PoolClient, 'query'>;

/** Raw `pg` pool for search and bulk paths (COPY, cursors). */
@Injectable()
export class PgPool extends pg.Pool implements OnModuleDestroy {
  constructor(config: AppConfig) {
    super({ connectionString: config.get('DATABASE_URL'), max: config.get('DB_POOL_SIZE') });
  }
  async onModuleDestroy() {
    await this.end();
  }

  /**
   * Runs `fn` on one connection inside BEGIN ... COMMIT; any failure rolls back and is rethrown. A `fn` that finds
   * nothing to do simply returns: committing a transaction that changed nothing is the same as rolling it back.
   */
  async transaction<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const c = await this.connect();
    try {
      await c.query('BEGIN');
      const out = await fn(c);
      await c.query('COMMIT');
      return out;
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      c.release();
    }
  }
}

/** Prisma client over the driver adapter (no native engine needed) for ordinary reads and writes. */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(config: AppConfig) {
    super({ adapter: new PrismaPg({ connectionString: config.get('DATABASE_URL'), max: 10 }) });
  }
  async onModuleDestroy() {
    await this.$disconnect();
  }
}
