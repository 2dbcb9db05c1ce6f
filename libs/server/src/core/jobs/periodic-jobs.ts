import { Inject, Injectable, Module, Optional, type BeforeApplicationShutdown, type DynamicModule, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Logger } from 'pino';
import { LOGGER } from '../tokens.js';
import { checkHandlers, discoverMethods, PERIODIC_JOB_KIND } from './discover.js';
import { PERIODIC_JOB } from './job-handler.decorator.js';
import { PERIODIC_JOBS, type PeriodicJobDefinition, type PeriodicJobRegistry } from './registry.js';

/**
 * One run of a periodic job that answers a count (the sweeps, ticks and rolls): what `work` answers, or 0 with the
 * warning `<what> failed` when it throws, so a caller (a test, the boot's first run) gets a number either way and the
 * next run comes at its time.
 */
export async function countedRun(log: Logger, what: string, work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (err) {
    log.warn({ err }, `${what} failed`);
    return 0;
  }
}

/** Injection token for the periodic jobs a scheduler runs; PERIODIC_JOBS unless a test provides a part of it. */
export const PERIODIC_JOB_REGISTRY = 'tracker:periodic-job-registry';

/**
 * The one scheduler of the periodic jobs (worker; house rule "Jobs", docs/architecture.md): finds the
 * `@PeriodicJob(name)` methods, refuses to boot unless each declared periodic job has exactly one and each names a
 * declared one, runs those declared `onStart: 'await'` before the boot completes (in the registry's order) and those
 * declared `background` without waiting, then each every `everyMs`. A run still going when its next is due is not
 * started again in this process (the skipped tick is not made up); across processes each job keeps its own guarantee
 * (`acrossProcesses`). A run that throws is logged and the next one comes at its time. Shutdown stops the timers; a run
 * in flight ends on its own (a feature's own `onModuleDestroy` can cut it short, as the statistics rollup does).
 */
@Injectable()
export class PeriodicJobScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private readonly runs = new Map<string, () => unknown>();
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Inject(LOGGER) private readonly log: Logger,
    @Optional() @Inject(PERIODIC_JOB_REGISTRY) private readonly registry: PeriodicJobRegistry = PERIODIC_JOBS,
  ) {}

  async onApplicationBootstrap() {
    const found = discoverMethods(this.discovery, this.scanner, this.reflector, PERIODIC_JOB);
    const problems = checkHandlers(this.registry, found, [], PERIODIC_JOB_KIND);
    if (problems.length) throw new Error(`the worker cannot start: ${problems.join('; ')}`);
    for (const h of found) this.runs.set(h.job, h.call as () => unknown);
    const jobs = Object.entries(this.registry) as [string, PeriodicJobDefinition][];
    for (const [name, def] of jobs) {
      if (def.onStart === 'await') await this.run(name);
      else if (def.onStart === 'background') void this.run(name);
    }
    if (this.stopped) return;
    for (const [name, def] of jobs) this.timers.push(setInterval(() => void this.run(name), def.everyMs));
  }

  /** Runs a periodic job now unless its last run is still going (then answers that run). Never throws. */
  run(name: string): Promise<void> {
    const going = this.running.get(name);
    if (going) return going;
    const fn = this.runs.get(name);
    if (!fn || this.stopped) return Promise.resolve();
    // started a microtask later, so that the run is marked as going before it can end (a handler throwing at once)
    const p = Promise.resolve()
      .then(() => fn())
      .then(
        () => undefined,
        (err: unknown) => this.log.warn({ err, job: name }, 'periodic job failed'),
      )
      .finally(() => this.running.delete(name));
    this.running.set(name, p);
    return p;
  }

  /** the second phase of shutdown (docs/operations.md "Shutdown"): after the running queued jobs finished */
  beforeApplicationShutdown() {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers.length = 0;
  }
}

/**
 * The worker's periodic jobs: import once in the worker's root module, beside the feature modules whose providers
 * carry the `@PeriodicJob` methods.
 */
@Module({ imports: [DiscoveryModule], providers: [PeriodicJobScheduler], exports: [PeriodicJobScheduler] })
export class PeriodicJobsModule {
  /** The same, running only `registry` (a part of PERIODIC_JOBS: a test of one feature's periodic jobs). */
  static forRegistry(registry: PeriodicJobRegistry): DynamicModule {
    return { module: PeriodicJobsModule, providers: [{ provide: PERIODIC_JOB_REGISTRY, useValue: registry }] };
  }
}
