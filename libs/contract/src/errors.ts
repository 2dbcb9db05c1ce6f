/**
 * Error codes the api answers with. The body is `{ error, code, errors? }`: `error` is the message in the
 * request's language (en, de, es), `code` one of these, `errors` per-field messages for validation failures.
 */
export const ErrorCode = {
  ValidationFailed: 'VALIDATION_FAILED',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  InvalidCode: 'INVALID_CODE',
  PasswordChangeRequired: 'PASSWORD_CHANGE_REQUIRED',
  Unauthenticated: 'UNAUTHENTICATED',
  SessionExpired: 'SESSION_EXPIRED',
  Forbidden: 'FORBIDDEN',
  Throttled: 'THROTTLED',
  NotFound: 'NOT_FOUND',
  Duplicate: 'DUPLICATE',
  MissingRequestOrigin: 'MISSING_REQUEST_ORIGIN',
  ResetLinkInvalid: 'RESET_LINK_INVALID',
  CurrentPasswordWrong: 'CURRENT_PASSWORD_WRONG',
  PasswordLength: 'PASSWORD_LENGTH',
  PasswordBlank: 'PASSWORD_BLANK',
  PasswordMismatch: 'PASSWORD_MISMATCH',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  ImportFileMissing: 'IMPORT_FILE_MISSING',
  ImportFileEmpty: 'IMPORT_FILE_EMPTY',
  ImportFileNotCsv: 'IMPORT_FILE_NOT_CSV',
  ImportFileEncoding: 'IMPORT_FILE_ENCODING',
  ImportNotFound: 'IMPORT_NOT_FOUND',
  ImportOperatorRequired: 'IMPORT_OPERATOR_REQUIRED',
  HelpFileNotFound: 'HELP_FILE_NOT_FOUND',
  Internal: 'INTERNAL',
  DeviceNotFound: 'DEVICE_NOT_FOUND',
  DeviceHasNoOwner: 'DEVICE_HAS_NO_OWNER',
  LocationNotFound: 'LOCATION_NOT_FOUND',
  SimNotFound: 'SIM_NOT_FOUND',
  SimInUse: 'SIM_IN_USE',
  SettingNotFound: 'SETTING_NOT_FOUND',
  SettingNotEditable: 'SETTING_NOT_EDITABLE',
  ExportNotFound: 'EXPORT_NOT_FOUND',
  DeviceLogNotFound: 'DEVICE_LOG_NOT_FOUND',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  INVALID_CREDENTIALS: 401,
  INVALID_CODE: 401,
  PASSWORD_CHANGE_REQUIRED: 403,
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  THROTTLED: 429,
  NOT_FOUND: 404,
  DUPLICATE: 409,
  MISSING_REQUEST_ORIGIN: 400,
  RESET_LINK_INVALID: 400,
  CURRENT_PASSWORD_WRONG: 400,
  PASSWORD_LENGTH: 400,
  PASSWORD_BLANK: 400,
  PASSWORD_MISMATCH: 400,
  PAYLOAD_TOO_LARGE: 413,
  IMPORT_FILE_MISSING: 400,
  IMPORT_FILE_EMPTY: 400,
  IMPORT_FILE_NOT_CSV: 400,
  IMPORT_FILE_ENCODING: 400,
  IMPORT_NOT_FOUND: 404,
  IMPORT_OPERATOR_REQUIRED: 403,
  HELP_FILE_NOT_FOUND: 404,
  INTERNAL: 500,
  DEVICE_NOT_FOUND: 404,
  DEVICE_HAS_NO_OWNER: 409,
  LOCATION_NOT_FOUND: 404,
  SIM_NOT_FOUND: 404,
  SIM_IN_USE: 409,
  SETTING_NOT_FOUND: 404,
  SETTING_NOT_EDITABLE: 400,
  EXPORT_NOT_FOUND: 404,
  DEVICE_LOG_NOT_FOUND: 404,
};

export const LANGUAGES = ['en', 'de', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(s: unknown): s is Language {
  return typeof s === 'string' && (LANGUAGES as readonly string[]).includes(s);
}

/** Picks en/de/es from an Accept-Language header value; en when nothing matches. */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: (tag ?? '').toLowerCase().slice(0, 2), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .sort((a, b) => b.q - a.q);
  return ranked.find((r) => isLanguage(r.tag))?.tag as Language | undefined ?? 'en';
}

