import { Injectable } from '@nestjs/common';
import { SqlRepository } from '../db.js';

/**
 * The sweep of `csv_export` (ExportSweep, worker). Raw SQL rather than ExportStore's Prisma: the worker then sends
 * no query through Prisma's client, whose query compiler (WebAssembly) costs a process about 50 MB of RSS once
 * loaded by a first query (issue 25, docs/scaling.md "Issue 25's aims").
 */
@Injectable()
export class ExportSweepRepository extends SqlRepository {
  /** Deletes hashes that expired more than a day ago (they answer 404 already). Returns how many. */
  async deleteExpired(): Promise<number> {
    const [row] = await this.rows<{ n: number }>(
      `WITH d AS (DELETE FROM csv_export WHERE expires_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM d`,
      [new Date(Date.now() - 86_400_000)],
    );
    return row!.n;
  }
}
