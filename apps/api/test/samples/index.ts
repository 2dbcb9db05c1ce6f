import type { RoleId, RouteName } from '@tracker/contract';
import type { TestApi } from '../harness.js';
import { DEVICE_SAMPLES } from './device-workspace.js';
import { IMPORT_SAMPLES } from './imports.js';
import { TRAFFIC_SAMPLES } from './traffic.js';
import { SMS_SAMPLES } from './sms.js';
import { ADMIN_SAMPLES } from './admin.js';
import { ADMIN_DATA_SAMPLES } from './admin-data.js';
import { OWNER_SAMPLES } from './owner-workspace.js';
import { OWNER_CONTACT_SAMPLES } from './owner-contacts.js';
import { STATS_SAMPLES } from './stats.js';
import { FIRMWARE_SAMPLES } from './firmware.js';
import { MODEM_SAMPLES } from './modem.js';
import { OUTCOME_SAMPLES } from './outcomes.js';
import { JOB_SAMPLES } from './jobs.js';

/** What a sample builder may use: the running api and the signed-in token of the role. */
export type SampleContext = { api: TestApi; role: RoleId; token: string; whiteLabels: number[] };
/** A valid request of a route for a role, so that an allowed role gets 200 (not 400 or 404). */
export type SampleRequest = { path: string; body?: unknown; multipart?: FormData };
export type SampleBuilder = (ctx: SampleContext) => SampleRequest | Promise<SampleRequest>;

/** Features keep the valid requests of their routes in their own file; the role x route matrix uses them. */
export const FEATURE_SAMPLES: Partial<Record<RouteName, SampleBuilder>> = { ...DEVICE_SAMPLES, ...IMPORT_SAMPLES, ...TRAFFIC_SAMPLES, ...SMS_SAMPLES, ...ADMIN_SAMPLES, ...ADMIN_DATA_SAMPLES, ...OWNER_SAMPLES, ...OWNER_CONTACT_SAMPLES, ...STATS_SAMPLES, ...FIRMWARE_SAMPLES, ...MODEM_SAMPLES, ...OUTCOME_SAMPLES, ...JOB_SAMPLES };
