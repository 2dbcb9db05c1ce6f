import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy, type VerifyFunction } from 'passport-http-bearer';
import { bearerToken } from '../access/access.guard.js';
import type { SessionUser } from '../access/session-user.js';
import { SessionService } from './session.service.js';

/**
 * passport-http-bearer also takes a token from `?access_token=` and from a body field (RFC 6750 §2.2, §2.3): URLs end
 * up in logs, proxies and browser history. This one hands the strategy a view of the request that holds only the
 * `Authorization: Bearer` header (§2.1), so a token anywhere else is never read.
 */
class HeaderOnlyBearer extends Strategy<VerifyFunction> {
  override authenticate(req: Request, options?: object) {
    const token = bearerToken(req.headers);
    const view = { headers: token ? { authorization: `Bearer ${token}` } : {}, query: {}, body: {} } as unknown as Request;
    return super.authenticate(view, options);
  }
}

/** Passport strategy for `Authorization: Bearer <token>`, backed by the session table. */
@Injectable()
export class BearerStrategy extends PassportStrategy(HeaderOnlyBearer, 'bearer') {
  constructor(private readonly sessions: SessionService) {
    super();
  }
  validate(token: string): Promise<SessionUser> {
    return this.sessions.authenticate(token);
  }
}
