import { Injectable } from '@nestjs/common';
import { escapeLike, type DeviceSearchItem, type SearchFilter } from '@tracker/contract';
import { PgPool } from '../core/db.js';

/** A WHERE condition with its parameters, numbered from $1. */
export type SearchCondition = {
  /** which rows: devices (with their owner) or owners (with their devices, or alone) */
  base: 'devices' | 'owners';
  where: string[];
  params: unknown[];
  orderBy: string;
};

const SELECT = `
  d.id AS device_id, d.imei, d.imsi, d.gsm_number, d.device_type_id AS device_type, dt.name AS device_type_name,
  d.device_status, d.first_name AS child_first_name, d.last_name AS child_last_name,
  o.id AS owner_id, o.email AS owner_email, o.first_name AS owner_first_name, o.last_name AS owner_last_name,
  wl.name AS white_label`;

function fromClause(base: SearchCondition['base'], deviceTypeScope: number | null): string {
  if (base === 'devices') {
    return `FROM device d
      JOIN device_type dt ON dt.id = d.device_type_id
      LEFT JOIN owner o ON o.id = d.owner_id
      LEFT JOIN white_label wl ON wl.id = o.white_label_vendor_id`;
  }
  // owners: partner roles see only owners' devices of their type, so the device join becomes inner
  const join = deviceTypeScope === null ? 'LEFT JOIN' : 'JOIN';
  return `FROM owner o
    ${join} device d ON d.owner_id = o.id
    LEFT JOIN device_type dt ON dt.id = d.device_type_id
    LEFT JOIN white_label wl ON wl.id = o.white_label_vendor_id`;
}

/**
 * Parts of 1-2 characters have no trigram to look up, so `ILIKE '%x%'` would read every owner: they match the start
 * of the e-mail or of a first or last name instead, through btree ranges (`col >= 'li' AND col < 'lj'`, byte order
 * under the C collation), which is also what someone typing "Li" looks for.
 */
export const SHORT_PART = 3;
const isShortPart = (w: string) => w.length > 0 && [...w].length < SHORT_PART;

/** The spellings of a short part by letter case: 'li' -> li, lI, Li, LI (at most 4 for two letters). */
export function caseVariants(word: string): string[] {
  let out = [''];
  for (const ch of word) {
    const forms = [...new Set([ch.toLowerCase(), ch.toUpperCase()])].filter((f) => [...f].length === 1);
    out = out.flatMap((p) => (forms.length ? forms : [ch]).map((f) => p + f));
  }
  return [...new Set(out)];
}

/** The first string after every string starting with `prefix` (its last code point plus one). */
export function nextPrefix(prefix: string): string {
  const cps = [...prefix];
  const last = cps.pop()!.codePointAt(0)!;
  return cps.join('') + String.fromCodePoint(last + 1);
}

/** `(col >= $a AND col < $b) OR ...` for each prefix, its parameters appended to `params`. */
function prefixRanges(col: string, prefixes: string[], params: unknown[]): string {
  const ranges = prefixes.map((p) => {
    params.push(p, nextPrefix(p));
    return `(${col} >= $${params.length - 1} AND ${col} < $${params.length})`;
  });
  return ranges.length === 1 ? ranges[0]! : `(${ranges.join(' OR ')})`;
}

