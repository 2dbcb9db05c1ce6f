import { Injectable } from '@nestjs/common';
import { MetadataScanner, Reflector, type DiscoveryService } from '@nestjs/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PeriodicJob } from './job-handler.decorator.js';
import { PeriodicJobScheduler } from './periodic-jobs.js';
import { PERIODIC_JOBS, type PeriodicJobName, type PeriodicJobRegistry } from './registry.js';

const log = { warn: vi.fn(), info: vi.fn(), error: vi.fn() };
const scheduler = (registry: PeriodicJobRegistry, ...instances: object[]) =>
  new PeriodicJobScheduler(
    { getProviders: () => instances.map((instance) => ({ instance, isAlias: false })) } as unknown as DiscoveryService,
    new MetadataScanner(),
    new Reflector(),
    log as never,
    registry,
  );
const name = (n: string) => n as PeriodicJobName;

afterEach(() => {
  vi.useRealTimers();
  log.warn.mockClear();
});

describe('PeriodicJobScheduler', () => {
  it('runs at start as declared (awaited, in the background, or not), then every everyMs', async () => {
    vi.useFakeTimers();
    const runs: string[] = [];
    let releaseBackground: (() => void) | undefined;
    @Injectable()
    class Jobs {
      @PeriodicJob(name('a.awaited'))
      a() {
        runs.push('a');
      }
      @PeriodicJob(name('b.background'))
      b() {
        runs.push('b');
        // the first run (the start's, in the background) lasts until released
        if (runs.filter((r) => r === 'b').length === 1) return new Promise<void>((r) => (releaseBackground = r));
      }
      @PeriodicJob(name('c.later'))
      c() {
        runs.push('c');
      }
    }
    const s = scheduler(
      {
        'a.awaited': { everyMs: 1000, onStart: 'await', acrossProcesses: '' },
        'b.background': { everyMs: 1000, onStart: 'background', acrossProcesses: '' },
        'c.later': { everyMs: 5000, onStart: 'no', acrossProcesses: '' },
      },
      new Jobs(),
    );
    await s.onApplicationBootstrap();
    expect(runs).toEqual(['a', 'b']);
    // b's run is still going at its next tick: not started twice; a runs again
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toEqual(['a', 'b', 'a']);
    releaseBackground!();
    await vi.advanceTimersByTimeAsync(4000);
    expect(runs.filter((r) => r === 'a')).toHaveLength(6);
    expect(runs.filter((r) => r === 'b')).toHaveLength(5);
    expect(runs.filter((r) => r === 'c')).toHaveLength(1);
    s.beforeApplicationShutdown();
    const before = runs.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toHaveLength(before);
  });

  it('logs a run that throws and runs it again at its next time', async () => {
    vi.useFakeTimers();
    let n = 0;
    @Injectable()
    class Jobs {
      @PeriodicJob(name('x.fails'))
      x() {
        n++;
        throw new Error('the database is away');
      }
    }
    const s = scheduler({ 'x.fails': { everyMs: 100, onStart: 'await', acrossProcesses: '' } }, new Jobs());
    await s.onApplicationBootstrap();
    await vi.advanceTimersByTimeAsync(100);
    expect(n).toBe(2);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ job: 'x.fails' }), 'periodic job failed');
    s.beforeApplicationShutdown();
  });

  it('refuses to boot on a declared job without a handler, a second handler, or a handler of an undeclared job', async () => {
    @Injectable()
    class One {
      @PeriodicJob(name('a.run'))
      a() {}
      @PeriodicJob(name('stray.run'))
      stray() {}
    }
    @Injectable()
    class Two {
      @PeriodicJob(name('a.run'))
      again() {}
    }
    const registry = { 'a.run': { everyMs: 1000, onStart: 'no', acrossProcesses: '' }, 'b.run': { everyMs: 1000, onStart: 'no', acrossProcesses: '' } } as const;
    await expect(scheduler(registry, new One(), new Two()).onApplicationBootstrap()).rejects.toThrow(
      "the worker cannot start: periodic job a.run has 2 handlers: One.a, Two.again; periodic job b.run has no handler (add a @PeriodicJob('b.run') method to a worker provider); One.stray handles periodic job stray.run, which PERIODIC_JOBS does not declare",
    );
  });

  it('declares every sweep with a positive interval, a start rule and its guarantee across processes', () => {
    for (const [job, def] of Object.entries(PERIODIC_JOBS)) {
      expect(def.everyMs, job).toBeGreaterThan(0);
      expect(['await', 'background', 'no'], job).toContain(def.onStart);
      expect(def.acrossProcesses.length, job).toBeGreaterThan(10);
    }
  });
});
