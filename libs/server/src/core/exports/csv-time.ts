/**
 * §9 date-time, the one format of a time in every CSV: `YYYY-MM-DD HH:mm:ss` in a zone the column's header names
 * (`created (UTC)`, `time (Europe/Berlin)`). Exports whose days are cut in the user's zone (the device exports) write
 * that zone; those whose days are UTC days (SMS traffic, the active devices report, modem, firmware, campaigns) write UTC.
 */
export const CSV_DATE_TIME_SQL_FORMAT = 'YYYY-MM-DD HH24:MI:SS';

/** A timestamptz column as the §9 text in `zone` (an SQL expression: a bind reference like `$4`, or a quoted literal). */
export const csvDateTimeSql = (col: string, zone = `'UTC'`) => `to_char(${col} AT TIME ZONE ${zone}, '${CSV_DATE_TIME_SQL_FORMAT}')`;

/** A time column's header with its zone: `created (UTC)`. */
export const zonedHeader = (name: string, tz = 'UTC') => `${name} (${tz})`;

/** A Date as the §9 text in UTC (the JS writer's date cells). */
export const csvDateTimeUtc = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
