// `npm test`: prepares what the suites need (dependencies, Postgres, Redis, Chromium, builds), runs the checks
// (type check, lint, migration drift) and every suite (unit, console, integration, e2e), then prints one line
// `N passed, N failed` summed over all of them. Each check counts as one test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies } from './lib/prepare.mjs';
import { ensureStack, ensureSystemPackages, ROOT } from './lib/stack.mjs';

const started = Date.now();
const results = [];
const outDir = join(ROOT, '.test-results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

function step(name, cmd, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const t = Date.now();
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  console.log(`${ok ? '✓' : '✗'} ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  return ok;
}

function check(name, cmd, args, env) {
  const ok = step(name, cmd, args, env);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  return ok;
}

function suite(name, config, env = {}) {
  const file = join(outDir, `${name}.json`);
  const ok = step(`${name} tests`, 'npx', ['vitest', 'run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], env);
  let passed = 0;
  let failed = ok ? 0 : 1;
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests + (ok || report.numFailedTests ? 0 : 1);
    // a file that failed to load has no tests but fails the run
    failed += report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  }
  results.push({ name, passed, failed });
}

ensureDependencies();
ensureSystemPackages({ chromium: true });
const stack = await ensureStack('test');
const env = { DATABASE_URL: stack.databaseUrl, REDIS_URL: stack.redisUrl };

const built =
  check('generate Prisma client', 'node', ['scripts/db/generate.mjs']) &&
  check('type check and build server (tsc -b)', 'npx', ['tsc', '-b', 'tsconfig.json']);
check('type check console', 'npx', ['tsc', '-p', 'apps/console/tsconfig.json']);
check('type check tests', 'npx', ['tsc', '-p', 'tsconfig.spec.json']);
check('lint (eslint, Nx module boundaries)', 'npm', ['run', '--silent', 'lint']);
check('migrations match schema.prisma', 'node', ['scripts/db/diff.mjs', '--check']);
if (built) check('OpenAPI document passes Redocly recommended rules', 'node', ['scripts/lint-openapi.mjs']);
else results.push({ name: 'OpenAPI lint', passed: 0, failed: 1 });
const consoleBuilt = check('build console', 'npx', ['vite', 'build', '--config', 'apps/console/vite.config.ts', '--logLevel', 'warn']);
if (consoleBuilt) check('console bundle budget (JS before /login renders)', 'node', ['scripts/check-bundle.mjs']);

suite('unit', 'vitest.unit.config.ts', env);
suite('console', 'apps/console/vitest.config.ts', env);
if (built) suite('integration', 'apps/api/vitest.config.ts', env);
else results.push({ name: 'integration', passed: 0, failed: 1 });
if (built && consoleBuilt) suite('e2e', 'apps/e2e/vitest.config.ts', env);
else results.push({ name: 'e2e', passed: 0, failed: 1 });

stack.stop();
console.log('\nSummary');
for (const r of results) console.log(`  ${r.failed ? '✗' : '✓'} ${r.name}: ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
