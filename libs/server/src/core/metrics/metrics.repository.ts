import { Injectable } from '@nestjs/common';
import { SqlRepository } from '../db.js';

/**
 * The figures /metrics reads from Postgres at scrape time (docs/operations.md "Metrics"): the progress of running
 * firmware rollouts and of modem updates. Small, indexed counts (firmware_ota_activity by (request_id, status) of
 * running requests only; modem_update_task by (status, task_id)).
 */
@Injectable()
export class MetricsRepository extends SqlRepository {
  /** Devices of running firmware rollouts by activity status (0 processing, 1 downloading, 2 finished, 3 failed, 4 cancelled). */
  firmwareDevices(): Promise<{ status: number; n: number }[]> {
    return this.pool.rows(
      `SELECT a.status, count(*)::int AS n FROM firmware_ota_activity a
         JOIN firmware_upload_request r ON r.id = a.request_id
        WHERE r.status = 0 GROUP BY a.status`,
    );
  }

  /** Modem updates by status (RUNNING, DONE, FAILED, STOPPED). */
  modemUpdates(): Promise<{ status: string; n: number }[]> {
    return this.pool.rows(`SELECT status::text AS status, count(*)::int AS n FROM modem_update_task GROUP BY status`);
  }
}
