import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DAILY_FIGURES } from '@tracker/contract';
import { COUNTED_TABLES, SLOT_SECONDS, countTriggers, countTriggersSql, countedDay } from './daily-report-counts.js';
import { SOURCES, figureNames } from './daily-report-sources.js';

const MIGRATIONS = fileURLToPath(new URL('../../../../prisma/migrations/', import.meta.url));

describe('the daily report counted at write time', () => {
  it('the migration holds the triggers as countTriggersSql() makes them (a figure changed without a migration fails)', () => {
    const dir = readdirSync(MIGRATIONS).filter((d) => d.endsWith('_daily_report_counts'));
    expect(dir).toHaveLength(1);
    const sql = readFileSync(`${MIGRATIONS}${dir[0]}/migration.sql`, 'utf8');
    const generated = /-- BEGIN generated: countTriggersSql\(\)\n([\s\S]*)-- END generated/.exec(sql)?.[1];
    expect(generated).toBe(countTriggersSql());
  });

  it('every figure of the report has its trigger: each source table on insert, update and delete, the communications on insert', () => {
    const counted = new Set(COUNTED_TABLES.flatMap((t) => t.sources.flatMap(figureNames)));
    expect([...counted, 'devices_active'].sort()).toEqual([...DAILY_FIGURES].sort());
    const names = countTriggers().map((t) => `${t.table} ${t.event}`);
    for (const s of SOURCES.filter((x) => x.name !== 'comm')) {
      const table = s.from.split(' ')[0];
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) expect(names).toContain(`${table} ${event}`);
    }
    expect(names).toContain('device_communication INSERT');
  });

  it('countedDay: a day is counted when it starts at or after the zone began counting and both ends are on slots', () => {
    const slot = SLOT_SECONDS * 1000;
    const start = Date.parse('2026-11-29T00:00:00+05:45'); // Kathmandu: on a 15-minute boundary
    const end = start + 86_400_000;
    expect(countedDay(start, end, start)).toBe(true);
    expect(countedDay(start, end, start - 1)).toBe(true);
    // the zone began counting during the day: the day comes from the rollup
    expect(countedDay(start, end, start + slot)).toBe(false);
    // never read (no zone row)
    expect(countedDay(start, end, null)).toBe(false);
    // an offset that is not a multiple of 15 minutes (historic local mean times) cannot be summed from slots
    expect(countedDay(start + 60_000, end + 60_000, 0)).toBe(false);
  });
});
