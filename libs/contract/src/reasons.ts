import { ErrorCode, errorMessage } from './errors.js';

/**
 * Reasons and messages as codes (house rule "Reasons and messages", docs/architecture.md). The one list of codes
 * that import line errors, import notes and failures, and field errors of every call carry, each with its English
 * text and the parameters the text takes. The api stores and answers the code and its parameters (plus the English
 * text for readers of the api); the console says them in the UI language from its translations
 * (`reasons.<code>` in apps/console/src/locales/<lng>/*.json, en/de/es, checked by reasons.spec.ts).
 *
 * Parameter kinds: `text` and `number` are shown as they are; `column` is a CSV column or form field name (the
 * console shows its label); `reason` is another code of this list (the header line's problem).
 *
 * A new feature adds its codes here, in a section of its own, and their texts to its locale files under `reasons`.
 */
export type ReasonParamKind = 'text' | 'number' | 'column' | 'reason';
type ReasonDef = { en: string; params?: Record<string, ReasonParamKind> };

export const REASONS = {
  // ------------------------------------------------------------------------ generic
  /** anything without a code of its own (a stored sentence from before the codes, a library's message): the text as it is */
  text: { en: '{{text}}', params: { text: 'text' } },

  // ------------------------------------------------------------------------ values (import lines, forms, query parameters)
  required: { en: '{{field}} is required', params: { field: 'column' } },
  tooLong: { en: '{{field}} is too long (at most {{max}} characters)', params: { field: 'column', max: 'number' } },
  invalidImei: { en: 'IMEI must have 15 digits' },
  invalidImsi: { en: 'IMSI must have 15 digits' },
  invalidIccid: { en: 'ICCID must have 18 to 22 digits' },
  invalidPhone: { en: 'Phone must have 8 to 15 digits' },
  invalidActivationCode: { en: 'Activation code must have 15 letters or digits' },
  invalidDeviceStatus: { en: 'Device status must be 0, 1, 2 or 3' },
  invalidSimStatus: { en: 'SIM status must be 0, 1 or 2' },
  invalidCarrierStatus: { en: 'Carrier status must be one of {{statuses}}', params: { statuses: 'text' } },
  invalidId: { en: 'Must be a positive whole number' },
  invalidBool: { en: 'Must be true or false' },
  formula: { en: 'Must not start with =, +, -, @, tab or CR (spreadsheet formula)' },
  idRequired: { en: '{{field}} is required (a positive whole number)', params: { field: 'column' } },
  idTooLarge: { en: '{{field}} is too large', params: { field: 'column' } },
  wholeNumber: { en: '{{field}} must be a whole number from {{min}} to {{max}}', params: { field: 'column', min: 'number', max: 'number' } },
  countRange: { en: '{{field}} must be a number from {{min}} to {{max}}', params: { field: 'column', min: 'number', max: 'number' } },
  dayRequired: { en: '{{field}} is required (YYYY-MM-DD)', params: { field: 'column' } },
  dayFormat: { en: '{{field}} must be YYYY-MM-DD', params: { field: 'column' } },
  dayNotReal: { en: '{{field}} is not a real calendar day', params: { field: 'column' } },
  unknownTimeZone: { en: '{{field}} is not a known time zone', params: { field: 'column' } },
  tooShort: { en: '{{field}} is too short (at least {{min}})', params: { field: 'column', min: 'number' } },
  tooBig: { en: '{{field}} is too large (at most {{max}})', params: { field: 'column', max: 'number' } },
  tooSmall: { en: '{{field}} is too small (at least {{min}})', params: { field: 'column', min: 'number' } },
  wrongType: { en: '{{field}} must be a {{expected}}', params: { field: 'column', expected: 'text' } },
  badFormat: { en: '{{field}} is not in the expected format', params: { field: 'column' } },
  notOneOf: { en: '{{field}} must be one of {{options}}', params: { field: 'column', options: 'text' } },
  unknownField: { en: 'Unknown field {{field}}', params: { field: 'column' } },
  controlChars: { en: 'Must not contain control characters' },
  digitsOnly: { en: '{{what}} has digits only', params: { what: 'text' } },
  codeDigits: { en: 'The code has 6 digits' },
  searchEmpty: { en: 'Enter something to search for' },
  invalidEmail: { en: 'Enter a valid e-mail address' },

  // ------------------------------------------------------------------------ requests
  malformedJson: { en: 'Malformed JSON' },
  malformedMultipart: { en: 'Malformed multipart body' },
  uploadLimit: { en: 'The upload exceeds a limit: {{limit}}', params: { limit: 'text' } },
  chooseFile: { en: 'Choose a file to upload' },

  // ------------------------------------------------------------------------ references and duplicates
  unknownDeviceType: { en: 'Unknown device type' },
  unknownOperator: { en: 'Unknown operator' },
  unknownDeployment: { en: 'Unknown white label deployment' },
  unknownServer: { en: 'Unknown server' },
  unknownVoipCentral: { en: 'Unknown VoIP central' },
  unknownWhiteLabel: { en: 'Unknown white label' },
  duplicate: { en: 'Duplicate entry' },
  duplicateOfLine: { en: 'Duplicate entry: same as line {{line}}', params: { line: 'number' } },
  noSim: { en: 'No SIM card with this IMSI' },
  simInUse: { en: 'SIM card already in another device' },

  // ------------------------------------------------------------------------ import lines
  lineTooLong: { en: 'Line is too long (more than {{max}} characters)', params: { max: 'number' } },
  notUtf8: { en: 'Line is not valid UTF-8 text' },
  nulBytes: { en: 'Line contains NUL bytes' },
  quoteNotClosed: { en: 'A quoted value is not closed' },
  textAfterQuote: { en: 'Unexpected text after a quoted value' },
  quoteInValue: { en: 'A quote inside an unquoted value' },
  fieldCount: { en: 'Line has {{fields}} fields, the header has {{header}}', params: { fields: 'number', header: 'number' } },

  // ------------------------------------------------------------------------ whole import files (import.error_code)
  missingColumn: { en: 'Missing column: {{columns}}', params: { columns: 'text' } },
  columnTwice: { en: 'Column {{column}} appears twice in the header', params: { column: 'text' } },
  headerUnreadable: { en: 'The header line cannot be read: {{reason}}', params: { reason: 'reason' } },
  noDataRows: { en: 'The file has a header but no data rows' },
  fileEmpty: { en: 'The file is empty' },
  fileGone: { en: 'The uploaded file is gone' },
  noFile: { en: 'The import has no file' },
  importFailed: { en: 'The import failed: {{message}}', params: { message: 'text' } },
  ignoredColumns: { en: 'Columns ignored (not columns of this kind): {{columns}}', params: { columns: 'text' } },

  // ------------------------------------------------------------------------ device workspace (docs/device-workspace.md)
  simAlreadyInDevice: { en: 'The SIM card is already in this device' },
  noFactoryDevice: { en: 'No factory device with this id' },
  factoryOtherType: { en: 'The factory device is of another device type' },
  nothingToSave: { en: 'Nothing to save' },
  notDefaultProfile: { en: 'type is not a default profile of this device type: use 0 (all) or one of {{known}}', params: { known: 'text' } },
  noDefaultProfiles: { en: 'type is not a default profile of this device type: use 0 (all)' },
  notDeviceType: { en: 'device_type is not the type of this device' },
  notOwner: { en: 'user_id is not the owner of this device' },
  locationInterval: {
    en: 'Location interval must be a whole number of minutes from {{min}} to {{max}} (held in seconds) or Stand by ({{standby}})',
    params: { min: 'number', max: 'number', standby: 'number' },
  },
  operationalTime: { en: 'Operational time must be a whole number from {{min}} to {{max}}', params: { min: 'number', max: 'number' } },
  birthDateTooEarly: { en: 'Birth date must be {{min}} or later', params: { min: 'text' } },
  birthDateFuture: { en: 'Birth date cannot be in the future' },
  heightRange: { en: 'Height must be a whole number of cm from {{min}} to {{max}}', params: { min: 'number', max: 'number' } },
  weightRange: { en: 'Weight must be a whole number of kg from {{min}} to {{max}}', params: { min: 'number', max: 'number' } },
  genderValue: { en: 'Gender is 1 (boy) or 2 (girl)' },
  settingsRequired: { en: 'settings is required: a list of { setting_no, value }' },
  tooManySettings: { en: 'At most {{max}} settings at once', params: { max: 'number' } },
  imsiLength: { en: 'IMSI must be exactly {{length}} characters', params: { length: 'number' } },
  gsmNumber: { en: 'GSM number starts with + and has {{min}} to {{max}} digits', params: { min: 'number', max: 'number' } },
  monthFormat: { en: '{{field}} must be YYYY-MM', params: { field: 'column' } },

  // ------------------------------------------------------------------------ SMS (docs/sms.md)
  smsNoDevices: { en: 'Enter at least one device id' },
  smsTooManyDevices: { en: 'At most {{max}} devices in one bulk send', params: { max: 'number' } },
  // SMS traffic and carrier whitelist (docs/sms-traffic.md)
  smsUntilBeforeFrom: { en: 'Until must not be before from' },
  smsRangeTooLong: { en: 'A search covers at most {{max}} days', params: { max: 'number' } },
  e164Number: { en: 'Enter the number in international form: + country code and number, {{min}} to {{max}} digits', params: { min: 'number', max: 'number' } },
  smsUnknownCommand: { en: 'Devices of this type have no SMS command {{command}}', params: { command: 'text' } },
  smsTooLong: { en: 'The SMS would have {{length}} characters, at most {{max}} are possible', params: { length: 'number', max: 'number' } },
  smsUnknownDevices: { en: '{{count}} device ids do not exist: {{ids}}', params: { count: 'number', ids: 'text' } },
  smsWrongTypeDevices: { en: '{{count}} devices are of another device type: {{ids}}', params: { count: 'number', ids: 'text' } },
  smsForeignDevices: { en: '{{count}} devices are outside your scope: {{ids}}', params: { count: 'number', ids: 'text' } },
  smsTypeNotAllowed: { en: 'You may not send to devices of this type' },
  smsUnknownCampaign: { en: 'Unknown bulk send' },
  smsNoNumber: { en: 'The device has no GSM number' },
  smsNoGateway: { en: 'No SMS gateway serves the number {{number}}', params: { number: 'text' } },
  smsGatewayError: { en: 'Gateway error {{code}}: {{message}}', params: { code: 'number', message: 'text' } },
  smsUndelivered: { en: 'The gateway reports {{status}} (error {{code}})', params: { status: 'text', code: 'number' } },
  smsGatewayUnavailable: { en: 'The gateway could not be reached in {{attempts}} attempts', params: { attempts: 'number' } },
  smsDeviceRefused: { en: 'The device refused: {{reason}}', params: { reason: 'text' } },
  smsDeviceUnknownCommand: { en: 'The device does not know this command' },
  smsBadSignature: { en: 'The request has no valid gateway signature' },
  // the command ledger (docs/sms.md "The command ledger")
  smsCommandNotAllowed: { en: 'Your role may not send the command {{command}}', params: { command: 'text' } },
  smsDeviceTerminated: { en: 'The device is terminated' },
  smsDeviceDisabled: { en: 'The device is disabled' },
  smsNoTargets: { en: 'None of the devices can take the command: {{count}} refused', params: { count: 'number' } },
  smsExpired: { en: 'Not sent within its time to live of {{minutes}} minutes', params: { minutes: 'number' } },
  smsQuotaMinute: { en: 'At most {{limit}} sends a minute: try again in {{seconds}} s', params: { limit: 'number', seconds: 'number' } },
  smsQuotaDay: { en: 'At most {{limit}} sends a day: try again in {{seconds}} s', params: { limit: 'number', seconds: 'number' } },
  smsConfirmationInvalid: { en: 'This confirmation is unknown, used or expired: ask for a new one' },
  smsConfirmationMismatch: { en: 'This confirmation was given for another request: ask for a new one' },
  smsArgumentForbidden: { en: 'The text may not contain {{chars}}', params: { chars: 'text' } },
  smsRetried: { en: 'The device was busy ({{reason}}): sent again as SMS {{next}}', params: { reason: 'text', next: 'number' } },
  timelineOneCursor: { en: 'Give either before or after, not both' },
  timelineNoAlarm: { en: 'The device has no such alarm' },
  smsSecretMissing: { en: 'The secret this command needs ({{ref}}) is not configured', params: { ref: 'text' } },

  // ------------------------------------------------------------------------ modem update (docs/firmware-modem.md "Modem update")
  modemNoImeis: { en: 'Enter at least one IMEI' },
  modemTooManyImeis: { en: 'At most {{max}} IMEIs at once', params: { max: 'number' } },
  modemAlreadyRunning: { en: 'A modem update is already running for this device' },
  modemTimeout: { en: 'No reply to {{command}} within {{minutes}} minutes', params: { command: 'text', minutes: 'number' } },
  modemDeadline: { en: 'Not finished within {{days}} days', params: { days: 'number' } },
  modemStopped: { en: 'Stopped by a user' },
  modemDupFilesInvalid: { en: 'The watch reported no usable DUP files: {{report}}', params: { report: 'text' } },
  modemNoNumber: { en: 'The device has no GSM number' },
  modemResetDone: { en: 'A finished update is not started over' },
  /** a temporary refusal (BUSY, LOW_BATTERY, NO_NETWORK, TIMEOUT): not an error, the command goes again after a pause */
  modemRetryLater: { en: 'The watch refused for now ({{reason}}); the command is sent again at {{at}}', params: { reason: 'text', at: 'text' } },

  // ------------------------------------------------------------------------ owner contacts, safe zones, add device (§5; owner-workspace/)
  contactFirstName: { en: 'First name must be between {{min}} and {{max}} characters', params: { min: 'number', max: 'number' } },
  contactLastName: { en: 'Last name must be under {{max}} characters', params: { max: 'number' } },
  contactEmail: { en: 'E-mail must be between {{min}} and {{max}} characters', params: { min: 'number', max: 'number' } },
  contactPhone: { en: 'Phone must have {{min}} to {{max}} digits', params: { min: 'number', max: 'number' } },
  contactRelationship: { en: 'Relationship must be under {{max}} characters', params: { max: 'number' } },
  contactNoDevice: { en: 'Select at least one device' },
  contactPrimaryDevices: { en: 'The devices of a primary contact cannot be changed' },
  contactLimit: { en: 'This owner cannot have more contacts' },
  contactDeviceNotOwners: { en: 'The device does not belong to this owner' },
  deviceDisabled: { en: 'Device is disabled' },
  safeZoneNoDevice: { en: 'Select at least one device' },
  safeZoneRadius: { en: 'Radius must be at least {{min}} m', params: { min: 'number' } },
  safeZoneRadiusClamped: { en: 'The radius is at most {{max}} m: it was set to the maximum', params: { max: 'number' } },
  safeZoneLimitChoice: { en: 'Limit must be 10 % to 100 % in steps of 10, or disabled' },
  safeZoneLimit: { en: 'This owner cannot have more safe zones' },
  codeOrImsiLength: { en: 'Activation code or IMSI must be exactly {{length}} characters', params: { length: 'number' } },
  codeOrImsiNotFound: { en: 'No device of this type has this activation code or IMSI' },
  deviceTaken: { en: 'This device already belongs to an owner' },
  // ------------------------------------------------------------------------ statistics and reports (docs/statistics.md)
  statsUnknownType: { en: 'Unknown statistic type' },
  statsToBeforeFrom: { en: 'To must not be before from' },
  statsRangeTooLong: { en: 'A statistic covers at most {{max}} days', params: { max: 'number' } },
  // a refusal names no white label: not the one owning a deployment, not even an id asked for (docs/access.md)
  statsWhiteLabelNotAllowed: { en: 'A white label you asked for is not one of yours' },
  statsDeploymentNotAllowed: { en: 'This deployment is not one of yours' },
  reportToTooEarly: { en: 'To must be at least one day after from' },
  reportDayInFuture: { en: 'The day must not be after today' },

  // ------------------------------------------------------------------------ wifi access points (§5; libs/contract/src/wifi.ts)
  wifiMacBlank: { en: 'MAC address cant be blank' },
  wifiMacFormat: { en: 'Wrong MAC address format' },
  wifiCoordinatesEmpty: { en: 'Longitude and latitude cant be empty' },
  wifiLatitudeRange: { en: 'Latitude may range from -90 to 90' },
  wifiLongitudeRange: { en: 'Longitude may range from -180 to 180' },

  // ------------------------------------------------------------------------ administration (docs/administration.md)
  usernameChars: { en: 'Username may hold letters, digits and . _ @ - only' },
  userTypesAll: { en: 'Device types: ALL (-1) cannot be combined with other types' },
  operatorStart: { en: 'Start is the MCC (3 digits) followed by the MNC (2 digits)' },
  operatorStartTaken: { en: 'Another operator already has start {{start}}', params: { start: 'text' } },
  translationEmpty: { en: 'The translation must not be empty' },
  termsKey: { en: 'Terms key may hold letters, digits and . _ - only' },
  gatewayCodeFormat: { en: 'Phone code {{code}} is not a country calling code (+ and 1 to 4 digits)', params: { code: 'text' } },
  gatewayNoCodes: { en: 'Enter at least one phone code' },
  gatewayCodeTaken: { en: 'Phone code {{code}} is already served by gateway {{gateway}}', params: { code: 'text', gateway: 'text' } },
  gatewayUrl: { en: 'Enter the gateway URL with http:// or https://, e.g. https://api.twilio.com' },
  // ------------------------------------------------------------------------ administration data (#11: translations, default settings)
  unknownLanguage: { en: 'Unknown language {{language}}', params: { language: 'text' } },
  translationKey: { en: 'A key may hold only letters, digits, dots, dashes and underscores' },
  // ------------------------------------------------------------------------ owner workspace (docs/owner-workspace.md)
  profileEmptyIgnored: { en: '{{field}} was empty and is left unchanged', params: { field: 'column' } },
  unknownCountry: { en: '{{field}} is not a known country', params: { field: 'column' } },
  ownerHasDevices: { en: 'The owner still has {{count}} devices: remove devices and user instead', params: { count: 'number' } },
  ownerEmailMismatch: { en: 'This is not the e-mail of the owner' },
  ownerWhiteLabelMismatch: { en: 'This is not the white label of the owner' },
  ownerForeignDevices: { en: 'The owner also has {{count}} devices outside your scope and cannot be removed', params: { count: 'number' } },
  // ------------------------------------------------------------------------ firmware (docs/firmware-modem.md "Firmware")
  firmwareVersionFormat: { en: 'A version may hold letters, digits and . _ - only (at most 50)' },
  deviceLimit: { en: 'A custom list holds at most {{max}} devices', params: { max: 'number' } },
  expireDate: { en: 'Enter a valid expiry date in the future, at most a year ahead' },
  firmwareNoDevices: { en: 'Enter at least one IMEI or read them from a CSV file' },
  firmwareNoTargets: { en: 'No device matches this request (devices already on the version or in a running rollout are left out)' },
  firmwareUnknownDevices: { en: '{{count}} IMEIs are no device: {{imeis}}', params: { count: 'number', imeis: 'text' } },
  firmwareWrongTypeDevices: { en: '{{count}} devices are not of the binary\'s device type: {{imeis}}', params: { count: 'number', imeis: 'text' } },
  firmwareUnknownBinary: { en: 'Unknown firmware binary' },
  firmwareBinaryNoServer: { en: 'The binary has no FTP server or path' },
  firmwareSameVersion: { en: 'The devices on this version already run the binary' },
  firmwareCommandTooLong: { en: 'The FOTA command would have {{length}} characters, at most {{max}} fit in an SMS (shorten the FTP host, user, password or path)', params: { length: 'number', max: 'number' } },
  firmwareFtpUnavailable: { en: 'The FTP server could not be reached: {{detail}}', params: { detail: 'text' } },
  firmwareFtpRefused: { en: 'The FTP server refused the upload: {{detail}}', params: { detail: 'text' } },
  firmwareUploadIncomplete: { en: 'The FTP server holds {{got}} of {{expected}} bytes: the upload was removed', params: { got: 'number', expected: 'number' } },
  firmwareEmptyFile: { en: 'The file is empty' },
  firmwareHalted: {
    en: 'Halted: {{failed}} of {{size}} devices of wave {{wave}} failed, more than the threshold of {{threshold}} %',
    params: { failed: 'number', size: 'number', wave: 'number', threshold: 'number' },
  },
  firmwareTimeout: { en: 'No report from the device within {{minutes}} minutes of the command', params: { minutes: 'number' } },
  firmwareDeviceError: { en: 'The device reported an error: {{reason}}', params: { reason: 'text' } },
  firmwareRequestEnded: { en: 'The rollout ended before this command was sent' },
  firmwareNoDownloadLogin: { en: 'The binary\'s FTP server has no download login for the watches' },
} as const satisfies Record<string, ReasonDef>;

