// House rule "Ownership" (docs/architecture.md "Table owners"): each table is written from one module, others call it.
// Scans the server's sources (libs/server/src, not specs; the apps hold no SQL) for writes: raw SQL
// (INSERT INTO, UPDATE, DELETE FROM, TRUNCATE, COPY ... FROM, MERGE INTO) and Prisma (create, update, delete, upsert
// and their Many forms), maps Prisma models to tables through prisma/schema.prisma, and fails when a table is written
// from a module that is neither its owner nor one of its named exceptions, when a written table has no owner, when a
// statement writes to a table named at run time (`INSERT INTO ${table}`) in a file that does not declare which tables
// those are (DYNAMIC), or when an exception no longer writes (so the list and the docs stay true).
// A module is the first folder under libs/server/src (`device-workspace`, `sms`).
// Run by the server's `lint` target (libs/server/package.json); `node scripts/lint-table-owners.mjs` by hand.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * table -> { owner, also: { module: why } }. The owner holds the table's writes; an exception writes a part the
 * owner's module cannot (set-based bulk paths, a transaction of its own feature) and says which.
 */
export const TABLE_OWNERS = {
  audit_event: { owner: 'core' },
  backoffice_session: { owner: 'auth' },
  backoffice_user: { owner: 'admin' },
  command_refusal: { owner: 'commands', also: { firmware: "a rollout's set-based refusals (materialize: the gate's SQL twin)" } },
  contact: { owner: 'owner-workspace' },
  contact_device: { owner: 'owner-workspace' },
  csv_export: { owner: 'core' },
  daily_report_active: { owner: 'reports' },
  daily_report_day: { owner: 'reports' },
  daily_report_delta: { owner: 'reports' },
  daily_report_rollup: { owner: 'reports' },
  daily_report_zone: { owner: 'reports' },
  daily_statistic: { owner: 'stats' },
  default_setting: { owner: 'admin-data' },
  device: {
    owner: 'device-workspace',
    also: {
      imports: "set-based inserts from an upload's staging table",
    },
  },
  device_setting: { owner: 'settings' },
  factory_device: { owner: 'imports' },
  firmware_binary: { owner: 'firmware' },
  firmware_ota_activity: { owner: 'firmware' },
  firmware_upload_request: { owner: 'firmware' },
  gsm_whitelist_number: { owner: 'traffic' },
  help_file: { owner: 'imports' },
  help_text: { owner: 'help-texts' },
  import: { owner: 'imports' },
  import_error: { owner: 'imports' },
  modem_update_step: { owner: 'modem' },
  modem_update_task: { owner: 'modem' },
  notification: { owner: 'device-workspace' },
  operator: { owner: 'admin' },
  owner: { owner: 'owner-workspace' },
  password_reset: { owner: 'auth' },
  report_active_device: { owner: 'reports' },
  report_run: { owner: 'reports' },
  safe_zone: { owner: 'owner-workspace' },
  safe_zone_device: { owner: 'owner-workspace' },
  sim_card: {
    owner: 'device-workspace',
    also: { imports: "set-based inserts from an upload's staging table" },
  },
  sms_callback: { owner: 'sms' },
  sms_campaign: { owner: 'sms' },
  sms_gateway: { owner: 'admin' },
  sms_message: { owner: 'commands', also: { sms: 'the transport: dispatch claims, gateway ids and the one status UPDATE (docs/sms.md)' } },
  sms_statistic: { owner: 'sms' },
  sms_statistic_delta: { owner: 'sms' },
  stats_dirty: { owner: 'stats' },
  stats_rollup_state: { owner: 'stats' },
  translation: { owner: 'admin-data' },
  voip_central: { owner: 'admin' },
  wifi_access_point: { owner: 'admin-data' },
};

/**
 * Files (by name) whose statements name their table at run time, and the tables those can be; an empty list says
 * they are no table of the schema (the import runner's own staging tables, `import_stage_<id>`).
 */
export const DYNAMIC = {
  'owner-devices.repository.ts': ['contact', 'contact_device', 'safe_zone', 'safe_zone_device'],
  'import-sql.ts': [],
  'import-runner.repository.ts': [],
};

/** The table of every Prisma model, by model name and by client delegate (`tx.smsMessage` -> sms_message). */
export function prismaTables(schema) {
  const byDelegate = new Map();
  const tables = new Set();
  for (const m of schema.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
    const table = /@@map\("([^"]+)"\)/.exec(m[2])?.[1] ?? m[1];
    tables.add(table);
    byDelegate.set(m[1][0].toLowerCase() + m[1].slice(1), table);
  }
  return { tables, byDelegate };
}

