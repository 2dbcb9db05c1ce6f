import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ROUTES, type ActiveDevicesBody, type ActiveDevicesQuery, type DailyReportQuery } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { streamAttachment } from '../core/exports/index.js';
import { DailyReportService } from './daily-report.service.js';
import { ReportsService } from './reports.service.js';

/** §7 Reports and exports: the daily report, the active devices report. */
@Controller()
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly dailyReport: DailyReportService,
  ) {}

  @Endpoint(ROUTES.dailyReport)
  async daily(@Session() s: SessionUser, @Input('query') q: DailyReportQuery) {
    return { model: await this.dailyReport.daily(s, q) };
  }

  @Endpoint(ROUTES.activeDevicesStart)
  async start(@Session() s: SessionUser, @Input('body') b: ActiveDevicesBody) {
    return { model: await this.reports.start(s, b) };
  }

  @Endpoint(ROUTES.activeDevices)
  async get(@Session() s: SessionUser, @Input('query') q: ActiveDevicesQuery) {
    return { model: await this.reports.get(s, q) };
  }

  @Endpoint(ROUTES.activeDevicesCsvGenerate)
  async generate(@Session() s: SessionUser, @Input('query') q: { id: number }) {
    return { model: await this.reports.generateCsv(s, q.id) };
  }

  @Endpoint(ROUTES.csvActiveDevices)
  async download(@Session() s: SessionUser, @Input('query') q: { hash: string }, @Res() res: Response) {
    const p = await this.reports.resolve(s, q.hash);
    await streamAttachment(res, p.name, 'text/csv; charset=utf-8', (out) => this.reports.stream(p.id, out));
  }
}
