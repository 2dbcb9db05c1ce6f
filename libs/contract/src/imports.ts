// Bulk imports (§2 Admin import screens, §3 imports, §7 Import): request and response schemas, CSV columns per
// import kind, and the routes. Merged into ROUTES by routes.ts.
import { z } from 'zod';
import { dayParam, pageParam, positiveId, tzParam, wholeNumber } from './params.js';
import { route, type RouteDef } from './route-def.js';
import { envelope } from './schemas.js';
import { CARRIER_SIM_STATUSES } from './enums.js';
import { FACTORY_DEVICE_DEFAULTS, PAGE_SIZE } from './constants.js';
import { coded, REASON_CODES, type Reason, type ReasonCode } from './reasons.js';

const reasonParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

// ---------------------------------------------------------------------------------------------- kinds

/** Import kinds as stored (`import.kind`) and as the console's screens name them. */
export const IMPORT_KINDS = ['SIM', 'DEVICE', 'DEVICE_AND_SIM', 'FACTORY_DEVICE', 'MASS'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_STATUSES = ['QUEUED', 'RUNNING', 'FINISHED', 'FAILED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The screen of each kind (/admin/import/{slug}). */
export const IMPORT_KIND_SLUG: Record<ImportKind, string> = {
  DEVICE: 'device',
  DEVICE_AND_SIM: 'attdevice',
  FACTORY_DEVICE: 'factorydevice',
  MASS: 'mass',
  SIM: 'sim',
};

/** Largest accepted upload (bytes). A 1,000,000-row SIM file is about 55 MB. */
export const IMPORT_MAX_FILE_BYTES = 100 * 1024 * 1024;
/** Largest accepted help file (bytes). */
export const HELP_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Longest accepted CSV line (characters); longer lines are reported, not loaded. */
export const IMPORT_MAX_LINE_CHARS = 4096;
/** Page size of the error viewer. */
export const IMPORT_ERRORS_PAGE = 50;

// ---------------------------------------------------------------------------------------------- value rules

/**
 * How a CSV value is checked. `pattern` is both a JavaScript and a PostgreSQL (POSIX) regular expression, so the
 * single-record forms (zod) and the worker's bulk validation (SQL) apply the same rule with the same reason code.
 */
export type ValueRule = { pattern: string; reason: Reason; maxLength: number };

export const VALUE_RULES = {
  imei: { pattern: '^[0-9]{15}$', reason: { code: 'invalidImei' }, maxLength: 15 },
  imsi: { pattern: '^[0-9]{15}$', reason: { code: 'invalidImsi' }, maxLength: 15 },
  iccid: { pattern: '^[0-9]{18,22}$', reason: { code: 'invalidIccid' }, maxLength: 22 },
  phone: { pattern: '^[+]?[0-9]{8,15}$', reason: { code: 'invalidPhone' }, maxLength: 16 },
  activationCode: { pattern: '^[A-Za-z0-9]{15}$', reason: { code: 'invalidActivationCode' }, maxLength: 15 },
  importDeviceStatus: { pattern: '^[0-3]$', reason: { code: 'invalidDeviceStatus' }, maxLength: 1 },
  simStatus: { pattern: '^[0-2]$', reason: { code: 'invalidSimStatus' }, maxLength: 1 },
  carrierStatus: {
    pattern: `^(${CARRIER_SIM_STATUSES.join('|')})$`,
    reason: { code: 'invalidCarrierStatus', params: { statuses: CARRIER_SIM_STATUSES.join(', ') } },
    maxLength: 20,
  },
  id: { pattern: '^[0-9]{1,9}$', reason: { code: 'invalidId' }, maxLength: 9 },
  bool: { pattern: '^(true|false|1|0|yes|no)$', reason: { code: 'invalidBool' }, maxLength: 5 },
  text50: { pattern: '^[^=+@\t\r-]', reason: { code: 'formula' }, maxLength: 50 },
} as const satisfies Record<string, ValueRule>;
export type ValueRuleName = keyof typeof VALUE_RULES;

/** What a referenced id must exist in (checked against the database). */
export type RefTable = 'device_type' | 'operator' | 'white_label_deployment';

/** The reason of an id that its table does not have (import lines and form fields). */
export const UNKNOWN_REF = {
  device_type: 'unknownDeviceType',
  operator: 'unknownOperator',
  white_label_deployment: 'unknownDeployment',
  ftp_server: 'unknownServer',
  voip_central: 'unknownVoipCentral',
} as const satisfies Record<RefTable | 'ftp_server' | 'voip_central', ReasonCode>;

export type ImportColumn = {
  name: string;
  rule: ValueRuleName;
  required?: boolean;
  /** the value must be an id of this table */
  ref?: RefTable;
  /** unique in the target table (duplicates in the file and against the database are errors) */
  unique?: boolean;
  /** an example value, shown beside the column on the import screen (and as the form field's placeholder) */
  example: string;
  /** one line for docs and the help panel */
  description: string;
};

const col = (c: ImportColumn) => c;

/**
 * CSV columns per kind. The header row names them in any order (case-insensitive, surrounding spaces ignored);
 * unknown columns are ignored; `,` or `;` separate; a UTF-8 BOM is skipped. A MASS file may also be a bare list
 * of IMEIs without a header.
 */
export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  SIM: [
    col({ name: 'imsi', rule: 'imsi', required: true, unique: true, example: '262019876543210', description: 'IMSI, 15 digits' }),
    col({ name: 'iccid', rule: 'iccid', unique: true, example: '8949019876543210001', description: 'ICCID, 18 to 22 digits' }),
    col({ name: 'gsm_number', rule: 'phone', example: '+4915112345678', description: 'phone number, 8 to 15 digits, stored with +' }),
    col({ name: 'status', rule: 'simStatus', example: '0', description: 'SIM status: 0 inactive or preactive (default), 1 active, 2 terminated' }),
    col({ name: 'carrier_status', rule: 'carrierStatus', example: 'INACTIVE', description: `carrier status: ${CARRIER_SIM_STATUSES.join(', ')} (default INACTIVE)` }),
    col({ name: 'operator_id', rule: 'id', ref: 'operator', example: '1', description: 'operator id; default: the operator whose start (MCC+MNC) begins the IMSI' }),
  ],
  DEVICE: [
    col({ name: 'imei', rule: 'imei', required: true, unique: true, example: '351234567890123', description: 'IMEI, 15 digits' }),
    col({ name: 'device_type_id', rule: 'id', ref: 'device_type', example: '1', description: 'device type id; default: the one chosen on the upload form' }),
    col({ name: 'imsi', rule: 'imsi', example: '262019876543210', description: 'IMSI of a SIM card already imported and not in another device' }),
    col({ name: 'gsm_number', rule: 'phone', example: '+4915112345678', description: 'phone number of the device' }),
    col({ name: 'device_status', rule: 'importDeviceStatus', example: '0', description: 'status at import: 0 Active (ready to be paired, default), 1 Inactive, 2 Paired, 3 Terminated' }),
    col({ name: 'activation_code', rule: 'activationCode', unique: true, example: 'AC1234567890123', description: 'activation code printed on the box, 15 characters' }),
    col({ name: 'firmware', rule: 'text50', example: 'W1.4.2', description: 'firmware version' }),
    col({ name: 'is_test', rule: 'bool', example: 'false', description: 'test device: true or false (default false)' }),
  ],
  DEVICE_AND_SIM: [
    col({ name: 'imei', rule: 'imei', required: true, unique: true, example: '351234567890124', description: 'IMEI, 15 digits' }),
    col({ name: 'imsi', rule: 'imsi', required: true, unique: true, example: '310419876543210', description: 'IMSI of the new SIM card, 15 digits' }),
    col({ name: 'iccid', rule: 'iccid', unique: true, example: '8901419876543210001', description: 'ICCID of the SIM card' }),
    col({ name: 'gsm_number', rule: 'phone', example: '+12145550123', description: 'phone number of the SIM card' }),
    col({ name: 'device_type_id', rule: 'id', ref: 'device_type', example: '1', description: 'device type id; default: the one chosen on the upload form' }),
    col({ name: 'device_status', rule: 'importDeviceStatus', example: '0', description: 'status at import: 0 Active (default), 1 Inactive, 2 Paired, 3 Terminated' }),
    col({ name: 'sim_status', rule: 'simStatus', example: '1', description: 'SIM status: 0 inactive (default), 1 active, 2 terminated' }),
    col({ name: 'carrier_status', rule: 'carrierStatus', example: 'ACTIVE', description: 'carrier status (default INACTIVE)' }),
  ],
  FACTORY_DEVICE: [
    col({ name: 'imei', rule: 'imei', required: true, unique: true, example: '351234567890125', description: 'IMEI, 15 digits' }),
    col({ name: 'imsi', rule: 'imsi', example: '262019876543211', description: 'IMSI of the SIM card inside, 15 digits' }),
    col({ name: 'iccid', rule: 'iccid', example: '8949019876543210002', description: 'ICCID of the SIM card inside' }),
    col({ name: 'activation_code', rule: 'activationCode', unique: true, example: 'FC1234567890123', description: 'activation code, 15 characters' }),
    col({ name: 'serial_number', rule: 'text50', example: 'SN-000123', description: 'serial number' }),
    col({ name: 'device_type_id', rule: 'id', ref: 'device_type', example: '1', description: 'device type id' }),
    col({ name: 'firmware', rule: 'text50', example: 'W1.4.2', description: 'firmware version' }),
    col({ name: 'status', rule: 'importDeviceStatus', example: '0', description: `status (default ${FACTORY_DEVICE_DEFAULTS.status})` }),
    col({ name: 'white_label_deployment_id', rule: 'id', ref: 'white_label_deployment', example: '1', description: `white-label deployment id (default ${FACTORY_DEVICE_DEFAULTS.white_label_deployment_id})` }),
  ],
  MASS: [
    col({ name: 'imei', rule: 'imei', required: true, unique: true, example: '351234567890126', description: 'IMEI, 15 digits (a bare list of IMEIs without header is accepted too)' }),
  ],
};

/** The downloadable template of a kind: the header row and one example row. */
/**
 * The CSV template of a kind: the header line only. An example row would be imported as a real record when a user
 * forgets to delete it, so the examples are shown beside the columns on the screen instead.
 */
export function importTemplate(kind: ImportKind): string {
  return `${IMPORT_COLUMNS[kind].map((c) => c.name).join(',')}\r\n`;
}

// ---------------------------------------------------------------------------------------------- single records

/** The zod message (a code, see `coded`) of a value rule. */
export const ruleMessage = (name: ValueRuleName) => {
  const r: ValueRule = VALUE_RULES[name];
  return coded(r.reason.code, r.reason.params);
};
const rule = (name: ValueRuleName) => {
  const r: ValueRule = VALUE_RULES[name];
  return z.string().trim().max(r.maxLength, ruleMessage(name)).regex(new RegExp(r.pattern), ruleMessage(name));
};
/** An optional text field: '' means absent. */
const optional = <T extends z.ZodType>(t: T) => z.union([z.literal('').transform(() => undefined), t]).optional();
const int = (max: number, message: string) => wholeNumber(message, { max });
/** An id of a form field; the import forms say only that it is required. */
const formId = (what: string) => positiveId(what, { required: coded('required') });
const phone = rule('phone').transform((p) => (p.startsWith('+') ? p : `+${p}`));

/** POST /import/sim (simData) */
export const simRecord = z.object({
  imsi: rule('imsi'),
  iccid: optional(rule('iccid')),
  gsm_number: optional(phone),
  status: int(2, ruleMessage('simStatus')).default(0),
  carrier_status: z.enum(CARRIER_SIM_STATUSES).default('INACTIVE'),
  operator_id: optional(formId('operator_id')),
});
export type SimRecord = z.infer<typeof simRecord>;

/** POST /import/device (deviceData: the old-device import) */
export const deviceRecord = z.object({
  imei: rule('imei'),
  device_type_id: formId('device_type_id'),
  imsi: optional(rule('imsi')),
  gsm_number: optional(phone),
  device_status: int(3, ruleMessage('importDeviceStatus')).default(0),
  activation_code: optional(rule('activationCode')),
  firmware: optional(rule('text50')),
  is_test: z.boolean().default(false),
});
export type DeviceRecord = z.infer<typeof deviceRecord>;

/** POST /import/deviceAndSim (attDeviceData) */
export const deviceAndSimRecord = z.object({
  imei: rule('imei'),
  imsi: rule('imsi'),
  iccid: optional(rule('iccid')),
  gsm_number: optional(phone),
  device_type_id: formId('device_type_id'),
  device_status: int(3, ruleMessage('importDeviceStatus')).default(0),
  sim_status: int(2, ruleMessage('simStatus')).default(0),
  carrier_status: z.enum(CARRIER_SIM_STATUSES).default('INACTIVE'),
});
export type DeviceAndSimRecord = z.infer<typeof deviceAndSimRecord>;

/** POST /import/factoryDevice (§9 defaults: status 0, white_label_deployment_id 1) */
export const factoryDeviceRecord = z.object({
  imei: rule('imei'),
  imsi: optional(rule('imsi')),
  iccid: optional(rule('iccid')),
  activation_code: optional(rule('activationCode')),
  serial_number: optional(rule('text50')),
  device_type_id: optional(formId('device_type_id')),
  firmware: optional(rule('text50')),
  status: int(3, ruleMessage('importDeviceStatus')).default(FACTORY_DEVICE_DEFAULTS.status),
  white_label_deployment_id: formId('white_label_deployment_id').default(FACTORY_DEVICE_DEFAULTS.white_label_deployment_id),
});
export type FactoryDeviceRecord = z.infer<typeof factoryDeviceRecord>;

export const createdResponse = envelope(z.object({ id: z.number().int() }));

// ---------------------------------------------------------------------------------------------- uploads

/**
 * Form fields of POST /import/upload (multipart, beside the `file` part). The kind picks the columns; the
 * defaults apply to rows that leave the column empty. server_id and voip_central_id are recorded with the import.
 */
export const importUploadForm = z.object({
  kind: z.enum(['SIM', 'DEVICE', 'DEVICE_AND_SIM', 'FACTORY_DEVICE'], { error: coded('notOneOf', { options: 'SIM, DEVICE, DEVICE_AND_SIM, FACTORY_DEVICE' }) }),
  device_type_id: optional(formId('device_type_id')),
  white_label_deployment_id: optional(formId('white_label_deployment_id')),
  server_id: optional(formId('server_id')),
  voip_central_id: optional(formId('voip_central_id')),
});
export type ImportUploadForm = z.infer<typeof importUploadForm>;

/** Form fields of POST /import/upload/mass: the IMEIs become devices of this type and status. */
export const massUploadForm = z.object({
  device_type_id: formId('device_type_id'),
  device_status: int(3, ruleMessage('importDeviceStatus')).default(0),
});
export type MassUploadForm = z.infer<typeof massUploadForm>;

/** What an import was given besides the file (stored in `import.params`). */
export type ImportParams = {
  device_type_id?: number;
  device_status?: number;
  white_label_deployment_id?: number;
  server_id?: number;
  voip_central_id?: number;
};

export const uploadResponse = envelope(z.object({ id: z.number().int(), status: z.enum(IMPORT_STATUSES) }));
export type UploadResponse = z.infer<typeof uploadResponse>;

// ---------------------------------------------------------------------------------------------- list, errors

export const importListQuery = z.object({
  page: pageParam(),
  /** only imports created on this day, midnight to midnight in `tz` (the console's chosen time zone, as on the device tabs) */
  date: optional(dayParam),
  /** the IANA zone the day is cut in (default UTC) */
  tz: tzParam,
  /** only this import (a screen following the file it just uploaded, wherever the list has moved it) */
  id: positiveId('id').optional(),
});
export type ImportListQuery = z.infer<typeof importListQuery>;

/** Mass import summary (§8): IMEIs found in the file and how many of them are now in the database. */
export const massResult = z.object({ found: z.number().int(), in_database: z.number().int() });
export type MassResult = z.infer<typeof massResult>;

export const importItem = z.object({
  id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  file_name: z.string(),
  count: z.number().int(),
  imported: z.number().int(),
  failed: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  /** percent of the file processed, 0-100 */
  progress: z.number().int(),
  /** why the import failed, or a note on a finished one (English, from error_code) */
  error: z.string().nullable(),
  error_code: z.enum(REASON_CODES).nullable(),
  error_params: reasonParamsSchema.nullable(),
  result: massResult.nullable(),
  created: z.string(),
  finished_at: z.string().nullable(),
  created_by: z.string().nullable(),
  has_file: z.boolean(),
});
export type ImportItem = z.infer<typeof importItem>;

export const importListResponse = envelope(
  z.object({ items: z.array(importItem), total_pages: z.number().int().nonnegative(), page: z.number().int(), total: z.number().int() }),
);
export type ImportListResponse = z.infer<typeof importListResponse>;

export const importIdQuery = z.object({ id: positiveId('id', { required: coded('required') }) });
export const importErrorsQuery = importIdQuery.extend({ page: pageParam(1_000_000) });

export const importErrorItem = z.object({
  line: z.number().int(),
  column: z.string().nullable(),
  value: z.string().nullable(),
  /** the reason in English (from reason_code and reason_params), for readers of the api */
  reason: z.string(),
  reason_code: z.enum(REASON_CODES),
  reason_params: reasonParamsSchema.nullable(),
});
export type ImportErrorItem = z.infer<typeof importErrorItem>;
export const importErrorsResponse = envelope(
  z.object({
    items: z.array(importErrorItem),
    total: z.number().int(),
    total_pages: z.number().int(),
    page: z.number().int(),
  }),
);
export type ImportErrorsResponse = z.infer<typeof importErrorsResponse>;

export const importTemplateQuery = z.object({ kind: z.enum(IMPORT_KINDS) });

// ---------------------------------------------------------------------------------------------- report CSV

export const importCsvGenerateQuery = z.object({
  import_id: positiveId('import_id', { required: coded('required') }),
});
export const importCsvGenerateResponse = envelope(z.object({ hash: z.string(), expires_at: z.string() }));
export const importCsvDownloadQuery = z.object({
  hash: z.string({ error: coded('required') }).regex(/^[a-f0-9]{32,64}$/, coded('badFormat')),
});
/** File downloads answer the file itself, not JSON. */
export const fileResponse = z.undefined();

// ---------------------------------------------------------------------------------------------- help file

export const helpFileItem = z.object({
  id: z.number().int(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  created: z.string(),
});
export type HelpFileItem = z.infer<typeof helpFileItem>;
export const helpFileResponse = envelope(helpFileItem.nullable());
export const helpFileQuery = importIdQuery;

// ---------------------------------------------------------------------------------------------- routes

export const IMPORT_ROUTES = {
  importSim: route({
    method: 'POST',
    path: '/import/sim',
    area: 'import',
    summary: 'Imports one SIM card (simData)',
    body: simRecord,
    response: createdResponse,
  }),
  importDevice: route({
    method: 'POST',
    path: '/import/device',
    area: 'import',
    summary: 'Imports one device (deviceData, the old-device import: needs operator 4 unless admin, §6)',
    body: deviceRecord,
    response: createdResponse,
  }),
  importDeviceAndSim: route({
    method: 'POST',
    path: '/import/deviceAndSim',
    area: 'import',
    summary: 'Imports one AT&T-style device with its new SIM card (attDeviceData)',
    body: deviceAndSimRecord,
    response: createdResponse,
  }),
  importFactoryDevice: route({
    method: 'POST',
    path: '/import/factoryDevice',
    area: 'import',
    summary: 'Imports one factory device (defaults: status 0, white_label_deployment_id 1)',
    body: factoryDeviceRecord,
    response: createdResponse,
  }),
  importUpload: route({
    method: 'POST',
    path: '/import/upload',
    area: 'import',
    summary: 'Multipart CSV upload (file, kind, defaults): stored and queued; answers the import id at once',
    response: uploadResponse,
  }),
  importUploadMass: route({
    method: 'POST',
    path: '/import/upload/mass',
    area: 'import',
    summary: 'Multipart mass upload of IMEIs (file, device_type_id, device_status): queued like /import/upload',
    response: uploadResponse,
  }),
  importList: route({
    method: 'GET',
    path: '/import/list',
    area: 'import',
    summary: `Imports, newest first (${PAGE_SIZE.importList} per page), with progress; optionally of one day, or one import by id`,
    query: importListQuery,
    response: importListResponse,
  }),
  importErrors: route({
    method: 'GET',
    path: '/import/errors',
    area: 'import',
    summary: `Errors of an import by line (${IMPORT_ERRORS_PAGE} per page)`,
    query: importErrorsQuery,
    response: importErrorsResponse,
  }),
  importTemplate: route({
    method: 'GET',
    path: '/import/template',
    area: 'import',
    summary: 'CSV template of an import kind (header and one example row)',
    query: importTemplateQuery,
    response: fileResponse,
  }),
  importCsvGenerate: route({
    method: 'GET',
    path: '/csv/generate/import',
    area: 'import',
    summary: "Prepares the download of an import's CSV with an error column; returns the hash /csv/import takes",
    query: importCsvGenerateQuery,
    response: importCsvGenerateResponse,
    audited: true,
  }),
  importCsvDownload: route({
    method: 'GET',
    path: '/csv/import',
    area: 'import',
    summary: "The import's CSV with an `error` column (streamed; formula-like cells neutralised)",
    query: importCsvDownloadQuery,
    response: fileResponse,
    audited: true,
  }),
  importHelp: route({
    method: 'GET',
    path: '/import/upload/help',
    area: 'import',
    summary: 'The current help file of the import screens (null when none)',
    response: helpFileResponse,
  }),
  importHelpUpload: route({
    method: 'POST',
    path: '/import/upload/help',
    area: 'import',
    summary: 'Multipart upload of a new help file (`file`)',
    response: createdResponse,
  }),
  importHelpFile: route({
    method: 'GET',
    path: '/import/upload/help/file',
    area: 'import',
    summary: 'Downloads a help file',
    query: helpFileQuery,
    response: fileResponse,
  }),
} as const satisfies Record<string, RouteDef>;

/** §6: the old-device import (deviceData: /import/device and DEVICE uploads) also needs this operator, unless admin. */
export const OLD_DEVICE_IMPORT_OPERATOR = 4;
export function canUseOldDeviceImport(user: { role: number; operators: readonly number[] }): boolean {
  return user.role === 1 || user.operators.includes(OLD_DEVICE_IMPORT_OPERATOR);
}
