import { Controller, Req, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { ROUTES, type FirmwareInsertBody, type FirmwareSearchQuery } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { FirmwareService } from './firmware.service.js';
import { FirmwareFileInterceptor, type StagedFirmware } from './firmware-upload.interceptor.js';

/** §7 Firmware: FTP servers, binaries (upload, list), rollout requests (insert, list, stop), the activity search. */
@Controller()
export class FirmwareController {
  constructor(private readonly firmware: FirmwareService) {}

  @Endpoint(ROUTES.firmwareFtp)
  ftp() {
    return this.firmware.ftpServers();
  }

  @Endpoint(ROUTES.firmwareUpload)
  @UseInterceptors(FirmwareFileInterceptor)
  upload(@Session() s: SessionUser, @Req() req: Request & { file?: StagedFirmware }) {
    return this.firmware.upload(s, req.file, req.body);
  }

  @Endpoint(ROUTES.firmwareUploads)
  uploads() {
    return this.firmware.binaries();
  }

  @Endpoint(ROUTES.firmwareInsert)
  insert(@Session() s: SessionUser, @Input('body') b: FirmwareInsertBody) {
    return this.firmware.insert(s, b);
  }

  @Endpoint(ROUTES.firmwareRequests)
  requests(@Input('query') q: { page: number; count: number }) {
    return this.firmware.requests(q.page, q.count);
  }

  @Endpoint(ROUTES.firmwareStop)
  stop(@Input('query') q: { id: number }) {
    return this.firmware.stop(q.id);
  }

  @Endpoint(ROUTES.firmwareSearch)
  search(@Input('query') q: FirmwareSearchQuery) {
    return this.firmware.search(q.query, q.request_id, q.page, q.count);
  }
}
