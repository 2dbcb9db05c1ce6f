import type pg from 'pg';

/** Row helpers of the specs that build their own figures: the first value of a query, and an insert returning its id. */
export function rowHelpers(pool: pg.Pool) {
  async function one<T = number>(sql: string, values: unknown[] = []): Promise<T> {
    return Object.values((await pool.query(sql, values)).rows[0])[0] as T;
  }
  const ins = (table: string, row: Record<string, unknown>) => {
    const keys = Object.keys(row);
    return one(`INSERT INTO ${table} (${keys.map((k) => `"${k}"`).join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, Object.values(row));
  };
  return { one, ins };
}
