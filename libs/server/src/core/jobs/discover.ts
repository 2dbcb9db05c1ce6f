import type { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';

/** A method marked with one of the jobs' decorators: the job it names, `Class.method`, and a bound call. */
export interface FoundMethod {
  job: string;
  owner: string;
  call?: (...args: unknown[]) => unknown;
}

/**
 * Every provider method marked with metadata `key` (`@JobHandler`, `@OnJobFailed`, `@PeriodicJob`), found at boot
 * through Nest's discovery: what the job worker host and the periodic job scheduler run.
 */
export function discoverMethods(discovery: DiscoveryService, scanner: MetadataScanner, reflector: Reflector, key: string): FoundMethod[] {
  const found: FoundMethod[] = [];
  for (const wrapper of discovery.getProviders()) {
    const instance = wrapper.instance as Record<string, unknown> | undefined;
    if (!instance || typeof instance !== 'object' || wrapper.isAlias) continue;
    const proto = Object.getPrototypeOf(instance) as object;
    for (const method of scanner.getAllMethodNames(proto)) {
      const fn = instance[method];
      if (typeof fn !== 'function') continue;
      const job = reflector.get<string | undefined>(key, fn);
      if (job) found.push({ job, owner: `${instance.constructor.name}.${method}`, call: (...args: unknown[]) => (fn as (...a: unknown[]) => unknown).apply(instance, args) });
    }
  }
  return found;
}

/** How the boot check names a kind of job: the decorator to add and the registry that declares it. */
export interface JobKind {
  noun: string;
  decorator: string;
  registry: string;
}

export const QUEUED_JOB: JobKind = { noun: 'job', decorator: '@JobHandler', registry: 'the job registry' };
export const PERIODIC_JOB_KIND: JobKind = { noun: 'periodic job', decorator: '@PeriodicJob', registry: 'PERIODIC_JOBS' };

/**
 * The boot check: every declared job has exactly one handler and every handler (or failure hook) names a declared
 * job. Returns the problems, one sentence each; the worker refuses to start when there is any.
 */
export function checkHandlers(registry: object, handlers: FoundMethod[], failureHooks: FoundMethod[] = [], kind: JobKind = QUEUED_JOB): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(registry)) {
    const found = handlers.filter((h) => h.job === name);
    if (!found.length) problems.push(`${kind.noun} ${name} has no handler (add a ${kind.decorator}('${name}') method to a worker provider)`);
    if (found.length > 1) problems.push(`${kind.noun} ${name} has ${found.length} handlers: ${found.map((h) => h.owner).join(', ')}`);
  }
  for (const h of [...handlers, ...failureHooks]) {
    if (!(h.job in registry)) problems.push(`${h.owner} handles ${kind.noun} ${h.job}, which ${kind.registry} does not declare`);
  }
  return problems;
}