export type ReasonCode = keyof typeof REASONS;
export type ReasonParams = Record<string, string | number>;
/** A coded reason as stored (`import_error.reason_code` / `reason_params`) and answered. */
export type Reason = { code: ReasonCode; params?: ReasonParams };

export const REASON_CODES = Object.keys(REASONS) as [ReasonCode, ...ReasonCode[]];
const REASON_SET = new Set<string>(REASON_CODES);
export const isReasonCode = (s: unknown): s is ReasonCode => typeof s === 'string' && REASON_SET.has(s);

/** The parameter names a code's text takes, with their kinds. */
export function reasonParams(code: ReasonCode): Record<string, ReasonParamKind> {
  return (REASONS[code] as ReasonDef).params ?? {};
}

/** The English text of a reason (the api's `reason` / `message` for its readers, the report CSV's label). */
export function reasonText(code: ReasonCode, params: ReasonParams = {}): string {
  const kinds = reasonParams(code);
  return REASONS[code].en.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) return '';
    return kinds[name] === 'reason' && isReasonCode(v) ? reasonText(v) : String(v);
  });
}

/**
 * A reason as read back from storage: a code this list no longer declares (renamed or removed after the row was
 * written) becomes `text` with the stored code as its words, so an old row is still said instead of failing the read.
 */
