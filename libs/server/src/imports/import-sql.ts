import { IMPORT_COLUMNS, UNKNOWN_REF, VALUE_RULES, type ImportColumn, type ImportKind, type ImportParams, type ReasonCode } from '@tracker/contract';

/**
 * The SQL of an import, generated from the contract's column definitions. Rows go
 * file -> stage table (COPY, all text) -> check table (normalised values and the first error per line, found in
 * bulk by one query) -> target tables (inside the final transaction, after the checks against the database).
 */

/** Advisory lock held by every transaction that inserts imported rows (bulk and single-record). */
export const IMPORT_LOCK_KEY = 7_311_001;

export const stageTable = (importId: number) => `_import_stage_${importId}`;
export const checkTable = (importId: number) => `_import_check_${importId}`;

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const q = (name: string) => `"${name}"`;
/** A reason code as an SQL literal (typed: only codes of the contract's REASONS reach import_error). */
const code = (c: ReasonCode) => lit(c);

/**
 * Stage columns: the line number, the line's first problem found while streaming (parse errors, missing or malformed
 * values: the contract's VALUE_RULES checked in JavaScript on the way in) as a reason code with its parameters (JSON
 * text), column and value, then every column of the kind as text.
 */
export function stageDdl(kind: ImportKind, importId: number): string {
  const cols = IMPORT_COLUMNS[kind].map((c) => `${q(c.name)} text`).join(', ');
  return `CREATE UNLOGGED TABLE ${stageTable(importId)} (line int NOT NULL, problem text, problem_params text, problem_column text, problem_value text, ${cols})`;
}

export function stageColumns(kind: ImportKind): string[] {
  return ['line', 'problem', 'problem_params', 'problem_column', 'problem_value', ...IMPORT_COLUMNS[kind].map((c) => c.name)];
}

const REF_TABLE = { device_type: 'device_type', operator: 'operator', white_label_deployment: 'white_label_deployment' } as const;

/** Target of each unique column: a value already there is a duplicate (reason `duplicate`). */
const UNIQUE_TARGET: Record<ImportKind, Record<string, string>> = {
  SIM: { imsi: 'sim_card', iccid: 'sim_card' },
  DEVICE: { imei: 'device', activation_code: 'device', imsi: 'device' },
  DEVICE_AND_SIM: { imei: 'device', imsi: 'sim_card', iccid: 'sim_card' },
  FACTORY_DEVICE: { imei: 'factory_device', activation_code: 'factory_device' },
  MASS: { imei: 'device' },
};

/** Columns that must not repeat inside one file (the unique ones, and a device's SIM). */
function inFileUnique(kind: ImportKind): string[] {
  return Object.keys(UNIQUE_TARGET[kind]);
}

/** The value of a column with the upload form's defaults (case is normalised on the way in). */
function normalised(kind: ImportKind, c: ImportColumn, params: ImportParams): string {
  const v = `s.${q(c.name)}`;
  if (c.name === 'device_type_id' && params.device_type_id) return `coalesce(${v}, ${lit(String(params.device_type_id))})`;
  if (c.name === 'white_label_deployment_id' && params.white_label_deployment_id) {
    return `coalesce(${v}, ${lit(String(params.white_label_deployment_id))})`;
  }
  void kind;
  return v;
}

/**
 * Creates the check table: per line the normalised values and `e` = {column, value, reason code, reason params as
 * JSON text} of its first error
 * (the stream's problem, an unknown reference, a duplicate of an earlier line), or null.
 */
export function checkSql(kind: ImportKind, importId: number, params: ImportParams): string {
  const cols = IMPORT_COLUMNS[kind];
  const norm = cols.map((c) => `${normalised(kind, c, params)} AS ${q(c.name)}`).join(',\n      ');
  const when: string[] = [`WHEN n.problem IS NOT NULL THEN ARRAY[n.problem_column, n.problem_value, n.problem, n.problem_params]`];
  for (const c of cols) {
    const v = `n.${q(c.name)}`;
    if (c.ref) {
      when.push(
        `WHEN ${v} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${REF_TABLE[c.ref]} r WHERE r.id = ${v}::int) ` +
          `THEN ARRAY[${lit(c.name)}, ${v}, ${code(UNKNOWN_REF[c.ref])}, NULL]`,
      );
    }
  }
  const uniques = inFileUnique(kind);
  const firsts = uniques
    .map((u) => `min(f.line) OVER (PARTITION BY f.${q(u)}, f.e IS NULL) AS ${q(`first_${u}`)}`)
    .join(', ');
  const dupWhen = uniques
    .map(
      (u) =>
        `WHEN d.${q(u)} IS NOT NULL AND d.${q(`first_${u}`)} < d.line THEN ARRAY[${lit(u)}, d.${q(u)}, ${code('duplicateOfLine')}, json_build_object('line', d.${q(`first_${u}`)})::text]`,
    )
    .join('\n        ');
  const names = cols.map((c) => `d.${q(c.name)}`).join(', ');
  return `CREATE UNLOGGED TABLE ${checkTable(importId)} AS
  WITH n AS (
    SELECT s.line, s.problem, s.problem_params, s.problem_column, s.problem_value,
      ${norm}
    FROM ${stageTable(importId)} s
  ), f AS MATERIALIZED (
    SELECT n.*, CASE
        ${when.join('\n        ')}
      END AS e
    FROM n
  ), d AS (
    SELECT f.*, ${firsts} FROM f
  )
  SELECT d.line, ${names},
    CASE WHEN d.e IS NOT NULL THEN d.e
        ${dupWhen}
    END AS e
  FROM d`;
}

