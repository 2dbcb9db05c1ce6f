import type { ReasonDef } from './reason-def.js';

/** The reason codes of owner contacts, safe zones, add device (§5; owner-workspace/). */
export const OWNER_DEVICES_REASONS = {
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
} as const satisfies Record<string, ReasonDef>;
