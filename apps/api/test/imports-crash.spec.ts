import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startApi, type TestApi } from './harness.js';
import { errorsOf, importRow, uploadCsv, uploadDir, waitDone } from './imports-helpers.js';
import { assertWorkerBuilt, kill, workerProcesses } from './worker-process.js';

// The built worker (apps/worker/dist) runs as a child process so that it can be killed with SIGKILL mid-import.
const ROWS = 200_000;

let api: TestApi;
let admin: string;
const workers = workerProcesses();
const env: Record<string, string> = { UPLOAD_DIR: uploadDir(), IMPORT_LOCK_MS: '2000' };

beforeAll(async () => {
  assertWorkerBuilt();
  api = await startApi(env);
  admin = await api.signIn('admin');
});
afterAll(async () => {
  workers.killAll();
  await api?.close();
  rmSync(env.UPLOAD_DIR!, { recursive: true, force: true });
});

// the api's env (same database, Redis key prefix and so queue prefix, upload folder)
const startWorker = () => workers.start(env);

/** Waits until the import satisfies `until` (polling Postgres every 20 ms). */
const waitFor = (id: number, until: (r: Awaited<ReturnType<typeof importRow>>) => boolean, ms = 60_000) =>
  eventually(() => importRow(api, id), { what: `import ${id} to reach the condition`, deadline: ms, interval: 20, until });

describe('crash safety', () => {
  it('finishes with exactly the right rows and errors after the worker is killed while loading and while inserting', async () => {
    // every 1000th line is bad (a letter in the IMSI); one line repeats an earlier IMSI
    const lines: string[] = ['imsi,gsm_number,status'];
    for (let i = 0; i < ROWS; i++) {
      lines.push(i % 1000 === 999 ? `9980${String(i).padStart(10, '0')}X,,0` : `998${String(i).padStart(12, '0')},+4915${String(i).padStart(9, '0')},1`);
    }
    lines.push(`998${String(0).padStart(12, '0')},,1`);
    const expectedBad = ROWS / 1000 + 1;
    const up = await uploadCsv(api, admin, '/import/upload', lines.join('\n') + '\n', { kind: 'SIM' }, 'crash.csv');
    expect(up.status).toBe(200);
    const id: number = up.body.model.id;

    let w = startWorker();
    await waitFor(id, (r) => r.status === 'RUNNING' && r.progress < 60);
    await kill(w); // mid-COPY

    w = startWorker();
    await waitFor(id, (r) => r.status === 'RUNNING' && r.progress > 70 && r.progress < 99);
    await kill(w); // inside the final transaction, between insert chunks
    const afterKill = await api.pool.query(`SELECT count(*)::int AS n FROM sim_card WHERE import_id = $1`, [id]);
    expect(afterKill.rows[0].n).toBe(0);

    startWorker();
    const done = await waitDone(api, id, 90_000);
    expect(done).toMatchObject({ status: 'FINISHED', count: ROWS + 1, imported: ROWS + 1 - expectedBad, failed: expectedBad, progress: 100 });
    const rows = await api.pool.query(`SELECT count(*)::int AS n, count(DISTINCT imsi)::int AS d FROM sim_card WHERE import_id = $1`, [id]);
    expect(rows.rows[0]).toEqual({ n: ROWS + 1 - expectedBad, d: ROWS + 1 - expectedBad });
    const errors = await errorsOf(api, id);
    expect(errors.length).toBe(expectedBad);
    expect(new Set(errors.map((e) => e.line)).size).toBe(expectedBad);
    expect(errors.at(-1)).toMatchObject({ line: ROWS + 2, column: 'imsi', reason: 'Duplicate entry: same as line 2' });
    const leftovers = await api.pool.query(`SELECT count(*)::int AS n FROM pg_tables WHERE tablename LIKE '\\_import\\_%'`);
    expect(leftovers.rows[0].n).toBe(0);
  }, 180_000);

  it('queues again an import that Postgres says is open but Redis has no job for (sweep at worker start)', async () => {
    const up = await uploadCsv(api, admin, '/import/upload', 'imsi\n997000000000001\n', { kind: 'SIM' }, 'lost.csv');
    const id: number = up.body.model.id;
    // as if Redis had lost the job: the running worker (above) has taken it already, so make a fresh open import
    await waitDone(api, id);
    const copy = await api.pool.query(
      `INSERT INTO import (kind, file_name, file_path, file_size, params, status, created_by)
       SELECT kind, 'lost-again.csv', file_path, file_size, params, 'RUNNING', created_by FROM import WHERE id = $1 RETURNING id`,
      [id],
    );
    await workers.killEach();
    startWorker();
    const done = await waitDone(api, copy.rows[0].id, 30_000);
    expect(done).toMatchObject({ status: 'FINISHED', count: 1, imported: 0, failed: 1 });
  }, 60_000);
});
