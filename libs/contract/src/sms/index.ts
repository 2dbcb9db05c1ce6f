// SMS (§2 /admin/sendSMS, device /sms; §7 SMS): one file per area, SMS_ROUTES merged into ROUTES by routes.ts.
// The traffic search and the carrier whitelist are ../traffic.ts.
import type { RouteDef } from '../route-def.js';
import { SMS_SEND_ROUTES } from './send.js';
import { SMS_OUTCOME_ROUTES } from './outcomes.js';
import { SMS_WEBHOOK_ROUTES } from './webhooks.js';

export * from './send.js';
export * from './outcomes.js';
export * from './webhooks.js';

export const SMS_ROUTES = {
  ...SMS_SEND_ROUTES,
  ...SMS_OUTCOME_ROUTES,
  ...SMS_WEBHOOK_ROUTES,
} as const satisfies Record<string, RouteDef>;
