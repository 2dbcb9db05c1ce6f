import { Injectable } from '@nestjs/common';
import { escapeLike, type DeviceSearchItem, type SearchFilter } from '@tracker/contract';
import { namedByText, SqlRepository } from '../core/db.js';

/** A WHERE condition with its parameters, numbered from $1. */
export type SearchCondition = {
  /** which rows: devices (with their owner) or owners (with their devices, or alone) */
  base: 'devices' | 'owners';
  /** conditions on `d` (devices) or `o` (owners); for name searches, those of the words after the first */
  where: string[];
  params: unknown[];
  orderBy: string;
  /**
   * How the page's owners are found (owner searches only):
   * - `ordered`: the WHERE walked in the order of a btree (short e-mail parts: one range of the e-mail index);
   * - `grams`: e-mail parts of 3+ characters (`where` on `o.email`, `o.id`): the part's rarest trigram (parameter
   *   `gramParam`, the lower-case part) is read from owner_email_gram in e-mail order, each entry checked by `where`,
   *   stopping as soon as the page and the capped count have their owners (see gramMatchesSql);
   * - `names`: the condition on `owner_name n` that picks the first word's names; each such name's first owners are
   *   read in result order from the composite name indexes (see namesCandidatesSql).
   */
  owners?: { kind: 'ordered' } | { kind: 'grams'; gramParam: number } | { kind: 'names'; nameWhere: string; pairs?: NamePairs };
};

/**
 * A name search's other words (after the lead) as conditions on names: `any` on `n.name` (it matches one of them:
 * the names worth pairing, `others` below), `sat` on the lead name `m.name` (it matches every other word), `pair`
 * on `m.name` and a second name `f.name` (each other word matches one of the two).
 */
type NamePairs = { any: string; sat: string; pair: string };

const SELECT = `
  d.id AS device_id, d.imei, d.imsi, d.gsm_number, d.device_type_id AS device_type, dt.name AS device_type_name,
  d.device_status, d.first_name AS child_first_name, d.last_name AS child_last_name,
  o.id AS owner_id, o.email AS owner_email, o.first_name AS owner_first_name, o.last_name AS owner_last_name,
  wl.name AS white_label`;

/** Device searches read devices with their type and owner. */
const DEVICES_FROM = `FROM device d
  JOIN device_type dt ON dt.id = d.device_type_id
  LEFT JOIN owner o ON o.id = d.owner_id
  LEFT JOIN white_label wl ON wl.id = o.white_label_vendor_id`;

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
      // e-mails are stored in lower case, so a short part is one btree range of the unique index, read in order
      if (isShortPart(word)) {
        const params: unknown[] = [];
        return { base: 'owners', where: [prefixRanges('o.email', [word], params)], params, orderBy: 'o.email, o.id, d.id', owners: { kind: 'ordered' } };
      }
      // `strpos(lower(email), lower(part)) > 0` is what ILIKE '%part%' does (both sides lower-cased, no wildcards to
      // escape), written so that the planner takes a third of the entries as matches (its default for an inequality
      // on an expression): it then walks the lead trigram in order and stops, rather than reading and sorting them all
      return {
        base: 'owners',
        where: [`strpos(lower(o.email), lower($1::text)) > 0`],
        params: [word],
        orderBy: 'o.email, o.id, d.id',
        owners: { kind: 'grams', gramParam: 1 },
      };
    }
    case 'user_name': {
      const params: unknown[] = [];
      const words = value.words ?? [];
      // the longest word picks the names (fewest matches); the others filter the owners those names lead to
      const lead = words.reduce((best, w, i) => ([...w].length > [...words[best]!].length ? i : best), 0);
      const nameWhere = nameCondition('n.name', words[lead] ?? '', params);
      const others = words.filter((_, i) => i !== lead);
      const where = others.map((w) => {
        if (isShortPart(w)) {
          const cases = caseVariants(w);
          return `(${prefixRanges('o.first_name', cases, params)} OR ${prefixRanges('o.last_name', cases, params)})`;
        }
        params.push(`%${escapeLike(w)}%`);
        return `(o.first_name ILIKE $${params.length} OR o.last_name ILIKE $${params.length})`;
      });
      // the other words as conditions on names (owner_name holds every first and last name): a lead name `m` that
      // matches them all, and the names `f` an owner of `m` must have beside it for the words `m` does not match
      const pairs = others.length
        ? {
            any: others.map((w) => nameCondition('n.name', w, params)).join(' OR '),
            sat: others.map((w) => nameCondition('m.name', w, params)).join(' AND '),
            pair: others.map((w) => `(${nameCondition('m.name', w, params)} OR ${nameCondition('f.name', w, params)})`).join(' AND '),
          }
        : undefined;
      return { base: 'owners', where, params, orderBy: 'o.last_name, o.first_name, o.id, d.id', owners: { kind: 'names', nameWhere, pairs } };
    }
  }
}

