// A vitest reporter for the Nx test targets (`--reporter=.../scripts/vitest/failures.mjs`): writes what failed in
// the run (each failed test with its first error, a file that failed to load, and every unhandled error with the
// file it came from) to .test-results/failures/<project>.<target>.txt, which `npm test` (scripts/test.mjs) prints
// just above its summary. CI shows only the tail of a long log; without this a failure outside a test (an unhandled
// rejection) was one line, "Errors 1 error", with nothing to find it by.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const name = `${process.env.NX_TASK_TARGET_PROJECT ?? 'vitest'}.${process.env.NX_TASK_TARGET_TARGET ?? 'run'}`.replace(/[/@]/g, '_');
const file = join(ROOT, '.test-results', 'failures', `${name}.txt`);

/** the message and the first frames of the stack that are ours (not node_modules, node: or anonymous ones) */
function describe(e) {
  const head = `${e?.name ?? 'Error'}: ${String(e?.message ?? e).split('\n').slice(0, 6).join('\n    ')}`;
  const frames = String(e?.stack ?? '')
    .split('\n')
    .filter((l) => /^\s+at /.test(l) && !/node_modules|node:|<anonymous>/.test(l))
    .slice(0, 4)
    .map((l) => `    ${l.trim().replaceAll(`${ROOT}/`, '')}`);
  return [head, ...frames].join('\n');
}

export default class FailuresReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const out = [];
    for (const m of testModules) {
      const path = relative(ROOT, m.moduleId);
      for (const e of m.errors()) out.push(`✗ ${path} (the file): ${describe(e)}`);
      for (const t of m.children.allTests()) {
        const r = t.result();
        if (r.state === 'failed') out.push(`✗ ${path} > ${t.fullName}: ${describe(r.errors?.[0])}`);
      }
    }
    for (const e of unhandledErrors) {
      const where = e?.VITEST_TEST_PATH ? ` in ${relative(ROOT, e.VITEST_TEST_PATH)}${e.VITEST_TEST_NAME ? ` > ${e.VITEST_TEST_NAME}` : ''}` : '';
      const after = e?.VITEST_AFTER_ENV_TEARDOWN ? ' (after the file ended)' : '';
      out.push(`✗ ${e?.type ?? 'Unhandled error'}${where}${after}: ${describe(e)}`);
    }
    if (out.length === 0) {
      rmSync(file, { force: true });
      return;
    }
    mkdirSync(join(ROOT, '.test-results', 'failures'), { recursive: true });
    writeFileSync(file, `${out.join('\n')}\n`);
  }
}