/**
 * Checks against the database, run inside the final transaction (under the import lock, so two imports cannot
 * both insert the same value): each marks the lines it fails that have no error yet.
 */
export function dbCheckSql(kind: ImportKind, importId: number): string[] {
  const t = checkTable(importId);
  const out: string[] = [];
  for (const [col, table] of Object.entries(UNIQUE_TARGET[kind])) {
    out.push(
      `UPDATE ${t} c SET e = ARRAY[${lit(col)}, c.${q(col)}, ${code('duplicate')}, NULL]
        WHERE c.e IS NULL AND c.${q(col)} IS NOT NULL AND EXISTS (SELECT 1 FROM ${table} x WHERE x.${q(col)} = c.${q(col)})`,
    );
  }
  if (kind === 'DEVICE') {
    out.push(
      `UPDATE ${t} c SET e = ARRAY['imsi', c.imsi, ${code('noSim')}, NULL]
        WHERE c.e IS NULL AND c.imsi IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sim_card x WHERE x.imsi = c.imsi)`,
      `UPDATE ${t} c SET e = ARRAY['imsi', c.imsi, ${code('simInUse')}, NULL]
        WHERE c.e IS NULL AND EXISTS (SELECT 1 FROM sim_card x JOIN device dv ON dv.sim_id = x.id WHERE x.imsi = c.imsi)`,
    );
  }
  return out;
}

/** Phone numbers are stored with their + (the check accepts them with or without). */
const phone = (v: string) => `CASE WHEN left(${v}, 1) = '+' THEN ${v} ELSE '+' || ${v} END`;

const OPERATOR_BY_PREFIX = `LEFT JOIN (SELECT DISTINCT ON (start) id, start FROM operator ORDER BY start, id) op ON op.start = left(c.imsi, 5)`;

/** Inserts of the valid lines in [$1, $2] (chunks, for progress); $3 is the import id. Returns rows per statement. */
export function insertSql(kind: ImportKind, importId: number, params: ImportParams): string[] {
  const t = checkTable(importId);
  const valid = `c.e IS NULL AND c.line BETWEEN $1 AND $2`;
  const bool = (v: string) => `coalesce(${v} IN ('true', '1', 'yes'), false)`;
  switch (kind) {
    case 'SIM':
      return [
        `INSERT INTO sim_card (imsi, iccid, gsm_number, status, carrier_status, operator_id, import_id)
         SELECT c.imsi, c.iccid, ${phone('c.gsm_number')}, coalesce(c.status, '0')::int,
                coalesce(c.carrier_status, 'INACTIVE')::carrier_sim_status, coalesce(c.operator_id::int, op.id), $3
           FROM ${t} c ${OPERATOR_BY_PREFIX} WHERE ${valid}`,
      ];
    case 'DEVICE':
      return [
        `INSERT INTO device (imei, device_type_id, imsi, gsm_number, device_status, activation_code, firmware, is_test, sim_id, import_id)
         SELECT c.imei, c.device_type_id::int, c.imsi, coalesce(${phone('c.gsm_number')}, s.gsm_number), coalesce(c.device_status, '0')::int,
                c.activation_code, c.firmware, ${bool('c.is_test')}, s.id, $3
           FROM ${t} c LEFT JOIN sim_card s ON s.imsi = c.imsi WHERE ${valid}`,
      ];
    case 'DEVICE_AND_SIM':
      return [
        `INSERT INTO sim_card (imsi, iccid, gsm_number, status, carrier_status, operator_id, import_id)
         SELECT c.imsi, c.iccid, ${phone('c.gsm_number')}, coalesce(c.sim_status, '0')::int,
                coalesce(c.carrier_status, 'INACTIVE')::carrier_sim_status, op.id, $3
           FROM ${t} c ${OPERATOR_BY_PREFIX} WHERE ${valid}`,
        `INSERT INTO device (imei, device_type_id, imsi, gsm_number, device_status, sim_id, import_id)
         SELECT c.imei, c.device_type_id::int, c.imsi, ${phone('c.gsm_number')}, coalesce(c.device_status, '0')::int, s.id, $3
           FROM ${t} c JOIN sim_card s ON s.imsi = c.imsi WHERE ${valid}`,
      ];
    case 'FACTORY_DEVICE':
      return [
        `INSERT INTO factory_device (imei, imsi, iccid, activation_code, serial_number, device_type_id, firmware, status,
                                     white_label_deployment_id, import_id)
         SELECT c.imei, c.imsi, c.iccid, c.activation_code, c.serial_number, c.device_type_id::int, c.firmware,
                coalesce(c.status, '0')::int, coalesce(c.white_label_deployment_id, '1')::int, $3
           FROM ${t} c WHERE ${valid}`,
      ];
    case 'MASS':
      return [
        `INSERT INTO device (imei, device_type_id, device_status, import_id)
         SELECT c.imei, ${Number(params.device_type_id)}, ${Number(params.device_status ?? 0)}, $3
           FROM ${t} c WHERE ${valid}`,
      ];
  }
}

/** Mass import summary (§8): distinct well-formed IMEIs of the file, and how many of them the database now has. */
export function massResultSql(importId: number): string {
  return `SELECT count(DISTINCT c.imei)::int AS found,
                 count(DISTINCT c.imei) FILTER (WHERE EXISTS (SELECT 1 FROM device d WHERE d.imei = c.imei))::int AS in_database
            FROM ${checkTable(importId)} c WHERE c.imei ~ ${lit(VALUE_RULES.imei.pattern)}`;
}
