import { SMS_COUNTER_FIGURES } from '@tracker/contract';
import { smsCounters } from '../traffic/traffic.repository.js';

/**
 * One source of figures: rows of `from` in the report's span by `at` (a timestamptz), counted per day of the zone.
 * `device` names the column of the row's device when the figures belong to the device's owner's white label;
 * `owner` the owner's column directly. A source with neither is fleet-wide (its figures null for some white labels).
 */
export type Source = { name: string; from: string; at: string; figures: string; where?: string; device?: string; owner?: string };

/** $1 first day, $2 last day, $3 zone, $4 white labels. */
export const SOURCES: Source[] = [
  { name: 'comm', from: 'device_communication x', at: 'x.time', device: 'x.device_id', figures: 'count(DISTINCT x.device_id)::int AS devices_active' },
  { name: 'owners', from: 'owner x', at: 'x.created', owner: 'x.id', figures: 'count(*)::int AS new_owners' },
  { name: 'pairings', from: 'audit_event x', at: 'x.created', device: 'x.device_id', where: 'x.status = 5', figures: 'count(*)::int AS new_pairings' },
  {
    name: 'sms',
    from: 'sms_message x',
    at: 'x.created',
    device: 'x.device_id',
    figures: smsCounters('x.', SMS_COUNTER_FIGURES, 'sms_'),
  },
  {
    name: 'imports',
    from: 'import x',
    at: 'x.created',
    figures: `count(*)::int AS imports, count(*) FILTER (WHERE x.status = 'FAILED')::int AS imports_failed, coalesce(sum(x.imported), 0)::int AS imported_rows`,
  },
  { name: 'fw_requests', from: 'firmware_upload_request x', at: 'x.created', figures: 'count(*)::int AS firmware_requests' },
  { name: 'ota_started', from: 'firmware_ota_activity x', at: 'x.created', device: 'x.device_id', figures: 'count(*)::int AS firmware_updates_started' },
  // an activity's last change is its finish once it is finished (status 2)
  {
    name: 'ota_finished',
    from: 'firmware_ota_activity x',
    at: 'x.updated_at',
    device: 'x.device_id',
    where: 'x.status = 2',
    figures: 'count(*)::int AS firmware_updates_finished',
  },
  { name: 'modem_started', from: 'modem_update_task x', at: 'x.started', device: 'x.device_id', figures: 'count(*)::int AS modem_updates_started' },
  {
    name: 'modem_ended',
    from: 'modem_update_task x',
    at: 'x.finished_at',
    device: 'x.device_id',
    where: `x.status IN ('DONE', 'FAILED')`,
    figures: `count(*) FILTER (WHERE x.status = 'DONE')::int AS modem_updates_finished, count(*) FILTER (WHERE x.status = 'FAILED')::int AS modem_updates_failed`,
  },
];

export const figureNames = (s: Source) => [...s.figures.matchAll(/ AS (\w+)/g)].map((m) => m[1]!);

/** White label of the rollup's rows of no white label (devices without an owner, owners without one). */
export const NO_WHITE_LABEL = 0;
/** White label of the rollup's fleet-wide figures (imports, firmware requests); every rolled day has this row. */
export const FLEET_WIDE = -1;

