// npx tsx seed/cli.ts [--devices N] [--seed S] [--reset] [--now ISO]   (npm run seed -- --devices N)
// Seeds DATABASE_URL (default: the local dev database, postgres://postgres@127.0.0.1:54329/tracker).
import { parseArgs } from 'node:util';
import { DEFAULT_DEVICES, DEFAULT_SEED, SeedRefused, seedDatabase } from './index.js';

const { values } = parseArgs({
  options: {
    devices: { type: 'string' },
    seed: { type: 'string' },
    reset: { type: 'boolean', default: false },
    now: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(`usage: npm run seed -- [--devices N] [--seed S] [--reset] [--now 2025-01-31T00:00:00Z]
  --devices  fleet size (default ${DEFAULT_DEVICES}; 1000000 works)
  --seed     PRNG seed (default ${DEFAULT_SEED}); same seed and --now, same data
  --reset    truncate every app table first (otherwise a database with data is refused)
  --now      generated times lie before this instant (default: today 00:00 UTC)
  DATABASE_URL selects the database (default postgres://postgres@127.0.0.1:54329/tracker)`);
  process.exit(0);
}

const int = (v: string | undefined, name: string, fallback: number) => {
  if (v === undefined) return fallback;
  const n = Number(v.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < (name === 'seed' ? -2147483648 : 1)) {
    console.error(`[seed] --${name} must be ${name === 'seed' ? 'an integer' : 'a positive integer'}, got "${v}"`);
    process.exit(2);
  }
  return n;
};

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:54329/tracker';
const now = values.now ? new Date(values.now) : undefined;
if (now && Number.isNaN(now.getTime())) {
  console.error(`[seed] --now must be a date, got "${values.now}"`);
  process.exit(2);
}

try {
  const r = await seedDatabase({
    databaseUrl,
    devices: int(values.devices, 'devices', DEFAULT_DEVICES),
    seed: int(values.seed, 'seed', DEFAULT_SEED),
    reset: values.reset,
    now,
    log: values.quiet ? undefined : (l) => console.log(`[seed] ${l}`),
  });
  const total = Object.values(r.counts).reduce((a, b) => a + b, 0);
  const main = ['device', 'owner', 'sim_card', 'contact', 'safe_zone', 'location', 'sms_message', 'notification', 'audit_event', 'backoffice_user'];
  console.log(`[seed] done in ${(r.ms / 1000).toFixed(1)} s: ${total} rows in ${Object.keys(r.counts).length} tables (seed ${r.seed}, anchor ${r.anchor})`);
  console.log(`[seed] ${main.map((t) => `${t} ${r.counts[t] ?? 0}`).join(', ')}`);
} catch (e) {
  if (e instanceof SeedRefused) {
    console.error(`[seed] refused: ${e.message}`);
    process.exit(1);
  }
  console.error(`[seed] failed: ${(e as Error).stack ?? e}`);
  process.exit(1);
}
