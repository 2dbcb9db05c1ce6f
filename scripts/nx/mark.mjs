// Run by an Nx target after its command succeeded (`cmd && node scripts/nx/mark.mjs`): writes
// .test-results/tasks/<project>.<target>.ok, a declared output of the target. Nx caches only successful tasks and
// restores their outputs on a cache hit, so `npm test` (scripts/test.mjs) reads the marker to know that a task
// passed, whether it ran now or came from the cache. A task that failed or never ran has no marker.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const project = process.env.NX_TASK_TARGET_PROJECT;
const target = process.env.NX_TASK_TARGET_TARGET;
if (!project || !target) {
  console.error('mark.mjs runs inside an Nx task (NX_TASK_TARGET_PROJECT / NX_TASK_TARGET_TARGET unset)');
  process.exit(1);
}
const file = join(resolve(new URL('../..', import.meta.url).pathname), '.test-results', 'tasks', `${project}.${target}.ok`);
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, `${new Date().toISOString()}\n`);
