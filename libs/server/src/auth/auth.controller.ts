import { Controller } from '@nestjs/common';
import {
  ROUTES,
  type LoginRequest,
  type PasswordChangeRequest,
  type ResetPasswordRequest,
  type TokenRequest,
} from '@tracker/contract';
import { ClientInfo, Endpoint, Input, OptionalSession, Session, type ClientInfoValue } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { AuthService } from './auth.service.js';

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Endpoint(ROUTES.login)
  async login(@Input('body') body: LoginRequest, @ClientInfo() client: ClientInfoValue) {
    return { model: await this.auth.login(body, client) };
  }

  @Endpoint(ROUTES.token)
  async token(@Input('body') body: TokenRequest, @ClientInfo() client: ClientInfoValue) {
    return { model: await this.auth.token(body, client) };
  }

  @Endpoint(ROUTES.role)
  role(@Session() s: SessionUser) {
    return { model: this.auth.role(s) };
  }

  @Endpoint(ROUTES.logout)
  async logout(@Session() s: SessionUser) {
    return { model: await this.auth.logout(s) };
  }

  @Endpoint(ROUTES.passwordChange)
  async changePassword(
    @Input('body') body: PasswordChangeRequest,
    @ClientInfo() client: ClientInfoValue,
    @OptionalSession() session: SessionUser | undefined,
  ) {
    return { model: await this.auth.changePassword(body, client, session) };
  }

  @Endpoint(ROUTES.resetLinkCheck)
  async checkResetLink(@Input('params') params: { uuid: string }) {
    return { model: await this.auth.checkResetLink(params.uuid) };
  }

  @Endpoint(ROUTES.resetPassword)
  async resetPassword(@Input('params') params: { uuid: string }, @Input('body') body: ResetPasswordRequest) {
    return { model: await this.auth.resetPassword(params.uuid, body) };
  }
}
