import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ROUTES, type SmsCsvGenerateQuery, type SmsExportKind, type SmsSearchQuery, type SmsStatisticsQuery } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import { streamAttachment } from '../core/exports/index.js';
import type { SessionUser } from '../access/session-user.js';
import { TrafficService } from './traffic.service.js';

type HashQuery = { hash: string };

/** §2 /admin/traffic: the search, the counters and the two exports (hash, then download). */
@Controller()
export class TrafficController {
  constructor(private readonly traffic: TrafficService) {}

  @Endpoint(ROUTES.smsSearch)
  async search(@Input('query') q: SmsSearchQuery) {
    return { model: await this.traffic.search(q) };
  }

  @Endpoint(ROUTES.smsStatistics)
  async statistics(@Input('query') q: SmsStatisticsQuery) {
    return { model: await this.traffic.statistics(q) };
  }

  @Endpoint(ROUTES.smsCsvGenerate)
  async generate(@Session() s: SessionUser, @Input('query') q: SmsCsvGenerateQuery) {
    return { model: await this.traffic.generate(s, q) };
  }

  private async download(kind: SmsExportKind, s: SessionUser, q: HashQuery, res: Response) {
    const p = await this.traffic.resolve(s, q.hash);
    await streamAttachment(res, this.traffic.fileName(kind, p), 'text/csv; charset=utf-8', (out) => this.traffic.stream(kind, p, out));
  }

  @Endpoint(ROUTES.csvSmsGlobal)
  global(@Session() s: SessionUser, @Input('query') q: HashQuery, @Res() res: Response) {
    return this.download('sms_global', s, q, res);
  }

  @Endpoint(ROUTES.csvSmsError)
  errors(@Session() s: SessionUser, @Input('query') q: HashQuery, @Res() res: Response) {
    return this.download('sms_error', s, q, res);
  }
}
