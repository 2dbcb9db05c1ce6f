/** Business constants of spec §9. */
export const PAGE_SIZE = {
  deviceSearch: 25,
  smsTraffic: 25,
  wifiSearch: 25,
  importList: 6,
  trackingList: 20,
  firmwareActivity: 20,
  activeDevicesReport: 100,
} as const;

export const PAGER_MAX_SIZE = 5;

export const POLLING_MS = {
  activeDevices: 1000,
  modemStatus: 2000,
  modemProgress: 5000,
  importListRefreshAfterUpload: 5000,
} as const;

export const TOAST_MS = { serverError: 5000, localError: 2000, success: 3000 } as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
/** bcrypt reads only the first 72 bytes of a password: a longer one (UTF-8) is refused, so every character counts. */
export const PASSWORD_MAX_BYTES = 72;
export const IMSI_LENGTH = 15;
export const PHONE_MIN = 8;
export const PHONE_MAX = 15;

export const OPERATOR_DEFAULTS = {
  zones_limit: 5,
  contacts_limit: 5,
  alarms_limit: 10,
  terms_key: 'MOBILE_OPERATORS_TERMS',
} as const;
export const REGIONS = ['EU', 'US', 'SA'] as const;

export const FACTORY_DEVICE_DEFAULTS = { status: 0, white_label_deployment_id: 1 } as const;

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DEFAULT_TIME_ZONE = 'UTC';

/** Path prefix of the password-reset link: /{RESET_PREFIX}/forgotpassword/{uuid} (the spec leaves it open). */
export const RESET_PREFIX = 'backoffice';

/** Header every api call carries (§7); the api refuses calls without it. */
export const REQUEST_ORIGIN_HEADER = 'request-origin';
export const REQUEST_ORIGIN_CONSOLE = 'backoffice-console';

/** Signal level of §9: five levels by strength thresholds (dBm magnitudes). */
export const SIGNAL_THRESHOLDS = [80, 89, 98, 104, 120] as const;
export function signalLevel(strength: number): 0 | 1 | 2 | 3 | 4 | 5 {
  const s = Math.abs(strength);
  if (s <= SIGNAL_THRESHOLDS[0]) return 5;
  if (s <= SIGNAL_THRESHOLDS[1]) return 4;
  if (s <= SIGNAL_THRESHOLDS[2]) return 3;
  if (s <= SIGNAL_THRESHOLDS[3]) return 2;
  if (s <= SIGNAL_THRESHOLDS[4]) return 1;
  return 0;
}
