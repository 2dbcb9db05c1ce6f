import { Injectable } from '@nestjs/common';
import { AuditStatus, ErrorCode, fieldError, type SwapSimBody } from '@tracker/contract';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { DeviceScopeService, simOperatorScope } from './device-scope.service.js';
import { DeviceSimSwapRepository } from './device-sim-swap.repository.js';

/**
 * Whether a SIM may go into a device (the rules of §7 swap_sim), or the error that says why not: unknown (404), of
 * another operator (403: another partner's stock), already in this device (400), in another device (409).
 */
export function swapRefusal(sim: { in_scope: boolean; device_id: number | null } | null, deviceId: number): DomainError | null {
  if (!sim) return new DomainError(ErrorCode.SimNotFound, [fieldError('sim_card_id', ErrorCode.SimNotFound)]);
  if (!sim.in_scope) return new DomainError(ErrorCode.Forbidden);
  if (sim.device_id === deviceId) return new DomainError(ErrorCode.ValidationFailed, [fieldError('sim_card_id', 'simAlreadyInDevice')]);
  if (sim.device_id !== null) return new DomainError(ErrorCode.SimInUse, [fieldError('sim_card_id', ErrorCode.SimInUse)]);
  return null;
}

/** SIM swap (§2 swap tab): look a SIM up, put it into the device. */
@Injectable()
export class DeviceSimSwapService {
  constructor(
    private readonly scope: DeviceScopeService,
    private readonly repo: DeviceSimSwapRepository,
  ) {}

  /**
   * A SIM by IMSI. A SIM of an operator outside the user's (a partner's stock of another operator), and a SIM that
   * sits in a device the user may not see (another partner's), are refused like a foreign device (403): its number,
   * ICCID and device id are not theirs to read.
   */
  async simCard(s: SessionUser, imsi: string) {
    const sim = await this.repo.simByImsi(imsi, simOperatorScope(s));
    if (sim === undefined) throw new DomainError(ErrorCode.SimNotFound, [fieldError('imsi', ErrorCode.SimNotFound)]);
    if (sim === null) throw new DomainError(ErrorCode.Forbidden);
    if (sim.device_id !== null) await this.scope.device(s, sim.device_id);
    return sim;
  }

  /** Puts another SIM into the device; the old one goes back to stock (inactive). Audited as swap out + swap in. */
  async swapSim(s: SessionUser, body: SwapSimBody) {
    await this.scope.device(s, body.device_id);
    await this.repo.transaction(async (c) => {
      const dev = await this.repo.deviceSimForUpdate(body.device_id, c);
      const sim = await this.repo.simForUpdate(body.sim_card_id, simOperatorScope(s), c);
      const refusal = swapRefusal(sim, body.device_id);
      if (refusal || !sim) throw refusal;
      await this.repo.swapSim(body.device_id, dev.sim_id, { id: sim.id, imsi: sim.imsi }, body.gsm_number, c);
      const out = { sim_id: dev.sim_id, imsi: dev.imsi, gsm_number: dev.gsm_number };
      await this.scope.deviceAudit(c, s, body.device_id, 'device.swap_out', AuditStatus.SwapOut, out, null);
      await this.scope.deviceAudit(c, s, body.device_id, 'device.swap_in', AuditStatus.SwapIn, null, {
        sim_id: body.sim_card_id,
        imsi: sim.imsi,
        gsm_number: body.gsm_number,
      });
    });
    return this.scope.detailOf(body.device_id);
  }
}
