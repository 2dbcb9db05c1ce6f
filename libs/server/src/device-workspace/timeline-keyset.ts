import { TIMELINE_SOURCES, type TimelineSource } from '@tracker/contract';

/**
 * The device timeline's order and cursors (docs/device-workspace.md "Timeline"), pure: entries are ordered by
 * (time, source rank, id), newest first; a cursor names an entry's place in that order, and a page is the entries
 * strictly before (or after) it in every source, merged. An entry that arrives between two pages is newer than the
 * first page (it shows on top) or falls between entries already loaded; none is lost or repeated across pages.
 */
export type Position = { at: string; rank: number; id: number };

export const sourceRank = (s: TimelineSource): number => TIMELINE_SOURCES.indexOf(s);

export function encodeCursor(p: Position): string {
  return Buffer.from(`${p.at}~${p.rank}~${p.id}`).toString('base64url');
}

/** The position a cursor names, or null when it is none (a 400 for the caller). */
export function decodeCursor(c: string): Position | null {
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z)~(\d{1,2})~(\d{1,18})$/.exec(Buffer.from(c, 'base64url').toString());
  if (!m || Number.isNaN(Date.parse(m[1]!)) || Number(m[2]) >= TIMELINE_SOURCES.length) return null;
  return { at: m[1]!, rank: Number(m[2]), id: Number(m[3]) };
}

/** -1 when a comes before b in the timeline (newer), 1 after, 0 the same entry. */
export function compareNewestFirst(a: Position, b: Position): number {
  const ta = Date.parse(a.at);
  const tb = Date.parse(b.at);
  if (ta !== tb) return ta > tb ? -1 : 1;
  if (a.rank !== b.rank) return a.rank > b.rank ? -1 : 1;
  return a.id === b.id ? 0 : a.id > b.id ? -1 : 1;
}

/**
 * The SQL condition that keeps a source's rows strictly older (`before`) or newer (`after`) than `p`, for a source of
 * rank `rank` whose time column is `t` and id `id`, with the values it binds from parameter `$n` on. Written so that
 * the (device, time) index answers it: a range on the time, the id only to break a tie in the cursor's own source.
 */
export function keysetSql(dir: 'before' | 'after', rank: number, p: Position, t: string, id: string, n: number): { sql: string; values: unknown[] } {
  const at = `$${n}::timestamptz`;
  const older = dir === 'before';
  if (rank !== p.rank) {
    // another source: its entries of the cursor's very millisecond are on the cursor's side by rank alone
    const inclusive = older ? rank < p.rank : rank > p.rank;
    return { sql: `${t} ${older ? '<' : '>'}${inclusive ? '=' : ''} ${at}`, values: [p.at] };
  }
  // a row comparison, which the (device, time, id) index answers as a range: page 10 costs what page 1 does
  const pid = `$${n + 1}::bigint`;
  return { sql: `(${t}, ${id}) ${older ? '<' : '>'} (${at}, ${pid})`, values: [p.at, p.id] };
}

/**
 * The page of `count` entries out of each source's rows (each source read up to `count` + 1 in the page's order):
 * merged newest first (`before`, or the first page) or oldest first (`after`, then turned newest first); `more`
 * when older entries remain (a source had more than the page took).
 */
export function mergePage<T extends Position>(perSource: T[][], count: number, dir: 'before' | 'after'): { items: T[]; more: boolean } {
  const all = perSource.flat().sort((a, b) => (dir === 'before' ? compareNewestFirst(a, b) : compareNewestFirst(b, a)));
  const items = all.slice(0, count);
  return { items: dir === 'before' ? items : items.reverse(), more: all.length > count };
}