const SQL_WRITE = /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?|COPY|MERGE\s+INTO)\s+(?:ONLY\s+)?("?[a-z_][a-z0-9_]*"?|\$\{)/g;
const PRISMA_WRITE = /\.([a-z]\w*)\s*\.\s*(create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|delete|deleteMany|upsert)\s*\(/g;

/**
 * The writes in a source text: `{ table, line, how }` for each statement or Prisma call that writes a table of the
 * schema, `{ table: null, ... }` for one whose table is named at run time. `FOR UPDATE`, `DO UPDATE SET` and a COPY
 * that reads (`COPY (...) TO`) are no writes.
 */
export function findWrites(text, { tables, byDelegate }) {
  const out = [];
  const lineOf = (i) => text.slice(0, i).split('\n').length;
  for (const m of text.matchAll(SQL_WRITE)) {
    const verb = m[1].split(/\s+/)[0];
    const before = text.slice(Math.max(0, m.index - 12), m.index);
    if (verb === 'UPDATE' && /\b(FOR|DO|NO KEY)\s+$/.test(before)) continue;
    if (m[2] === '${') {
      out.push({ table: null, line: lineOf(m.index), how: verb });
      continue;
    }
    const table = m[2].replaceAll('"', '');
    if (!tables.has(table)) continue;
    if (verb === 'COPY' && !/^\s*(\([^)]*\)\s*)?FROM\b/i.test(text.slice(m.index + m[0].length, m.index + m[0].length + 200))) continue;
    out.push({ table, line: lineOf(m.index), how: verb });
  }
  for (const m of text.matchAll(PRISMA_WRITE)) {
    const table = byDelegate.get(m[1]);
    if (table) out.push({ table, line: lineOf(m.index), how: `prisma ${m[2]}` });
  }
  return out.sort((a, b) => a.line - b.line);
}

/** The module of a source path relative to the repository root: its first folder under libs/server/src. */
export function moduleOf(path) {
  return /^libs\/server\/src\/([^/]+)\//.exec(path)?.[1] ?? path;
}

/**
 * The problems of a set of sources (`[{ path, text }]`) against the owners: one line each, empty when all is well.
 */
export function checkOwners(sources, schema, owners = TABLE_OWNERS, dynamic = DYNAMIC) {
  const problems = Object.keys(owners)
    .filter((table) => !schema.tables.has(table))
    .map((table) => `${table}: no such table in prisma/schema.prisma; remove it from TABLE_OWNERS`);
  const used = new Set();
  for (const { path, text } of sources) {
    const mod = moduleOf(path);
    for (const w of findWrites(text, schema)) {
      const names = w.table === null ? dynamic[basename(path)] : [w.table];
      if (!names) {
        problems.push(`${path}:${w.line}: ${w.how} into a table named at run time; name its tables in DYNAMIC (scripts/lint-table-owners.mjs)`);
        continue;
      }
      for (const table of names) {
        const o = owners[table];
        if (!o) {
          problems.push(`${path}:${w.line}: ${w.how} ${table}: the table has no owner; add it to TABLE_OWNERS and docs/architecture.md "Table owners"`);
        } else if (o.owner !== mod && !o.also?.[mod]) {
          problems.push(`${path}:${w.line}: ${w.how} ${table} from module ${mod}; its owner is ${o.owner}: call ${o.owner}'s service or store`);
        } else {
          used.add(`${table} ${mod}`);
        }
      }
    }
  }
  for (const [table, o] of Object.entries(owners)) {
    for (const mod of Object.keys(o.also ?? {})) {
      if (!used.has(`${table} ${mod}`)) problems.push(`${table}: ${mod} no longer writes it; remove the exception (and its line in docs/architecture.md)`);
    }
  }
  return problems;
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The server's tracked sources, specs and generated code left out. */
export function serverSources(root = ROOT) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'libs/server/src'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.ts$/.test(f) && !/\.spec\.ts$/.test(f) && !f.includes('/generated/'));
  return files.map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const schema = prismaTables(readFileSync(join(ROOT, 'prisma/schema.prisma'), 'utf8'));
  const sources = serverSources();
  const problems = checkOwners(sources, schema);
  for (const p of problems) console.log(p);
  console.log(`table owners: ${problems.length} problem(s) in ${sources.length} files, ${Object.keys(TABLE_OWNERS).length} tables`);
  process.exit(problems.length ? 1 : 0);
}