/** A name matching one word: starting with a short part (any letter case, btree ranges), containing a longer one. */
function nameCondition(col: string, word: string, params: unknown[]): string {
  if (isShortPart(word)) return prefixRanges(col, caseVariants(word), params);
  params.push(`%${escapeLike(word)}%`);
  return `${col} ILIKE $${params.length}`;
}

/**
 * Name searches: an owner matches when its first or last name matches the lead word, i.e. is one of the names
 * `nameWhere` picks from owner_name (a few names, however many owners hold them). Of the owners holding a matching
 * last name L, the first k in result order (last name, first name, id) are the first k entries of the index
 * (last_name, first_name, id) at L; of those holding a matching first name F (and no matching last name, so each
 * owner comes once), the first k of (first_name, last_name, id) at F, as result order within F is last name, id.
 * Every owner of the first k overall is among the first k of its own name's group (the group's earlier owners match
 * too), so these groups hold the answer: at most 2 x names x k index entries are read, never every owner whose
 * name sorts before a match. Filters (the other words, the partner scope) apply within a group.
 *
 * Other words (`pairs`): an owner of group L matches them when L does, or else when its other name is one of the
 * names `f` that match the words L does not ("anna sm": the owners named Anna whose last name is one of the names
 * starting with "sm"). Such a group is read as one index range per (L, f), each in id order, at most k entries each,
 * instead of walking every owner of L and filtering ("Anna" has thousands).
 */
function nameGroupsSql(filters: string[], k: string, pairs?: NamePairs): string {
  const and = filters.length ? ` AND ${filters.join(' AND ')}` : '';
  const whole = pairs ? ` AND ${pairs.sat}` : '';
  const notLead = 'NOT EXISTS (SELECT 1 FROM names x WHERE x.name = o.last_name)';
  const byPair = (own: 'last_name' | 'first_name', other: 'first_name' | 'last_name', extra: string) =>
    pairs
      ? `
      UNION ALL
      (SELECT p.* FROM others f CROSS JOIN LATERAL (
          SELECT o.last_name, o.first_name, o.id FROM owner o WHERE o.${own} = m.name AND o.${other} = f.name${extra}${and}
           ORDER BY o.id LIMIT ${k}) p
        WHERE NOT (${pairs.sat}) AND ${pairs.pair})`
      : '';
  return `SELECT c.* FROM names m CROSS JOIN LATERAL (
      (SELECT o.last_name, o.first_name, o.id FROM owner o WHERE o.last_name = m.name${whole}${and}
        ORDER BY o.first_name, o.id LIMIT ${k})${byPair('last_name', 'first_name', '')}
      UNION ALL
      (SELECT o.last_name, o.first_name, o.id FROM owner o WHERE o.first_name = m.name${whole}${and}
         AND ${notLead}
        ORDER BY o.last_name, o.id LIMIT ${k})${byPair('first_name', 'last_name', ` AND ${notLead}`)}
    ) c`;
}

/** Trigrams of a part tried as the lead (the first ones, distinct). */
const GRAMS_PROBED = 12;
/**
 * Entries of each trigram the probe reads. Small on purpose: a probe that reads about as many entries as the planner
 * expects a trigram to have (1,000 did on a test fleet) may be planned as a bitmap of every entry of the trigram.
 */
const PROBE = 64;

/**
 * The probe: for each trigram of the part, its first `n` entries (index order, so e-mail order: what a walk reads
 * first; no ORDER BY, which could let the planner prefer reading every entry and sorting), how many there are (`t`,
 * all of them when fewer than `n`) and how many contain the part (`m`). A walk of the trigram to the 151 owners of
 * page 0's page and count reads about `t` entries when t < n, else about 151 * n / m: the density of matches in its
 * first entries is the density the walk meets. A trigram with no match among `n` entries estimates nothing (null).
 */
function probeSql(part: string, n: number): string {
  return `SELECT g.gram, CASE WHEN p.t < ${n} THEN p.t WHEN p.m > 0 THEN 151.0 * ${n} / p.m END AS cost
      FROM grams g CROSS JOIN LATERAL (
        SELECT count(*) AS t, count(*) FILTER (WHERE strpos(x.email, ${part}) > 0) AS m
          FROM (SELECT e.email FROM owner_email_gram e WHERE e.gram = g.gram LIMIT ${n}) x) p`;
}

