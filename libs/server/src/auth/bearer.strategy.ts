import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import type { SessionUser } from '../access/session-user.js';
import { SessionService } from './session.service.js';

/** Passport strategy for `Authorization: Bearer <token>`, backed by the session table. */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly sessions: SessionService) {
    super();
  }
  validate(token: string): Promise<SessionUser> {
    return this.sessions.authenticate(token);
  }
}
