import { Injectable } from '@nestjs/common';
import { JobHandler, JobName, type JobPayload } from '../core/jobs/index.js';
import { ModemEngine } from './modem-engine.service.js';

/** The modem step job's handler (worker side): thin, the engine re-reads and locks the process. */
@Injectable()
export class ModemJobs {
  constructor(private readonly engine: ModemEngine) {}

  @JobHandler(JobName.ModemStep)
  step(p: JobPayload<typeof JobName.ModemStep>) {
    return this.engine.run(p.id, p.version);
  }
}
