// Owner workspace, add device (§2 Owner /addDevice, §5 "Add device or swap SIM", §7 Device): the wizard looks a
// device up by its activation code or IMSI, then assigns it to the owner. docs/owner-workspace.md "Add device".
import { z } from 'zod';
import { IMSI_LENGTH } from '../constants.js';
import { positiveId } from '../params.js';
import { coded } from '../reasons.js';
import { envelope } from '../schemas.js';
import { route, type RouteDef } from '../route-def.js';
import { gsmNumber } from '../device-workspace/sim-swap.js';

/** §5: the activation code (letters and digits) or the IMSI (digits) has exactly 15 characters. */
export const codeOrImsi = z
  .string({ error: coded('codeOrImsiLength', { length: IMSI_LENGTH }) })
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9]{${IMSI_LENGTH}}$`), coded('codeOrImsiLength', { length: IMSI_LENGTH }));

export const byCodeOrImsiQuery = z.object({ param: codeOrImsi, type: positiveId('type') });
export type ByCodeOrImsiQuery = z.infer<typeof byCodeOrImsiQuery>;
export const deviceTypeQuery = z.object({ type: positiveId('type') });
export const deviceAddBody = z.object({ user_id: positiveId('user_id'), device_id: positiveId('device_id'), gsm_number: gsmNumber });
export type DeviceAddBody = z.infer<typeof deviceAddBody>;

const int = z.number().int();
const str = z.string().nullable();
/** A device found by code or IMSI, with the SIM data the wizard confirms. */
export const deviceToAdd = z.object({
  id: int,
  imei: z.string(),
  imsi: str,
  activation_code: str,
  device_type_id: int,
  device_type_name: z.string(),
  enabled: z.boolean(),
  gsm_number: str,
  sim: z.object({ id: int, imsi: z.string(), iccid: str, gsm_number: str, operator_name: str }).nullable(),
});
export type DeviceToAdd = z.infer<typeof deviceToAdd>;

export const DEVICE_ADD_ROUTES = {
  deviceByCodeOrImsi: route({
    method: 'GET',
    path: '/device/by_code_or_imsi',
    area: 'owner',
    summary: 'Finds a free device of a type by its 15-character activation code or IMSI (400 naming `param` when there is none)',
    query: byCodeOrImsiQuery,
    response: envelope(deviceToAdd),
  }),
  deviceAdd: route({
    method: 'POST',
    path: '/device/add',
    area: 'ownerEdit',
    summary: "Assigns a free device to an owner with the SIM's GSM number (audited: assigned)",
    query: deviceTypeQuery,
    body: deviceAddBody,
    response: envelope(z.object({ device_id: int, owner_id: int, gsm_number: z.string(), device_status: int })),
    mutating: true,
  }),
} as const satisfies Record<string, RouteDef>;
