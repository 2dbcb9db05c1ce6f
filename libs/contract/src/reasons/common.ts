import type { ReasonDef } from './reason-def.js';

/** The reason codes every feature shares: generic, values (import lines, forms, query parameters), requests, references and duplicates. */
export const COMMON_REASONS = {
  // generic
  /** anything without a code of its own (a stored sentence from before the codes, a library's message): the text as it is */
  text: { en: '{{text}}', params: { text: 'text' } },

  // values (import lines, forms, query parameters)
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

  // requests
  malformedJson: { en: 'Malformed JSON' },
  malformedMultipart: { en: 'Malformed multipart body' },
  uploadLimit: { en: 'The upload exceeds a limit: {{limit}}', params: { limit: 'text' } },
  chooseFile: { en: 'Choose a file to upload' },

  // references and duplicates
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
} as const satisfies Record<string, ReasonDef>;
