import { Controller } from '@nestjs/common';
import {
  ROUTES,
  type BackofficeUserAddBody,
  type BackofficeUserEditBody,
  type BackofficeUserQuery,
  type OperatorSaveBody,
  type SmsGatewaySaveBody,
  type VoipCentralSaveBody,
} from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { BackofficeUsersService } from './backoffice-users.service.js';
import { ConfigurationService } from './configuration.service.js';

/** §7 "Backoffice users" and "Configuration saves". The lists are ListsController's. */
@Controller()
export class AdministrationController {
  constructor(
    private readonly users: BackofficeUsersService,
    private readonly configuration: ConfigurationService,
  ) {}

  @Endpoint(ROUTES.backofficeUserAdd)
  async addUser(@Session() s: SessionUser, @Input('body') body: BackofficeUserAddBody) {
    return { model: await this.users.add(s, body) };
  }

  @Endpoint(ROUTES.backofficeUserEdit)
  async editUser(@Session() s: SessionUser, @Input('query') q: BackofficeUserQuery, @Input('body') body: BackofficeUserEditBody) {
    return { model: await this.users.edit(s, q.user_id, body) };
  }

  @Endpoint(ROUTES.backofficeUserDelete)
  async deleteUser(@Session() s: SessionUser, @Input('query') q: BackofficeUserQuery) {
    return { model: await this.users.delete(s, q.user_id) };
  }

  @Endpoint(ROUTES.operatorSave)
  async saveOperator(@Input('body') body: OperatorSaveBody) {
    return { model: await this.configuration.saveOperator(body) };
  }

  @Endpoint(ROUTES.voipCentralSave)
  async saveVoipCentral(@Input('body') body: VoipCentralSaveBody) {
    return { model: await this.configuration.saveVoipCentral(body) };
  }

  @Endpoint(ROUTES.smsGatewaySave)
  async saveGateway(@Input('body') body: SmsGatewaySaveBody) {
    return { model: await this.configuration.saveGateway(body) };
  }
}
