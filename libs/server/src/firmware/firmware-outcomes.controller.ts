import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ROUTES, type FirmwareDevicesCsvQuery, type FirmwareDevicesQuery } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { streamAttachment } from '../core/exports/index.js';
import { FirmwareOutcomesService } from './firmware-outcomes.service.js';

/** A firmware request's devices and their outcomes (area firmware): the list, and its CSV (hash, then download). */
@Controller()
export class FirmwareOutcomesController {
  constructor(private readonly outcomes: FirmwareOutcomesService) {}

  @Endpoint(ROUTES.firmwareDevices)
  async devices(@Input('query') q: FirmwareDevicesQuery) {
    return { model: await this.outcomes.devices(q) };
  }

  @Endpoint(ROUTES.firmwareDevicesCsvGenerate)
  async generate(@Session() s: SessionUser, @Input('query') q: FirmwareDevicesCsvQuery) {
    return { model: await this.outcomes.generate(s, q) };
  }

  @Endpoint(ROUTES.csvFirmwareDevices)
  async download(@Session() s: SessionUser, @Input('query') q: { hash: string }, @Res() res: Response) {
    const p = await this.outcomes.resolve(s, q.hash);
    await streamAttachment(res, p.name, 'text/csv; charset=utf-8', (out) => this.outcomes.stream(p, out));
  }
}
