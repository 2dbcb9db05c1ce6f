import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkHandlers } from './discover.js';
import { JOBS, JobName, QUEUES, type JobRegistry } from './registry.js';

const registry: JobRegistry = {
  'a.run': { queue: 'imports', payload: z.object({ id: z.number() }), id: (p) => `a-${(p as { id: number }).id}`, options: {}, retryable: false },
  'b.run': { queue: 'imports', payload: z.object({ id: z.number() }), id: (p) => `b-${(p as { id: number }).id}`, options: {}, retryable: false },
};

describe('checkHandlers (the worker boot check)', () => {
  it('passes when every job has exactly one handler', () => {
    expect(checkHandlers(registry, [{ job: 'a.run', owner: 'A.run' }, { job: 'b.run', owner: 'B.run' }])).toEqual([]);
  });

  it('names a declared job without a handler', () => {
    expect(checkHandlers(registry, [{ job: 'a.run', owner: 'A.run' }])).toEqual([
      "job b.run has no handler (add a @JobHandler('b.run') method to a worker provider)",
    ]);
  });

  it('names a handler, or a failure hook, of a job the registry does not declare', () => {
    const problems = checkHandlers(
      registry,
      [{ job: 'a.run', owner: 'A.run' }, { job: 'b.run', owner: 'B.run' }, { job: 'c.run', owner: 'C.run' }],
      [{ job: 'd.run', owner: 'D.failed' }],
    );
    expect(problems).toEqual([
      'C.run handles job c.run, which the job registry does not declare',
      'D.failed handles job d.run, which the job registry does not declare',
    ]);
  });

  it('refuses two handlers of one job', () => {
    expect(checkHandlers(registry, [{ job: 'a.run', owner: 'A.run' }, { job: 'a.run', owner: 'A2.run' }, { job: 'b.run', owner: 'B.run' }])).toEqual([
      'job a.run has 2 handlers: A.run, A2.run',
    ]);
  });
});

describe('the job registry', () => {
  it('puts every job on a declared queue with a deterministic id and bounded attempts', () => {
    for (const [name, def] of Object.entries(JOBS)) {
      expect(QUEUES[def.queue], name).toBeDefined();
      expect(def.options.attempts, name).toBeGreaterThan(0);
    }
    expect(JOBS[JobName.ImportRun].id({ importId: 7 })).toBe('import-7');
    expect(() => JOBS[JobName.ImportRun].payload.parse({ importId: -1 })).toThrow();
  });
});