export function storedReason(code: string, params: ReasonParams | null | undefined): Reason {
  return isReasonCode(code) ? reason(code, params ?? {}) : { code: 'text', params: { text: code } };
}

/** Only the parameters the code declares (a stray value never reaches storage or a translation). */
export function reason(code: ReasonCode, params: ReasonParams = {}): Reason {
  const kinds = reasonParams(code);
  const kept = Object.fromEntries(Object.entries(params).filter(([k, v]) => k in kinds && v !== undefined));
  return Object.keys(kept).length ? { code, params: kept } : { code };
}

// ------------------------------------------------------------------------------------------ field errors

/**
 * A field message's code: a code of REASONS, or an ErrorCode (whose texts the contract already has in en, de, es,
 * e.g. the password rules). The two lists share no code (reasons are camelCase, error codes UPPER_CASE).
 */
export type FieldCode = ReasonCode | ErrorCode;
const ERROR_CODES = new Set<string>(Object.values(ErrorCode));
export const isErrorCode = (s: unknown): s is ErrorCode => typeof s === 'string' && ERROR_CODES.has(s);
export const isFieldCode = (s: unknown): s is FieldCode => isReasonCode(s) || isErrorCode(s);

/** A field error of an api answer: the field, its code and parameters, and the English `message` built from them. */
export type FieldError = { field: string; code: FieldCode; params?: ReasonParams; message: string };

