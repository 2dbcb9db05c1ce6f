import type { ReasonDef } from './reason-def.js';

/** The reason codes of owner workspace (docs/owner-workspace.md). */
export const OWNER_WORKSPACE_REASONS = {
  profileEmptyIgnored: { en: '{{field}} was empty and is left unchanged', params: { field: 'column' } },
  unknownCountry: { en: '{{field}} is not a known country', params: { field: 'column' } },
  ownerHasDevices: { en: 'The owner still has {{count}} devices: remove devices and user instead', params: { count: 'number' } },
  ownerEmailMismatch: { en: 'This is not the e-mail of the owner' },
  ownerWhiteLabelMismatch: { en: 'This is not the white label of the owner' },
  ownerForeignDevices: { en: 'The owner also has {{count}} devices outside your scope and cannot be removed', params: { count: 'number' } },
} as const satisfies Record<string, ReasonDef>;