/** Builds the condition for one §2 filter; `value` is already normalised by the service. */
export function buildCondition(filter: SearchFilter, value: { exact?: string; from?: string; to?: string | null; words?: string[] }): SearchCondition {
  const rangeOn = (col: string): SearchCondition => {
    if (value.exact !== undefined) return { base: 'devices', where: [`${col} = $1`], params: [value.exact], orderBy: `${col}, d.id` };
    const where = [`${col} >= $1`];
    const params: unknown[] = [value.from];
    if (value.to) {
      where.push(`${col} < $2`);
      params.push(value.to);
    }
    return { base: 'devices', where, params, orderBy: `${col}, d.id` };
  };
  switch (filter) {
    case 'imei':
      return rangeOn('d.imei');
    case 'imsi':
      return rangeOn('d.imsi');
    case 'gsm_number':
      return rangeOn('d.gsm_number');
    case 'email': {
      const word = value.words?.[0] ?? '';
      // e-mails are stored in lower case, so a short part is one btree range of the unique index
      if (isShortPart(word)) {
        const params: unknown[] = [];
        return { base: 'owners', where: [prefixRanges('o.email', [word], params)], params, orderBy: 'o.email, o.id, d.id' };
      }
      return { base: 'owners', where: [`o.email ILIKE $1`], params: [`%${escapeLike(word)}%`], orderBy: 'o.email, o.id, d.id' };
    }
    case 'user_name': {
      const params: unknown[] = [];
      const where = (value.words ?? []).map((w) => {
        if (isShortPart(w)) {
          const cases = caseVariants(w);
          return `(${prefixRanges('o.first_name', cases, params)} OR ${prefixRanges('o.last_name', cases, params)})`;
        }
        params.push(`%${escapeLike(w)}%`);
        return `(o.first_name ILIKE $${params.length} OR o.last_name ILIKE $${params.length})`;
      });
      return { base: 'owners', where, params, orderBy: 'o.last_name, o.first_name, o.id, d.id' };
    }
  }
}

/**
 * Owner searches pick the page's owners first and join their devices after: every owner gives at least one row
 * (itself without devices, or one per device in scope), so the first `offset + limit` rows come from the first
 * `offset + limit` owners, and only those owners' devices are read (a broad name matches thousands of owners).
 * `scopeParam` is the number of the device-type parameter for partner roles, `n` the count of condition parameters.
 */
function ownersPageSql(cond: SearchCondition, scopeParam: number | null, n: number): string {
  const ownerWhere = [...cond.where];
  if (scopeParam !== null) {
    ownerWhere.push(`EXISTS (SELECT 1 FROM device sd WHERE sd.owner_id = o.id AND sd.device_type_id = $${scopeParam})`);
  }
  const ownerOrder = cond.orderBy.replace(/,\s*d\.id$/, '');
  const deviceJoin =
    scopeParam === null
      ? 'LEFT JOIN device d ON d.owner_id = o.id'
      : `JOIN device d ON d.owner_id = o.id AND d.device_type_id = $${scopeParam}`;
  return `SELECT ${SELECT}
    FROM (SELECT o.* FROM owner o WHERE ${ownerWhere.join(' AND ')} ORDER BY ${ownerOrder} LIMIT $${n + 1}::int + $${n + 2}::int) o
    ${deviceJoin}
    LEFT JOIN device_type dt ON dt.id = d.device_type_id
    LEFT JOIN white_label wl ON wl.id = o.white_label_vendor_id
    ORDER BY ${cond.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`;
}

@Injectable()
export class DeviceSearchRepository {
  constructor(private readonly pool: PgPool) {}

  /**
   * One page of results plus a count that stops at `countCap` rows: an exact count of a broad match costs
   * far more than the page itself, and the pager only reaches a few pages ahead.
   */
  async searchPage(
    cond: SearchCondition,
    deviceTypeScope: number | null,
    limit: number,
    offset: number,
    countCap: number,
  ): Promise<{ items: DeviceSearchItem[]; counted: number }> {
    const where = [...cond.where];
    const params = [...cond.params];
    if (deviceTypeScope !== null) {
      params.push(deviceTypeScope);
      where.push(`d.device_type_id = $${params.length}`);
    }
    const from = fromClause(cond.base, deviceTypeScope);
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const n = params.length;
    const pageSql =
      cond.base === 'owners'
        ? ownersPageSql(cond, deviceTypeScope === null ? null : n, n)
        : `SELECT ${SELECT} ${from} ${whereSql} ORDER BY ${cond.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`;
    const countSql = `SELECT count(*)::int AS n FROM (SELECT 1 ${from} ${whereSql} LIMIT $${n + 1}) capped`;
    const [page, count] = await Promise.all([
      this.pool.query<DeviceSearchItem>(pageSql, [...params, limit, offset]),
      this.pool.query<{ n: number }>(countSql, [...params, countCap]),
    ]);
    return { items: page.rows, counted: count.rows[0]?.n ?? 0 };
  }
}
