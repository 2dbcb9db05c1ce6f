// `npm test`: prepares what the suites need (dependencies, Postgres, Redis, Chromium), then runs every check and
// suite as an Nx target in one `nx run-many` (local cache: a target whose inputs did not change replays its output
// and restores its outputs instead of running), and prints one line `N passed, N failed` summed over all of them.
// Each check (a build, type check, lint, drift check, ...) counts as one test; a suite counts its tests from the
// vitest JSON report the target writes as a declared output (restored from the cache with the rest). A task passed
// when its marker (.test-results/tasks/<project>.<target>.ok, written by scripts/nx/mark.mjs) exists: Nx caches
// only successful tasks, so a failure is never replayed as a pass. Targets and their inputs: docs/architecture.md,
// "Tests".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies } from './lib/prepare.mjs';
import { ensureStack, ensureSystemPackages, ROOT } from './lib/stack.mjs';
import { runOnNode24 } from './lib/node24.mjs';

// Node 24 LTS (README "Runtime"): on an older Node this runs the script again on the pinned build
await runOnNode24(import.meta.url);

const started = Date.now();
const outDir = join(ROOT, '.test-results');
// stale reports and markers go: what a cached target produced is restored by Nx, what fails stays missing
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

/** The checks, then the suites, in the order of the summary; `suite` names the suite a test target reports to. */
const CHECKS = ['generate', 'build', 'typecheck', 'lint', 'db-check', 'openapi-lint', 'bundle-budget'];
const SUITES = ['unit', 'console', 'integration', 'e2e'];
const suiteOf = (project, target) =>
  target === 'integration' ? 'integration' : project === '@tracker/console' ? 'console' : project === '@tracker/e2e' ? 'e2e' : 'unit';
const TARGETS = [...CHECKS, 'test', 'integration'];

/** [project, target] of every task `npm test` runs, read from the package.json "nx" sections (root and workspaces). */
function tasks() {
  const pkgs = ['package.json'];
  for (const dir of ['libs', 'apps']) {
    for (const name of readdirSync(join(ROOT, dir))) {
      if (existsSync(join(ROOT, dir, name, 'package.json'))) pkgs.push(join(dir, name, 'package.json'));
    }
  }
  const list = [];
  for (const file of pkgs) {
    const pkg = JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
    const name = pkg.nx?.name ?? pkg.name;
    for (const target of Object.keys(pkg.nx?.targets ?? {})) if (TARGETS.includes(target)) list.push([name, target]);
  }
  return list;
}

const passedTask = (project, target) => existsSync(join(outDir, 'tasks', `${project}.${target}.ok`));

function suiteCounts(project, target) {
  const ok = passedTask(project, target);
  const file = join(outDir, `${project}.${target}.json`);
  if (!existsSync(file)) return { passed: 0, failed: ok ? 0 : 1 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  let failed = report.numFailedTests + (ok || report.numFailedTests ? 0 : 1);
  // a file that failed to load has no tests but fails the run
  failed += report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  return { passed: report.numPassedTests, failed };
}

ensureDependencies();
ensureSystemPackages({ chromium: true });
const stack = await ensureStack('test');
const env = {
  ...process.env,
  DATABASE_URL: stack.databaseUrl,
  REDIS_URL: stack.redisUrl,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
};

const all = tasks();
console.log(`\n▶ nx run-many -t ${TARGETS.join(' ')} (${all.length} tasks)`);
const nx = spawnSync('npx', ['nx', 'run-many', '-t', ...TARGETS, '--parallel=2', '--outputStyle=static'], {
  cwd: ROOT,
  stdio: 'inherit',
  env,
});
stack.stop();

const results = [];
for (const target of CHECKS) {
  for (const [project] of all.filter(([, t]) => t === target)) {
    const ok = passedTask(project, target);
    results.push({ name: `${target} ${project}`, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  }
}
for (const suite of SUITES) {
  const parts = all.filter(([p, t]) => !CHECKS.includes(t) && suiteOf(p, t) === suite).map(([p, t]) => suiteCounts(p, t));
  results.push({ name: suite, passed: parts.reduce((n, c) => n + c.passed, 0), failed: parts.reduce((n, c) => n + c.failed, 0) });
}
// Nx itself failing (a broken configuration, a task outside the list above) must not pass silently
if (nx.status !== 0 && results.every((r) => !r.failed)) results.push({ name: 'nx run-many', passed: 0, failed: 1 });

// what failed, as scripts/vitest/failures.mjs wrote it: near the end, where a CI log's tail shows it
const failuresDir = join(outDir, 'failures');
if (existsSync(failuresDir)) {
  for (const name of readdirSync(failuresDir).sort()) {
    const lines = readFileSync(join(failuresDir, name), 'utf8').trimEnd().split('\n');
    console.log(`\nFailures (${name.replace(/\.txt$/, '')})`);
    for (const line of lines.slice(0, 60)) console.log(`  ${line}`);
    if (lines.length > 60) console.log(`  ... ${lines.length - 60} more lines in .test-results/failures/${name}`);
  }
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.failed ? '✗' : '✓'} ${r.name}: ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
