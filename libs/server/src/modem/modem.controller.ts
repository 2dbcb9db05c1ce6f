import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ROUTES, type ModemImeisBody, type ModemListQuery, type ModemReport } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { streamAttachment } from '../core/exports/index.js';
import { ModemService } from './modem.service.js';

/** §7 Modem (area `modem`, role 1): docs/firmware-modem.md "Modem update". */
@Controller()
export class ModemController {
  constructor(private readonly modem: ModemService) {}

  @Endpoint(ROUTES.modemInit)
  async init(@Session() s: SessionUser, @Input('body') b: ModemImeisBody) {
    return { model: await this.modem.init(s, b) };
  }

  @Endpoint(ROUTES.modemCheckStatus)
  async status(@Input('body') b: ModemImeisBody) {
    return { model: await this.modem.status(b) };
  }

  @Endpoint(ROUTES.modemStop)
  async stop(@Session() s: SessionUser, @Input('body') b: ModemImeisBody) {
    return { model: await this.modem.stop(s, b) };
  }

  @Endpoint(ROUTES.modemAllStatuses)
  async all() {
    return { model: await this.modem.allStatuses() };
  }

  @Endpoint(ROUTES.modemList)
  async list(@Input('query') q: ModemListQuery) {
    return { model: await this.modem.list(q) };
  }

  @Endpoint(ROUTES.modemWaiting)
  async waiting(@Input('query') q: { page: number }) {
    return { model: await this.modem.waiting(q.page) };
  }

  @Endpoint(ROUTES.modemUpdate)
  async update(@Session() s: SessionUser, @Input('query') q: { device_id: number }) {
    return { model: await this.modem.update(s, q.device_id) };
  }

  @Endpoint(ROUTES.modemProgress)
  async progress(@Input('query') q: { modem_id: number }) {
    return { model: await this.modem.progress(q.modem_id) };
  }

  @Endpoint(ROUTES.modemReset)
  async reset(@Session() s: SessionUser, @Input('query') q: { modem_id: number }) {
    return { model: await this.modem.reset(s, q.modem_id) };
  }

  @Endpoint(ROUTES.modemCsvGenerate)
  async generate(@Session() s: SessionUser, @Input('query') q: { report: ModemReport }) {
    return { model: await this.modem.generateCsv(s, q.report) };
  }

  @Endpoint(ROUTES.csvModem)
  async download(@Session() s: SessionUser, @Input('query') q: { hash: string }, @Res() res: Response) {
    const p = await this.modem.resolve(s, q.hash);
    await streamAttachment(res, p.name, 'text/csv; charset=utf-8', (out) => this.modem.stream(p.report, out));
  }
}
