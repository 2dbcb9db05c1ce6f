import { IMPORT_COLUMNS, UNKNOWN_REF, VALUE_RULES, type ImportColumn, type ImportKind, type ImportParams, type ReasonCode } from '@tracker/contract';

/**
 * The SQL of an import, generated from the contract's column definitions. Rows go
 * file -> stage table (COPY, all text: the values checked and normalised in JavaScript, the upload form's defaults
 * filled in, each line's first problem so far) -> the bulk checks mark more problems in place (unknown references,
 * in-file duplicates; outside the final transaction) -> target tables (inside the final transaction, after the
 * checks against the database). Each good row is written once before its insert.
 */

/** Advisory lock held by every transaction that inserts imported rows (bulk and single-record). */
export const IMPORT_LOCK_KEY = 7_311_001;

export const stageTable = (importId: number) => `_import_stage_${importId}`;
/** The second table of runs before issue 25 (stage -> check): only dropped, should such a run have left one. */
export const legacyCheckTable = (importId: number) => `_import_check_${importId}`;

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const q = (name: string) => `"${name}"`;
/** A reason code as an SQL literal (typed: only codes of the contract's REASONS reach import_error). */
const code = (c: ReasonCode) => lit(c);

/**
 * Stage columns: the line number, the line's first problem (reason code, its parameters as JSON text, column and
 * value: found while streaming, the contract's VALUE_RULES checked in JavaScript on the way in, then by the bulk
 * checks and the checks against the database), then every column of the kind as text. A line is good while its
 * `problem` is null.
 */
export function stageDdl(kind: ImportKind, importId: number): string {
  const cols = IMPORT_COLUMNS[kind].map((c) => `${q(c.name)} text`).join(', ');
  return `CREATE UNLOGGED TABLE ${stageTable(importId)} (line int NOT NULL, problem text, problem_params text, problem_column text, problem_value text, ${cols})`;
}

export function stageColumns(kind: ImportKind): string[] {
  return ['line', 'problem', 'problem_params', 'problem_column', 'problem_value', ...IMPORT_COLUMNS[kind].map((c) => c.name)];
}

/** The upload form's default of a column, filled in for an empty value (null: none). */
export function columnDefault(c: ImportColumn, params: ImportParams): string | null {
  if (c.name === 'device_type_id' && params.device_type_id) return String(params.device_type_id);
  if (c.name === 'white_label_deployment_id' && params.white_label_deployment_id) return String(params.white_label_deployment_id);
  return null;
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

/** Sets the first problem of the good lines of `t` (alias `c`) that `where` selects. */
const mark = (t: string, column: string, reason: string, where: string) =>
  `UPDATE ${t} c SET problem = ${reason}, problem_column = ${lit(column)}, problem_value = c.${q(column)}
    WHERE c.problem IS NULL AND ${where}`;

/**
 * The bulk checks after the load, in order, each marking only lines without a problem yet: unknown references (one
 * statement per reference column, in column order), then in-file duplicates. A line repeating a value of an earlier
 * line that had no problem before this step is a `duplicateOfLine` of the first such line (the first unique column
 * in the kind's order wins); found by one sort of (value, line) per unique column, and only their lines are rewritten.
 */
export function checkSql(kind: ImportKind, importId: number): string[] {
  const t = stageTable(importId);
  const out: string[] = [];
  for (const c of IMPORT_COLUMNS[kind]) {
    if (!c.ref) continue;
    const v = `c.${q(c.name)}`;
    out.push(mark(t, c.name, code(UNKNOWN_REF[c.ref]), `${v} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${REF_TABLE[c.ref]} r WHERE r.id = ${v}::int)`));
  }
  const repeats = inFileUnique(kind).map(
    (u, order) =>
      `SELECT line, ${order} AS o, ${lit(u)} AS col, val, first
         FROM (SELECT line, ${q(u)} AS val, min(line) OVER (PARTITION BY ${q(u)}) AS first
                 FROM ${t} WHERE problem IS NULL AND ${q(u)} IS NOT NULL) w
        WHERE first < line`,
  );
  out.push(
    `UPDATE ${t} c SET problem = ${code('duplicateOfLine')}, problem_params = json_build_object('line', x.first)::text,
            problem_column = x.col, problem_value = x.val
       FROM (SELECT DISTINCT ON (line) line, col, val, first FROM (${repeats.join('\n UNION ALL\n')}) r ORDER BY line, o) x
      WHERE c.line = x.line`,
  );
  return out;
}

/**
 * Checks against the database, run inside the final transaction (under the import lock, so two imports cannot
 * both insert the same value): each marks the lines it fails that have no problem yet.
 */
export function dbCheckSql(kind: ImportKind, importId: number): string[] {
  const t = stageTable(importId);
  const out: string[] = [];
  for (const [col, table] of Object.entries(UNIQUE_TARGET[kind])) {
    out.push(mark(t, col, code('duplicate'), `c.${q(col)} IS NOT NULL AND EXISTS (SELECT 1 FROM ${table} x WHERE x.${q(col)} = c.${q(col)})`));
  }
  if (kind === 'DEVICE') {
    out.push(
      mark(t, 'imsi', code('noSim'), `c.imsi IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sim_card x WHERE x.imsi = c.imsi)`),
      mark(t, 'imsi', code('simInUse'), `EXISTS (SELECT 1 FROM sim_card x JOIN device dv ON dv.sim_id = x.id WHERE x.imsi = c.imsi)`),
    );
  }
  return out;
}

/** Phone numbers are stored with their + (the check accepts them with or without). */
const phone = (v: string) => `CASE WHEN left(${v}, 1) = '+' THEN ${v} ELSE '+' || ${v} END`;

const OPERATOR_BY_PREFIX = `LEFT JOIN (SELECT DISTINCT ON (start) id, start FROM operator ORDER BY start, id) op ON op.start = left(c.imsi, 5)`;

/** Inserts of the valid lines in [$1, $2] (chunks, for progress); $3 is the import id. Returns rows per statement. */
export function insertSql(kind: ImportKind, importId: number, params: ImportParams): string[] {
  const t = stageTable(importId);
  const valid = `c.problem IS NULL AND c.line BETWEEN $1 AND $2`;
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
            FROM ${stageTable(importId)} c WHERE c.imei ~ ${lit(VALUE_RULES.imei.pattern)}`;
}
