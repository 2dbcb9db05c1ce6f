import { Controller } from '@nestjs/common';
import { ROUTES, type ExternalIdRequest, type OwnerQuery, type OwnerRemoveQuery, type OwnerUpdateRequest } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { OwnerProfileService } from './owner-profile.service.js';

@Controller()
export class OwnerProfileController {
  constructor(private readonly profile: OwnerProfileService) {}

  @Endpoint(ROUTES.userDetails)
  async details(@Session() s: SessionUser, @Input('query') q: OwnerQuery) {
    return { model: await this.profile.details(s, q.user_id) };
  }

  @Endpoint(ROUTES.userUpdate)
  async update(@Session() s: SessionUser, @Input('query') q: OwnerQuery, @Input('body') body: OwnerUpdateRequest) {
    return { model: await this.profile.update(s, q.user_id, body) };
  }

  @Endpoint(ROUTES.userUpdateExternalId)
  async externalId(@Session() s: SessionUser, @Input('query') q: OwnerQuery, @Input('body') body: ExternalIdRequest) {
    return { model: await this.profile.externalId(s, q.user_id, body.external_id) };
  }

  @Endpoint(ROUTES.userRemove)
  async remove(@Session() s: SessionUser, @Input('query') q: OwnerRemoveQuery) {
    return { model: await this.profile.remove(s, q.user_id, q.devices === 'true') };
  }
}
