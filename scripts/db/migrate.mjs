// Applies prisma/migrations/*/migration.sql that the database has not seen yet, in order, and records them in
// _prisma_migrations exactly as `prisma migrate deploy` does (same engine, compiled to wasm, over
// @prisma/adapter-pg). Idempotent: a second run applies nothing.
//
//   node scripts/db/migrate.mjs            (uses DATABASE_URL)
//   import { migrate } from './scripts/db/migrate.mjs'; await migrate(url)
import { pathToFileURL } from 'node:url';
import { NO_FILTERS, createEngine, engineError, readMigrationsList } from './engine.mjs';

/**
 * @prisma/adapter-pg runs a script by splitting it at every `;` (even inside comments, strings and $$ bodies)
 * and sending the pieces one by one outside any transaction. This wrapper sends each migration file as one
 * simple-protocol query instead, as the native engine does: Postgres runs it in one implicit transaction, so a
 * failing migration leaves nothing half-applied. One pooled connection, so the engine's advisory lock and
 * its queries share a session.
 */
function wholeScriptFactory(factory) {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      const adapter = await factory.connect();
      adapter.executeScript = async (script) => {
        try {
          await adapter.underlyingDriver().query(script);
        } catch (e) {
          adapter.onError(e);
        }
      };
      return adapter;
    },
    connectToShadowDb: () => factory.connectToShadowDb(),
  };
}

/**
 * Applies pending migrations to `databaseUrl`.
 * @param {string} databaseUrl
 * @param {{ log?: (msg: string) => void, migrationsDir?: string }} [options]
 * @returns {Promise<string[]>} names of the migrations applied by this call
 */
export async function migrate(databaseUrl, { log = (m) => console.log(`[migrate] ${m}`), migrationsDir } = {}) {
  if (!databaseUrl) throw new Error('migrate: no database URL (set DATABASE_URL)');
  const started = Date.now();
  const { PrismaPg } = await import('@prisma/adapter-pg');
  const migrationsList = await readMigrationsList(migrationsDir);
  if (!migrationsList.migrationDirectories.length) throw new Error('migrate: prisma/migrations holds no migration');
  const engine = await createEngine(wholeScriptFactory(new PrismaPg({ connectionString: databaseUrl, max: 1 })));
  try {
    const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters: NO_FILTERS });
    const ms = Date.now() - started;
    if (appliedMigrationNames.length) log(`applied ${appliedMigrationNames.join(', ')} (${ms} ms)`);
    else log(`up to date (${migrationsList.migrationDirectories.length} migrations, ${ms} ms)`);
    return appliedMigrationNames;
  } catch (e) {
    throw engineError(e);
  } finally {
    engine.free();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  migrate(process.env.DATABASE_URL).then(
    () => process.exit(0),
    (e) => {
      console.error(`[migrate] failed: ${e.message}`);
      process.exit(1);
    },
  );
}
