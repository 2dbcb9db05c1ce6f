// SIM swap (§2 swap tab: look a SIM up by IMSI, put it into the device).
import { z } from 'zod';
import { positiveId } from '../params.js';
import { coded } from '../reasons.js';
import { IMSI_LENGTH, PHONE_MAX, PHONE_MIN } from '../constants.js';
import { envelope } from '../schemas.js';
import { route, type RouteDef } from '../route-def.js';
import { deviceDetailResponse } from './detail.js';
import { int, intOrNull } from './shared.js';

/** §5: the IMSI has exactly 15 characters (digits). */
export const simCardQuery = z.object({
  imsi: z
    .string({ error: coded('imsiLength', { length: IMSI_LENGTH }) })
    .trim()
    .regex(new RegExp(`^\\d{${IMSI_LENGTH}}$`), coded('imsiLength', { length: IMSI_LENGTH })),
});
export const gsmNumber = z
  .string({ error: coded('required') })
  .trim()
  .regex(new RegExp(`^\\+\\d{${PHONE_MIN},${PHONE_MAX}}$`), coded('gsmNumber', { min: PHONE_MIN, max: PHONE_MAX }));
export const swapSimBody = z.object({
  device_id: positiveId('device_id'),
  sim_card_id: positiveId('sim_card_id'),
  gsm_number: gsmNumber,
});
export type SwapSimBody = z.infer<typeof swapSimBody>;

export const simCardItem = z.object({
  id: int,
  imsi: z.string(),
  iccid: z.string().nullable(),
  gsm_number: z.string().nullable(),
  status: int,
  carrier_status: z.string(),
  operator_id: intOrNull,
  operator_name: z.string().nullable(),
  /** the device the SIM is in, if any */
  device_id: intOrNull,
});
export type SimCardItem = z.infer<typeof simCardItem>;

export const SIM_SWAP_ROUTES = {
  // ------------------------------------------------------------------ swap SIM
  simCard: route({
    method: 'GET',
    path: '/device/sim_card',
    area: 'deviceTabs',
    summary: 'Looks a SIM card up by IMSI (exactly 15 characters)',
    query: simCardQuery,
    response: envelope(simCardItem),
  }),
  swapSim: route({
    method: 'POST',
    path: '/device/swap_sim',
    area: 'deviceEdit',
    summary: 'Puts another SIM card into the device (audited: swap out, swap in)',
    body: swapSimBody,
    response: deviceDetailResponse,
  }),

} as const satisfies Record<string, RouteDef>;
