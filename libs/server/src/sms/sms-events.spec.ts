import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { describe, expect, it } from 'vitest';
import { afterCommit, PgPool, type Queryable } from '../core/db.js';
import { OnSmsEvent, SmsEvents, SmsEventsModule, type SmsEvent } from './sms-events.js';

const seen: string[] = [];

@Injectable()
class ModemListener {
  @OnSmsEvent()
  async onSms(e: SmsEvent, q: Queryable) {
    seen.push(`modem:${e.kind}:${q === FAKE_Q ? 'tx' : 'other'}`);
  }
}

@Injectable()
class FirmwareListener {
  @OnSmsEvent()
  async onSms(e: SmsEvent) {
    if (e.kind === 'inbound' && e.body.startsWith('BOOM')) throw new Error('listener failed');
    seen.push(`firmware:${e.kind}`);
  }
  notAListener() {
    seen.push('never');
  }
}

@Module({ imports: [SmsEventsModule], providers: [ModemListener, FirmwareListener] })
class TestModule {}

const FAKE_Q = { query: async () => ({ rows: [] }) } as unknown as Queryable;

describe('SmsEvents (the pipeline tells the features what became of their commands)', () => {
  it('finds every @OnSmsEvent method at boot and calls each, in a stable order, with the transaction', async () => {
    const app = await NestFactory.createApplicationContext(TestModule, { logger: false });
    await app.init();
    const events = app.get(SmsEvents);
    expect(events.names()).toEqual(['FirmwareListener.onSms', 'ModemListener.onSms']);
    seen.length = 0;
    await events.emit({ kind: 'status', message: { id: 1, deviceId: 2, commandKey: 'X' }, from: 1, status: 2, error: null }, FAKE_Q);
    await events.emit({ kind: 'inbound', id: 3, deviceId: 2, from: '+1', body: 'OK', correlation: 'message', replyTo: null }, FAKE_Q);
    expect(seen).toEqual(['firmware:status', 'modem:status:tx', 'firmware:inbound', 'modem:inbound:tx']);
    // a listener's failure reaches the caller (whose transaction then rolls back)
    await expect(events.emit({ kind: 'inbound', id: 4, deviceId: 2, from: '+1', body: 'BOOM', correlation: 'message', replyTo: null }, FAKE_Q)).rejects.toThrow('listener failed');
    await app.close();
  });
});

/** A pool whose connections only record what is sent, failing the statement `failOn`. */
function fakePool(log: string[], failOn?: string): PgPool {
  const pool = Object.create(PgPool.prototype) as PgPool;
  const client = {
    query: async (sql: string) => {
      log.push(sql);
      if (sql === failOn) throw new Error(`${sql} failed`);
      return { rows: [] };
    },
    release: () => log.push('release'),
  };
  (pool as unknown as { connect: () => Promise<unknown> }).connect = async () => client;
  return pool;
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('PgPool.afterCommit', () => {
  it('runs after COMMIT, in order, and not at all when the transaction rolls back', async () => {
    const log: string[] = [];
    const pool = fakePool(log);
    await pool.transaction(async (c) => {
      afterCommit(c, () => log.push('after 1'));
      afterCommit(c, () => log.push('after 2'));
      await c.query('UPDATE x');
    });
    await flush();
    expect(log).toEqual(['BEGIN', 'UPDATE x', 'COMMIT', 'release', 'after 1', 'after 2']);

    const failed: string[] = [];
    await expect(
      fakePool(failed, 'COMMIT').transaction(async (c) => {
        afterCommit(c, () => failed.push('after'));
      }),
    ).rejects.toThrow('COMMIT failed');
    await expect(
      fakePool(failed).transaction(async (c) => {
        afterCommit(c, () => failed.push('after'));
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await flush();
    expect(failed).not.toContain('after');
  });

  it('runs at once outside a transaction, and a failing callback reaches nobody', async () => {
    const log: string[] = [];
    const pool = fakePool(log);
    afterCommit(pool, () => log.push('now'));
    await pool.transaction(async (c) => {
      afterCommit(c, () => {
        throw new Error('enqueue failed');
      });
    });
    await flush();
    expect(log).toContain('now');
  });
});
