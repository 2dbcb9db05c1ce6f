import { Controller } from '@nestjs/common';
import { ROUTES, type DeviceSearchQuery } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { SearchService } from './search.service.js';

@Controller()
export class SearchController {
  constructor(private readonly devices: SearchService) {}

  @Endpoint(ROUTES.deviceSearch)
  async search(@Session() s: SessionUser, @Input('query') q: DeviceSearchQuery) {
    return { model: await this.devices.search(s, q) };
  }
}
