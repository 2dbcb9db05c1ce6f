// Prisma's schema engine compiled to WebAssembly (@prisma/schema-engine-wasm), loaded by hand so it runs on
// Node 20 without --experimental-wasm-modules. The Prisma CLI's migrate commands need a native engine binary
// that cannot be downloaded here; this engine does the same work through a JS driver adapter:
//   - applyMigrations over @prisma/adapter-pg (writes _prisma_migrations exactly like `prisma migrate deploy`)
//   - diff over an in-memory PGlite (creates migrations, checks drift), no database server needed.
import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = resolve(new URL('../..', import.meta.url).pathname);
export const SCHEMA_PATH = join(ROOT, 'prisma', 'schema.prisma');
export const MIGRATIONS_DIR = join(ROOT, 'prisma', 'migrations');
export const NO_FILTERS = { externalTables: [], externalEnums: [] };

const require = createRequire(join(ROOT, 'package.json'));
let enginePromise = null;

/** The wasm module's exports (`SchemaEngine`, `version`), instantiated once per process. */
export function loadSchemaEngineWasm() {
  enginePromise ??= (async () => {
    // the engine reports Rust panics through this global before it throws
    globalThis.PRISMA_WASM_PANIC_REGISTRY ??= {
      message: null,
      set_message(m) {
        this.message = m;
      },
    };
    const bgPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const bg = await import(pathToFileURL(bgPath).href);
    const bytes = await readFile(bgPath.replace(/\.js$/, '.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': bg });
    bg.__wbg_set_wasm(instance.exports);
    instance.exports.__wbindgen_start();
    return bg;
  })();
  return enginePromise;
}

/** Creates an engine bound to a (migration-aware) driver adapter factory. */
export async function createEngine(adapterFactory, { schema } = {}) {
  const wasm = await loadSchemaEngineWasm();
  const { bindMigrationAwareSqlAdapterFactory } = await import('@prisma/driver-adapter-utils');
  const datamodels = schema ? [['schema.prisma', schema]] : undefined;
  const debug = process.env.DEBUG_SCHEMA_ENGINE ? (m) => console.error('[schema-engine]', m) : () => {};
  try {
    return await wasm.SchemaEngine.new({ datamodels }, debug, bindMigrationAwareSqlAdapterFactory(adapterFactory));
  } catch (e) {
    throw engineError(e);
  }
}

/** Turns what the engine throws (often a plain object or a panic) into an Error with a readable message. */
export function engineError(e) {
  if (e instanceof Error) return e;
  const panic = globalThis.PRISMA_WASM_PANIC_REGISTRY?.message;
  const msg = e?.message ?? e?.meta?.message ?? (typeof e === 'string' ? e : JSON.stringify(e));
  return new Error(panic ? `schema engine panic: ${panic}` : `schema engine: ${msg}`);
}

/** The migrations folder in the engine's `MigrationList` shape (what the Prisma CLI passes it). */
export async function readMigrationsList(dir = MIGRATIONS_DIR, shadowDbInitScript = '') {
  const lockPath = 'migration_lock.toml';
  const lockContent = await readFile(join(dir, lockPath), 'utf8').catch(() => null);
  let entries = [];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    if (e.code !== 'ENOENT') throw e;
  }
  const migrationDirectories = [];
  for (const d of entries.filter((x) => x.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const content = await readFile(join(dir, d.name, 'migration.sql'), 'utf8')
      .then((value) => ({ tag: 'ok', value }))
      .catch((err) => ({ tag: 'error', value: err.message }));
    migrationDirectories.push({ path: d.name, migrationFile: { path: 'migration.sql', content } });
  }
  return { baseDir: dir, lockfile: { path: lockPath, content: lockContent }, migrationDirectories, shadowDbInitScript };
}

export async function readSchema(path = SCHEMA_PATH) {
  return readFile(path, 'utf8');
}