/**
 * E-mail parts of 3+ characters: every e-mail containing the part contains each of its trigrams, so one trigram's
 * entries in owner_email_gram (gram, email, owner_id), read in e-mail order, hold every match in result order. The
 * lead is the trigram whose walk is estimated cheapest by a probe of its first PROBE entries (probeSql): a rare
 * trigram, or one dense in matches; when no trigram tells anything there (each has more entries, none of them a
 * match: a rare part made of common trigrams), the first in trigram order. The lead's entries are checked
 * (`where`: the part, the partner scope) and the walk stops at `n` matching owners. A common part reads a few
 * hundred entries in all, a rare one its rare trigram's few: never
 * every match, never every owner. `n` covers the page and the capped count (each owner in scope gives a row). The
 * weak case stays a rare part of common trigrams whose matches are not among any trigram's first entries ("ia.com":
 * every entry of its lead, as with the 1,000-entry count of each trigram before; docs/benchmarks.md).
 */
function gramMatchesSql(gramParam: number, where: string, n: string): string {
  const part = `lower($${gramParam}::text)`;
  return `grams AS MATERIALIZED (
      SELECT DISTINCT substr(${part}, i, 3) AS gram
        FROM generate_series(1, LEAST(char_length($${gramParam}::text) - 2, ${GRAMS_PROBED})) i),
    lead AS MATERIALIZED (
      SELECT p.gram FROM (${probeSql(part, PROBE)}) p ORDER BY p.cost NULLS LAST, p.gram LIMIT 1),
    matches AS MATERIALIZED (
      SELECT o.email, o.id FROM (SELECT e.email, e.owner_id AS id FROM owner_email_gram e WHERE e.gram = (SELECT gram FROM lead)) o
       WHERE ${where} ORDER BY o.email, o.id LIMIT ${n})`;
}

/**
 * How the matching owners are read, per the condition's kind: CTEs to put first (`prelude`), the first `k` in result
 * order as (sort columns..., id) (`top`), and all of them in any order as rows with `id` (`all`, read by the capped
 * count until it has enough). `filters` are conditions on `o` (the condition's own, and the partner scope).
 */
function ownerSources(cond: SearchCondition, filters: string[], ownerOrder: string, k: string, cap: string) {
  const owners = cond.owners ?? { kind: 'ordered' };
  const cols = ownerOrder.split(',').map((c) => c.trim());
  const where = filters.join(' AND ');
  switch (owners.kind) {
    case 'names':
      return {
        prelude: `names AS MATERIALIZED (SELECT n.name FROM owner_name n WHERE ${owners.nameWhere}),${
          owners.pairs ? ` others AS MATERIALIZED (SELECT n.name FROM owner_name n WHERE ${owners.pairs.any}),` : ''
        }`,
        top: `SELECT * FROM (${nameGroupsSql(filters, k, owners.pairs)}) g ORDER BY ${ownerOrder.replace(/\bo\./g, 'g.')} LIMIT ${k}`,
        all: nameGroupsSql(filters, cap, owners.pairs),
      };
    case 'grams':
      return {
        prelude: `${gramMatchesSql(owners.gramParam, where, `GREATEST(${cap}, ${k})`)},`,
        top: `SELECT * FROM matches o ORDER BY ${ownerOrder} LIMIT ${k}`,
        all: `SELECT * FROM matches`,
      };
    case 'ordered':
      return {
        prelude: '',
        top: `SELECT ${cols.join(', ')} FROM owner o WHERE ${where} ORDER BY ${ownerOrder} LIMIT ${k}`,
        all: `SELECT o.id FROM owner o WHERE ${where}`,
      };
  }
}

/**
 * Owner searches in one statement: the page's owners (the first offset + limit matches), their devices joined after
 * (every owner gives at least one row, itself without devices or one per device in scope, so the first
 * offset + limit rows come from the first offset + limit owners, and a common name reads the devices of 25 owners),
 * and the count capped at `cap` rows. As every matching owner gives at least one row, `cap` owners mean `cap` rows:
 * the devices are counted only when fewer owners match (a broad part reads the ids of `cap` owners, no device).
 * One row per page row, each with `counted`; a single row with a null owner_id when the page is empty.
 * Parameters: the condition's, then the scope's (`scopeParam`), then cap, limit, offset.
 */