/** Builds a field error: `fieldError('imsi', 'duplicate')`, `fieldError('query', 'digitsOnly', { what: 'IMEI' })`. */
export function fieldError(field: string, code: FieldCode, params: ReasonParams = {}): FieldError {
  if (isErrorCode(code)) return { field, code, message: errorMessage(code, 'en') };
  const r = reason(code, params);
  return { field, ...r, message: reasonText(code, r.params) };
}

/**
 * Zod messages of the contract's schemas are codes (the validation interceptor and the console read them back):
 * `coded('wholeNumber', { min: 0, max: 100 })` is `wholeNumber {"min":0,"max":100}`. The field is added from the
 * issue's path when read.
 */
export function coded(code: FieldCode, params?: ReasonParams): string {
  return params && Object.keys(params).length ? `${code} ${JSON.stringify(params)}` : code;
}

/** Reads a message written by `coded` back; null for any other text. */
export function decodeCoded(message: string): { code: FieldCode; params: ReasonParams } | null {
  const space = message.indexOf(' ');
  const code = space === -1 ? message : message.slice(0, space);
  if (!isFieldCode(code)) return null;
  if (space === -1) return { code, params: {} };
  try {
    const params = JSON.parse(message.slice(space + 1)) as unknown;
    return params && typeof params === 'object' && !Array.isArray(params) ? { code, params: params as ReasonParams } : null;
  } catch {
    return null;
  }
}

