import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ROUTES, type ModemDevicesCsvQuery, type ModemDevicesQuery } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { streamAttachment } from '../core/exports/index.js';
import { ModemOutcomesService } from './modem-outcomes.service.js';

/** The modem updates' outcome per device (area modem): the list, and its CSV (hash, then download). */
@Controller()
export class ModemOutcomesController {
  constructor(private readonly outcomes: ModemOutcomesService) {}

  @Endpoint(ROUTES.modemDevices)
  async devices(@Input('query') q: ModemDevicesQuery) {
    return { model: await this.outcomes.devices(q) };
  }

  @Endpoint(ROUTES.modemDevicesCsvGenerate)
  async generate(@Session() s: SessionUser, @Input('query') q: ModemDevicesCsvQuery) {
    return { model: await this.outcomes.generate(s, q) };
  }

  @Endpoint(ROUTES.csvModemDevices)
  async download(@Session() s: SessionUser, @Input('query') q: { hash: string }, @Res() res: Response) {
    const p = await this.outcomes.resolve(s, q.hash);
    await streamAttachment(res, p.name, 'text/csv; charset=utf-8', (out) => this.outcomes.stream(p, out));
  }
}