function ownersSql(cond: SearchCondition, scopeParam: number | null, n: number): string {
  const filters = [...cond.where];
  if (scopeParam !== null) {
    filters.push(`EXISTS (SELECT 1 FROM device sd WHERE sd.owner_id = o.id AND sd.device_type_id = $${scopeParam})`);
  }
  const ownerOrder = cond.orderBy.replace(/,\s*d\.id$/, '');
  const [cap, limit, offset] = [`$${n + 1}::int`, `$${n + 2}::int`, `$${n + 3}::int`];
  const src = ownerSources(cond, filters, ownerOrder, `(${limit} + ${offset})`, cap);
  const deviceJoin =
    scopeParam === null
      ? 'LEFT JOIN device d ON d.owner_id = o.id'
      : `JOIN device d ON d.owner_id = o.id AND d.device_type_id = $${scopeParam}`;
  return `WITH ${src.prelude}
    page AS (
      SELECT ${SELECT}, row_number() OVER (ORDER BY ${cond.orderBy}) AS ord
        FROM (${src.top}) c JOIN owner o ON o.id = c.id
        ${deviceJoin}
        LEFT JOIN device_type dt ON dt.id = d.device_type_id
        LEFT JOIN white_label wl ON wl.id = o.white_label_vendor_id
       ORDER BY ${cond.orderBy} LIMIT ${limit} OFFSET ${offset}),
    counted_owners AS (SELECT o.id FROM (${src.all}) o LIMIT ${cap}),
    counted AS (
      SELECT (CASE WHEN (SELECT count(*) FROM counted_owners) >= ${cap} THEN ${cap}
                   ELSE (SELECT count(*) FROM (SELECT 1 FROM counted_owners o ${deviceJoin} LIMIT ${cap}) capped) END)::int AS n)
    SELECT page.*, counted.n AS counted FROM counted LEFT JOIN page ON true ORDER BY page.ord`;
}

/**
 * Device searches (IMEI, IMSI, phone) in one statement, as owner searches: the page in index order and the count
 * capped at `cap` rows, one round trip. The count reads the devices alone (every device has a type; owner and white
 * label are left joins that add no rows), in index order so that it stops at `cap` whatever the plan's estimates.
 * Parameters: the condition's, then the scope's, then cap, limit, offset.
 */
function devicesSql(cond: SearchCondition, scopeParam: number | null, n: number): string {
  const where = [...cond.where];
  if (scopeParam !== null) where.push(`d.device_type_id = $${scopeParam}`);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [cap, limit, offset] = [`$${n + 1}::int`, `$${n + 2}::int`, `$${n + 3}::int`];
  return `WITH page AS (
      SELECT ${SELECT}, row_number() OVER (ORDER BY ${cond.orderBy}) AS ord ${DEVICES_FROM} ${whereSql}
       ORDER BY ${cond.orderBy} LIMIT ${limit} OFFSET ${offset}),
    counted AS (SELECT count(*)::int AS n FROM (SELECT 1 FROM device d ${whereSql} ORDER BY ${cond.orderBy} LIMIT ${cap}) capped)
    SELECT page.*, counted.n AS counted FROM counted LEFT JOIN page ON true ORDER BY page.ord`;
}

/**
 * The statement with its parameters read through a one-row CTE (`$3` becomes `(SELECT p3 FROM q)`, an init plan):
 * the planner never sees the values, so every execution gets the plan a generic plan would be, and after its first
 * five executions on a connection Postgres keeps that generic plan instead of planning each search again (the
 * planning of these statements costs more CPU than running them: 0.5-1 ms against 0.1-2 ms). The shapes are written
 * so that the plan made without the values is right for every value: ranges and trigrams walked in index order
 * with LIMIT, never a bitmap of every match (the plan checks of apps/api/test/search.spec.ts hold them to it).
 */
export function withBlindParams(sql: string, values: unknown[]): string {
  const cols = values.map((v, i) => `$${i + 1}::${typeof v === 'number' ? 'int' : 'text'} AS p${i + 1}`);
  const body = sql.replace(/\$(\d+)/g, (_, i: string) => `(SELECT p${i} FROM q)`);
  return `WITH q AS MATERIALIZED (SELECT ${cols.join(', ')}), ${body.replace(/^\s*WITH\s+/, '')}`;
}

@Injectable()
export class SearchRepository extends SqlRepository {
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
    const params = [...cond.params];
    const n0 = params.length;
    if (deviceTypeScope !== null) params.push(deviceTypeScope);
    const sql =
      cond.base === 'owners'
        ? ownersSql(cond, deviceTypeScope === null ? null : n0 + 1, params.length)
        : devicesSql(cond, deviceTypeScope === null ? null : n0 + 1, params.length);
    const values = [...params, countCap, limit, offset];
    const { rows } = await this.pool.query<DeviceSearchItem & { ord: number | null; counted: number }>(namedByText('search', withBlindParams(sql, values), values));
    return {
      items: rows.filter((r) => r.device_id !== null || r.owner_id !== null).map(({ ord: _ord, counted: _counted, ...item }) => item),
      counted: rows[0]?.counted ?? 0,
    };
  }
}
