import type { ReasonDef } from './reason-def.js';

/** The reason codes of device workspace (docs/device-workspace.md). */
export const DEVICE_WORKSPACE_REASONS = {
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
} as const satisfies Record<string, ReasonDef>;
