// The migrated, seeded template database that integration and e2e tests clone (CREATE DATABASE ... TEMPLATE),
// rebuilt only when migrations or the seed change.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { ensureStack, ROOT } from '../lib/stack.mjs';

export const TEMPLATE_SEED_DEVICES = 600;

function hashTree(dirs) {
  const h = createHash('sha256');
  const walk = (p) => {
    const st = statSync(p);
    if (st.isDirectory()) for (const f of readdirSync(p).sort()) walk(join(p, f));
    else h.update(p).update(readFileSync(p));
  };
  for (const d of dirs) walk(join(ROOT, d));
  return h.digest('hex').slice(0, 16);
}

function withDb(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Ensures the template and returns { templateUrl, templateName, adminUrl, redisUrl }. */
export async function ensureTemplate() {
  const stack = await ensureStack('test');
  const templateName = new URL(stack.databaseUrl).pathname.slice(1);
  const adminUrl = withDb(stack.databaseUrl, 'postgres');
  const version = hashTree(['prisma/migrations', 'seed']) + `-${TEMPLATE_SEED_DEVICES}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const c = new pg.Client({ connectionString: stack.databaseUrl });
    await c.connect();
    let current = null;
    try {
      current = (await c.query('select version from _test_template')).rows[0]?.version ?? null;
    } catch {
      current = null;
    }
    await c.end();
    if (current !== version) {
      console.log(`[test] building the template database ${templateName}`);
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [templateName]);
      await admin.query(`drop database if exists "${templateName}"`);
      await admin.query(`create database "${templateName}" template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C.UTF-8'`);
      const { migrate } = await import('../db/migrate.mjs');
      await migrate(stack.databaseUrl);
      const r = spawnSync('npx', ['tsx', 'seed/cli.ts', '--devices', String(TEMPLATE_SEED_DEVICES)], {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, DATABASE_URL: stack.databaseUrl },
      });
      if (r.status !== 0) throw new Error('seeding the test template failed');
      const c2 = new pg.Client({ connectionString: stack.databaseUrl });
      await c2.connect();
      await c2.query('create table _test_template (version text not null)');
      await c2.query('insert into _test_template values ($1)', [version]);
      await c2.end();
    }
  } finally {
    await admin.end();
  }
  return { templateUrl: stack.databaseUrl, templateName, adminUrl, redisUrl: stack.redisUrl };
}

/** Clones the template into a new database and returns its URL and a drop function. */
export async function cloneTemplate({ templateUrl, templateName, adminUrl }, label = 't') {
  const name = `${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // one clone at a time (an advisory lock across test processes), and a retry while a backend that just
    // left the template (a seed or check connection) is still on its way out
    await admin.query('select pg_advisory_lock(7311)');
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${templateName}"`);
        break;
      } catch (e) {
        if (e?.code !== '55006' || attempt >= 40) throw e;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: withDb(templateUrl, name),
    drop: async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      try {
        // a pool's end() resolves once its connections are told to close, not once they have: give them up to 2 s
        // to leave, so a connection still closing is not terminated under a client that would hear of it as an error
        for (let i = 0; i < 40; i++) {
          const left = await a.query('select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
          if (left.rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        await a.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [name]);
        await a.query(`drop database if exists "${name}"`);
      } finally {
        await a.end();
      }
    },
  };
}
