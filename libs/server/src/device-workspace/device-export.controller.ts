import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ROUTES, type DeviceDayQuery, type DeviceExportKind } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import { streamAttachment } from '../core/exports/index.js';
import type { SessionUser } from '../access/session-user.js';
import { DeviceExportService } from './device-export.service.js';

type HashQuery = { hash: string };

@Controller()
export class DeviceExportController {
  constructor(private readonly exports: DeviceExportService) {}

  @Endpoint(ROUTES.csvGenerate)
  async generate(@Session() s: SessionUser, @Input('query') q: DeviceDayQuery) {
    return { model: await this.exports.generate(s, q) };
  }

  private async download(kind: DeviceExportKind, s: SessionUser, q: HashQuery, res: Response) {
    const p = await this.exports.resolve(s, q.hash);
    await streamAttachment(res, this.exports.fileName(kind, p), 'text/csv; charset=utf-8', (out) => this.exports.stream(kind, p, out));
  }

  @Endpoint(ROUTES.csvCommunications)
  communications(@Session() s: SessionUser, @Input('query') q: HashQuery, @Res() res: Response) {
    return this.download('communications', s, q, res);
  }

  @Endpoint(ROUTES.csvLocations)
  locations(@Session() s: SessionUser, @Input('query') q: HashQuery, @Res() res: Response) {
    return this.download('locations', s, q, res);
  }

  @Endpoint(ROUTES.csvDeviceTrace)
  trace(@Session() s: SessionUser, @Input('query') q: HashQuery, @Res() res: Response) {
    return this.download('device_trace', s, q, res);
  }

  @Endpoint(ROUTES.csvSmsPerDevice)
  sms(@Session() s: SessionUser, @Input('query') q: HashQuery, @Res() res: Response) {
    return this.download('sms_per_device', s, q, res);
  }

  @Endpoint(ROUTES.csvDeviceNotification)
  notifications(@Session() s: SessionUser, @Input('query') q: HashQuery, @Res() res: Response) {
    return this.download('device_notification', s, q, res);
  }

  @Endpoint(ROUTES.csvSafezone)
  safezone(@Session() s: SessionUser, @Input('query') q: HashQuery, @Res() res: Response) {
    return this.download('safezone', s, q, res);
  }
}
