import { Controller } from '@nestjs/common';
import { ROUTES, type StatsListQuery } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { StatsService } from './stats.service.js';

/** §7 GET /stats/list. */
@Controller()
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Endpoint(ROUTES.statsList)
  async list(@Session() s: SessionUser, @Input('query') q: StatsListQuery) {
    return { model: await this.stats.list(s, q) };
  }
}
