import { Controller } from '@nestjs/common';
import { ROUTES, type UserAddRequest } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { OwnerAddService } from './owner-add.service.js';

@Controller()
export class OwnerAddController {
  constructor(private readonly owners: OwnerAddService) {}

  @Endpoint(ROUTES.userAdd)
  async add(@Session() s: SessionUser, @Input('body') body: UserAddRequest) {
    return { model: await this.owners.add(s, body) };
  }
}