/** What a zod issue (as the error map or the parse result gives it) carries that a code needs. */
type Issue = {
  code?: string;
  input?: unknown;
  origin?: string;
  expected?: string;
  maximum?: unknown;
  minimum?: unknown;
  values?: readonly unknown[];
  keys?: readonly string[];
  path?: readonly PropertyKey[];
  message?: string;
};

/**
 * A per-parse zod error map (`schema.safeParse(x, { error: codedIssues })`) that says zod's own issues as codes:
 * missing, too long or short, wrong type, bad format, not one of the options. Messages the schemas set themselves
 * win over it (zod's precedence), and those are codes too; issues of other kinds keep zod's English text.
 */
export function codedIssues(iss: Issue): string | undefined {
  const n = (v: unknown) => (typeof v === 'bigint' ? Number(v) : (v as number));
  switch (iss.code) {
    case 'invalid_type':
      return iss.input === undefined ? coded('required') : coded('wrongType', { expected: String(iss.expected) });
    case 'too_big':
      return iss.origin === 'string' ? coded('tooLong', { max: n(iss.maximum) }) : coded('tooBig', { max: n(iss.maximum) });
    case 'too_small':
      if (iss.origin === 'string') return n(iss.minimum) === 1 ? coded('required') : coded('tooShort', { min: n(iss.minimum) });
      return coded('tooSmall', { min: n(iss.minimum) });
    case 'invalid_format':
      return coded('badFormat');
    case 'invalid_value':
      return coded('notOneOf', { options: (iss.values ?? []).map(String).join(', ') });
    case 'unrecognized_keys':
      return coded('unknownField', { field: (iss.keys ?? []).join(', ') });
    default:
      return undefined;
  }
}

/**
 * The field error of a zod issue: its code (from `coded` messages; the generic `text` with the message for any
 * other), with the field named by the issue's path (`fallback` for the whole input).
 */
export function issueFieldError(issue: Issue, fallback: string): FieldError {
  const path = (issue.path ?? []).map(String);
  const field = path.join('.') || fallback;
  const named = [...path].reverse().find((p) => !/^\d+$/.test(p)) ?? fallback;
  // a string over its maximum is "too long" with the maximum, wherever the schema is and whatever its own message
  // (a schema-wide `{ error: coded('required') }` also answers its checks: zod's precedence)
  if (issue.code === 'too_big' && issue.origin === 'string') {
    const own = decodeCoded(issue.message ?? '');
    if (!own || own.code === 'required' || own.code === 'text') {
      const max = typeof issue.maximum === 'bigint' ? Number(issue.maximum) : Number(issue.maximum);
      return fieldError(field, 'tooLong', { field: named, max });
    }
  }
  const c = decodeCoded(issue.message ?? '');
  if (!c) return fieldError(field, 'text', { text: issue.message ?? '' });
  return fieldError(field, c.code, { field: named, ...c.params });
}
