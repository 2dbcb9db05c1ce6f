import { Injectable, Module, type DynamicModule, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CoreModule, FirmwareWorkerModule, ImportsWorkerModule, JOBS, JobHandler, JobsWorkerModule, ModemWorkerModule, SmsWorkerModule, StatsWorkerModule, ReportsWorkerModule, type JobName, type JobRegistry } from '@tracker/server';
import { WorkerModule } from '../../worker/src/worker.module.js';
import { startApi, type TestApi } from './harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.close());

/** A worker like the real one, whose job host checks `registry`, with `extra` providers beside the import, SMS, report, firmware and modem handlers. */
function workerModule(jobs: DynamicModule | Type, extra: Type[] = []) {
  @Module({ imports: [CoreModule, jobs, ImportsWorkerModule, SmsWorkerModule, StatsWorkerModule, ReportsWorkerModule, FirmwareWorkerModule, ModemWorkerModule], providers: extra })
  class TestWorkerModule {}
  return TestWorkerModule;
}

async function boot(module: Type) {
  const app = await NestFactory.createApplicationContext(module, { logger: false, abortOnError: false });
  await app.close();
}

describe('jobs: the worker boot check', () => {
  it('boots the real worker: every declared job has its handler', async () => {
    await expect(boot(WorkerModule)).resolves.toBeUndefined();
  });

  it('refuses to boot when a declared job has no handler, naming it', async () => {
    const registry: JobRegistry = {
      ...JOBS,
      'orphan.run': { queue: 'imports', payload: z.object({}), id: () => 'orphan', options: { attempts: 1 }, retryable: false },
    };
    await expect(boot(workerModule(JobsWorkerModule.forRegistry(registry)))).rejects.toThrow(
      /the worker cannot start: job orphan\.run has no handler/,
    );
  });

  it('refuses to boot when a handler names a job the registry does not declare', async () => {
    @Injectable()
    class Stray {
      @JobHandler('stray.run' as JobName)
      run() {}
    }
    await expect(boot(workerModule(JobsWorkerModule, [Stray]))).rejects.toThrow(
      /Stray\.run handles job stray\.run, which the job registry does not declare/,
    );
  });
});