export const ERROR_MESSAGES: Record<Language, Record<ErrorCode, string>> = {
  en: {
    VALIDATION_FAILED: 'The request is invalid.',
    INVALID_CREDENTIALS: 'Wrong username or password.',
    INVALID_CODE: 'The code is wrong or has already been used.',
    PASSWORD_CHANGE_REQUIRED: 'You must change your password before signing in.',
    UNAUTHENTICATED: 'You are not signed in.',
    SESSION_EXPIRED: 'Your session has expired. Please sign in again.',
    FORBIDDEN: '401, You are not authorised to view this section',
    THROTTLED: 'Too many attempts. Please wait a few minutes and try again.',
    NOT_FOUND: 'Not found.',
    DUPLICATE: 'Duplicate entry',
    MISSING_REQUEST_ORIGIN: 'The request-origin header is missing.',
    RESET_LINK_INVALID: 'This password reset link is invalid or has expired.',
    CURRENT_PASSWORD_WRONG: 'The current password is wrong.',
    PASSWORD_LENGTH: 'Password must be between 8 and 20 characters long',
    PASSWORD_BLANK: 'Fileds cant be blank',
    PASSWORD_MISMATCH: 'Password dont match!',
    PAYLOAD_TOO_LARGE: 'The upload is too large.',
    IMPORT_FILE_MISSING: 'The file was not uploaded: no file was sent.',
    IMPORT_FILE_EMPTY: 'The file was not uploaded: it is empty.',
    IMPORT_FILE_NOT_CSV: 'The file was not uploaded: it is not a CSV text file (binary, archive or spreadsheet content).',
    IMPORT_FILE_ENCODING: 'The file was not uploaded: it is not UTF-8 text. Save it as CSV UTF-8.',
    IMPORT_NOT_FOUND: 'Import not found.',
    IMPORT_OPERATOR_REQUIRED: 'The device import needs operator 4 (or an administrator).',
    HELP_FILE_NOT_FOUND: 'Help file not found.',
    INTERNAL: 'Something went wrong on the server.',
    DEVICE_NOT_FOUND: 'Device not found.',
    DEVICE_HAS_NO_OWNER: 'The device is not assigned to an account.',
    LOCATION_NOT_FOUND: 'Location not found for this device.',
    SIM_NOT_FOUND: 'No SIM card with this IMSI.',
    SIM_IN_USE: 'This SIM card is already in another device.',
    SETTING_NOT_FOUND: 'This setting does not exist for the device type.',
    SETTING_NOT_EDITABLE: 'This setting cannot be edited.',
    EXPORT_NOT_FOUND: 'The export link has expired. Generate it again.',
    DEVICE_LOG_NOT_FOUND: 'Log file not found.',
  },
  de: {
    VALIDATION_FAILED: 'Die Anfrage ist ungültig.',
    INVALID_CREDENTIALS: 'Benutzername oder Passwort ist falsch.',
    INVALID_CODE: 'Der Code ist falsch oder wurde bereits verwendet.',
    PASSWORD_CHANGE_REQUIRED: 'Sie müssen Ihr Passwort ändern, bevor Sie sich anmelden.',
    UNAUTHENTICATED: 'Sie sind nicht angemeldet.',
    SESSION_EXPIRED: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    FORBIDDEN: '401, Sie sind nicht berechtigt, diesen Bereich zu sehen',
    THROTTLED: 'Zu viele Versuche. Bitte warten Sie einige Minuten.',
    NOT_FOUND: 'Nicht gefunden.',
    DUPLICATE: 'Doppelter Eintrag',
    MISSING_REQUEST_ORIGIN: 'Der Header request-origin fehlt.',
    RESET_LINK_INVALID: 'Dieser Link zum Zurücksetzen ist ungültig oder abgelaufen.',
    CURRENT_PASSWORD_WRONG: 'Das aktuelle Passwort ist falsch.',
    PASSWORD_LENGTH: 'Das Passwort muss zwischen 8 und 20 Zeichen lang sein',
    PASSWORD_BLANK: 'Felder dürfen nicht leer sein',
    PASSWORD_MISMATCH: 'Passwörter stimmen nicht überein!',
    PAYLOAD_TOO_LARGE: 'Die Datei ist zu groß.',
    IMPORT_FILE_MISSING: 'Die Datei wurde nicht hochgeladen: Es wurde keine Datei gesendet.',
    IMPORT_FILE_EMPTY: 'Die Datei wurde nicht hochgeladen: Sie ist leer.',
    IMPORT_FILE_NOT_CSV: 'Die Datei wurde nicht hochgeladen: Sie ist keine CSV-Textdatei (Binärdaten, Archiv oder Tabellendokument).',
    IMPORT_FILE_ENCODING: 'Die Datei wurde nicht hochgeladen: Sie ist kein UTF-8-Text. Speichern Sie sie als CSV UTF-8.',
    IMPORT_NOT_FOUND: 'Import nicht gefunden.',
    IMPORT_OPERATOR_REQUIRED: 'Der Geräteimport erfordert Betreiber 4 (oder einen Administrator).',
    HELP_FILE_NOT_FOUND: 'Hilfedatei nicht gefunden.',
    INTERNAL: 'Auf dem Server ist ein Fehler aufgetreten.',
    DEVICE_NOT_FOUND: 'Gerät nicht gefunden.',
    DEVICE_HAS_NO_OWNER: 'Das Gerät ist keinem Konto zugeordnet.',
    LOCATION_NOT_FOUND: 'Position für dieses Gerät nicht gefunden.',
    SIM_NOT_FOUND: 'Keine SIM-Karte mit dieser IMSI.',
    SIM_IN_USE: 'Diese SIM-Karte steckt bereits in einem anderen Gerät.',
    SETTING_NOT_FOUND: 'Diese Einstellung gibt es für den Gerätetyp nicht.',
    SETTING_NOT_EDITABLE: 'Diese Einstellung kann nicht geändert werden.',
    EXPORT_NOT_FOUND: 'Der Export-Link ist abgelaufen. Bitte erneut erzeugen.',
    DEVICE_LOG_NOT_FOUND: 'Protokolldatei nicht gefunden.',
  },
  es: {
    VALIDATION_FAILED: 'La solicitud no es válida.',
    INVALID_CREDENTIALS: 'Usuario o contraseña incorrectos.',
    INVALID_CODE: 'El código es incorrecto o ya se ha utilizado.',
    PASSWORD_CHANGE_REQUIRED: 'Debe cambiar su contraseña antes de iniciar sesión.',
    UNAUTHENTICATED: 'No ha iniciado sesión.',
    SESSION_EXPIRED: 'Su sesión ha caducado. Inicie sesión de nuevo.',
    FORBIDDEN: '401, No está autorizado para ver esta sección',
    THROTTLED: 'Demasiados intentos. Espere unos minutos e inténtelo de nuevo.',
    NOT_FOUND: 'No encontrado.',
    DUPLICATE: 'Entrada duplicada',
    MISSING_REQUEST_ORIGIN: 'Falta la cabecera request-origin.',
    RESET_LINK_INVALID: 'Este enlace para restablecer la contraseña no es válido o ha caducado.',
    CURRENT_PASSWORD_WRONG: 'La contraseña actual es incorrecta.',
    PASSWORD_LENGTH: 'La contraseña debe tener entre 8 y 20 caracteres',
    PASSWORD_BLANK: 'Los campos no pueden estar vacíos',
    PASSWORD_MISMATCH: '¡Las contraseñas no coinciden!',
    PAYLOAD_TOO_LARGE: 'El archivo es demasiado grande.',
    IMPORT_FILE_MISSING: 'El archivo no se ha subido: no se envió ningún archivo.',
    IMPORT_FILE_EMPTY: 'El archivo no se ha subido: está vacío.',
    IMPORT_FILE_NOT_CSV: 'El archivo no se ha subido: no es un archivo de texto CSV (contenido binario, comprimido o de hoja de cálculo).',
    IMPORT_FILE_ENCODING: 'El archivo no se ha subido: no es texto UTF-8. Guárdelo como CSV UTF-8.',
    IMPORT_NOT_FOUND: 'Importación no encontrada.',
    IMPORT_OPERATOR_REQUIRED: 'La importación de dispositivos requiere el operador 4 (o un administrador).',
    HELP_FILE_NOT_FOUND: 'Archivo de ayuda no encontrado.',
    INTERNAL: 'Se produjo un error en el servidor.',
    DEVICE_NOT_FOUND: 'Dispositivo no encontrado.',
    DEVICE_HAS_NO_OWNER: 'El dispositivo no está asignado a ninguna cuenta.',
    LOCATION_NOT_FOUND: 'Ubicación no encontrada para este dispositivo.',
    SIM_NOT_FOUND: 'No hay ninguna tarjeta SIM con este IMSI.',
    SIM_IN_USE: 'Esta tarjeta SIM ya está en otro dispositivo.',
    SETTING_NOT_FOUND: 'Este ajuste no existe para el tipo de dispositivo.',
    SETTING_NOT_EDITABLE: 'Este ajuste no se puede modificar.',
    EXPORT_NOT_FOUND: 'El enlace de exportación ha caducado. Vuelva a generarlo.',
    DEVICE_LOG_NOT_FOUND: 'Archivo de registro no encontrado.',
  },
};

export type FieldError = { field: string; message: string };
export type ErrorBody = { error: string; code: ErrorCode; errors?: FieldError[] };

export function errorMessage(code: ErrorCode, lang: Language = 'en'): string {
  return ERROR_MESSAGES[lang][code];
}
