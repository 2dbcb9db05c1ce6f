// Generates the Prisma client into libs/server/src/generated/prisma (git-ignored), offline.
// `prisma generate` never runs the schema engine, but the CLI insists on finding a native engine binary, which
// it would download from Prisma's servers: pointing PRISMA_SCHEMA_ENGINE_BINARY at /bin/true satisfies it.
// Do this only for generate/validate/format, never for `migrate` (see docs/database.md).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './engine.mjs';

/** Runs `prisma generate`; returns true on success. */
export function generate({ quiet = false } = {}) {
  const cli = join(ROOT, 'node_modules', 'prisma', 'build', 'index.js');
  if (!existsSync(cli)) throw new Error('prisma CLI not installed (node_modules/prisma)');
  const r = spawnSync(process.execPath, [cli, 'generate'], {
    cwd: ROOT,
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? '/bin/true',
      // prisma.config.ts reads it; generate never connects
      DATABASE_URL: process.env.DATABASE_URL || 'postgresql://generate:unused@127.0.0.1:1/unused',
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
      CHECKPOINT_DISABLE: '1',
      PRISMA_TELEMETRY_DISABLED: '1',
    },
  });
  if (r.status !== 0 && quiet) process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
  return r.status === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(generate() ? 0 : 1);
}
