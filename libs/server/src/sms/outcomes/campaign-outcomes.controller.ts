import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ROUTES, type CampaignCsvQuery, type CampaignDevicesQuery } from '@tracker/contract';
import { Endpoint, Input, Session } from '../../access/endpoint.decorator.js';
import type { SessionUser } from '../../access/session-user.js';
import { streamAttachment } from '../../core/exports/index.js';
import { CampaignOutcomesService } from './campaign-outcomes.service.js';

/** A campaign's devices and their outcomes (area sms): the list, and its CSV (hash, then download). */
@Controller()
export class CampaignOutcomesController {
  constructor(private readonly outcomes: CampaignOutcomesService) {}

  @Endpoint(ROUTES.smsCampaignDevices)
  async devices(@Session() s: SessionUser, @Input('query') q: CampaignDevicesQuery) {
    return { model: await this.outcomes.devices(s, q) };
  }

  @Endpoint(ROUTES.smsCampaignCsvGenerate)
  async generate(@Session() s: SessionUser, @Input('query') q: CampaignCsvQuery) {
    return { model: await this.outcomes.generate(s, q) };
  }

  @Endpoint(ROUTES.csvSmsCampaign)
  async download(@Session() s: SessionUser, @Input('query') q: { hash: string }, @Res() res: Response) {
    const p = await this.outcomes.resolve(s, q.hash);
    await streamAttachment(res, p.name, 'text/csv; charset=utf-8', (out) => this.outcomes.stream(p, out));
  }
}
