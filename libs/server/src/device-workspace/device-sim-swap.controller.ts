import { Controller } from '@nestjs/common';
import { ROUTES, type SwapSimBody } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { DeviceSimSwapService } from './device-sim-swap.service.js';

/** SIM swap (§2 swap tab; §7 Device sim_card, swap_sim). */
@Controller()
export class DeviceSimSwapController {
  constructor(private readonly ws: DeviceSimSwapService) {}

  @Endpoint(ROUTES.simCard)
  async simCard(@Session() s: SessionUser, @Input('query') q: { imsi: string }) {
    return { model: await this.ws.simCard(s, q.imsi) };
  }

  @Endpoint(ROUTES.swapSim)
  async swapSim(@Session() s: SessionUser, @Input('body') b: SwapSimBody) {
    return { model: await this.ws.swapSim(s, b) };
  }
}
