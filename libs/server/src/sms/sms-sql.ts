import { PG_TYPES, type Queryable } from '../core/db.js';

/**
 * An array parameter `$n` the planner does not see (an init plan): its plans are the generic one whatever the array's
 * length (an index scan per id), so a named statement keeps its generic plan (`named`).
 */
export const blindArray = (n: number, type: string) => `(SELECT $${n}::${type}[])::${type}[]`;

/**
 * The rows of a named (prepared) statement, for the statements every message runs (claims, status changes, callbacks,
 * replies: several per message): each pooled connection parses it once, and after five executions Postgres keeps its
 * generic plan where that costs no more than planning for the values, which arrays passed through `blindArray` make
 * sure of. Planning these statements costs more CPU than running them (0.1-0.2 ms against 0.03-0.2 ms;
 * docs/benchmarks.md "Bulk SMS", 2026-11-29).
 */
export async function named<T>(q: Queryable, name: string, text: string, values: unknown[]): Promise<T[]> {
  return (await q.query({ name, text, values, types: PG_TYPES })).rows as T[];
}
