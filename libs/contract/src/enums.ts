/** Enumerations of spec §3/§4. Values are what the api stores and sends; labels are translation keys. */

export const DeviceStatus = { Unassigned: 0, Inactive: 1, Active: 2, Terminated: 3 } as const;
export const DEVICE_STATUS_KEYS = ['unassigned', 'inactive', 'active', 'terminated'] as const;

export const ImportDeviceStatus = { Active: 0, Inactive: 1, Paired: 2, Terminated: 3 } as const;

export const SimStatus = { Inactive: 0, Active: 1, Terminated: 2 } as const;

export const CARRIER_SIM_STATUSES = ['INACTIVE', 'ACTIVE', 'UNREGISTERED', 'ACTIVATION_FAILED', 'ACTIVATING'] as const;

/** §3 message status, and beyond §3 4 expired (a command past its time to live, never sent): the exports' labels. */
export const MessageStatus = { Created: 0, Sent: 1, Received: 2, Error: 3, Expired: 4 } as const;

export const Gender = { Boy: 1, Girl: 2 } as const;

export const AuditStatus = {
  Created: 0,
  Initialized: 1,
  NotInitialized: 2,
  Enabled: 3,
  Disabled: 4,
  Assigned: 5,
  RemovedFromAccount: 6,
  SwapOut: 7,
  SwapIn: 8,
} as const;

export const SafeZoneLogType = { Exit: 0, Entry: 9 } as const;

export const FirmwareUploadType = { All: 0, ByVersion: 1, Custom: 2 } as const;
export const FirmwareActivityStatus = { Processing: 0, Downloading: 1, Finished: 2 } as const;

export const LOCATION_REASONS: Record<number, string> = {
  1: 'scheduled',
  2: 'alarmButton',
  3: 'braceletRemoved',
  4: 'batteryBelowMinimal',
  5: 'batteryBelowCritical',
  6: 'shutdown',
  7: 'recharging',
  8: 'userRequested',
  9: 'powerOff',
  10: 'powerOn',
  14: 'goingNow',
  15: 'flatBike',
  16: 'lostGpsSignal',
  17: 'theftDetection',
  18: 'parking',
  19: 'liveTracking',
  20: 'findMyDevice',
  21: 'tampering',
  22: 'call911',
  23: 'airplaneOn',
  24: 'airplaneOff',
  29: 'airplaneOnOverheating',
  30: 'airplaneOffOverheating',
};

export const LOCATION_SOURCES: Record<number, string> = {
  0: 'invalid',
  1: 'GPS',
  2: 'GEOLOCATOR',
  3: 'SKYHOOK',
  4: 'OPENCELLID',
  5: 'UNWIRED',
  6: 'provider6',
  7: 'phone',
  8: 'provider8',
};

/**
 * §4 contact statistics: location technology 1 gps, 2 wifi, 3 cells, 4 phone, else invalid (0). The statistic
 * location_technology counts a fix that is not valid as 0 invalid (so its invalid slice is invalid_locations), and a
 * valid fix by the technology of its §4 source below; a valid fix of a source outside it (0 or unknown) as
 * `unknown`, never as invalid. docs/statistics.md "Location technology".
 */
export const LOCATION_TECHNOLOGIES = { 0: 'invalid', 1: 'gps', 2: 'wifi', 3: 'cells', 4: 'phone' } as const;
export type LocationTechnology = keyof typeof LOCATION_TECHNOLOGIES;
/**
 * The technology of each §4 location source (§3 tracking sources): 1 GPS is gps; the third-party positioning
 * providers locate by the wifi access points seen (2 GEOLOCATOR, 3 SKYHOOK, 6) or by the cells seen (4 OPENCELLID,
 * 5 UNWIRED, 8); 7 is the phone's own fix.
 */
export const LOCATION_TECHNOLOGY_OF_SOURCE: Readonly<Record<number, Exclude<LocationTechnology, 0>>> = { 1: 1, 2: 2, 3: 2, 4: 3, 5: 3, 6: 2, 7: 4, 8: 3 };
/** The dimension of a valid fix whose source has no technology (source 0 or unknown). */
export const LOCATION_TECHNOLOGY_UNKNOWN = 'unknown';

/** The dashboard search filters of §2 (the value sent as `filter`). */
export const SEARCH_FILTERS = ['imei', 'imsi', 'gsm_number', 'email', 'user_name'] as const;
export type SearchFilter = (typeof SEARCH_FILTERS)[number];
