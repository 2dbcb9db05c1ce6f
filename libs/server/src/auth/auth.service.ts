import { Injectable } from '@nestjs/common';
import bcrypt from 'bcrypt';
import { generateSecret, generateURI, verify } from 'otplib';
import {
  checkNewPassword,
  ErrorCode,
  fieldError,
  isLanguage,
  isRoleId,
  type LoginRequest,
  type LoginResponse,
  type PasswordChangeRequest,
  type ResetLinkResponse,
  type ResetPasswordRequest,
  type TokenRequest,
  type TokenResponse,
} from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import { AppConfig } from '../core/config.js';
import type { PrismaDb } from '../core/db.js';
import { DomainError } from '../core/errors.js';
import type { ClientInfoValue } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { BackofficeUsersRepository } from '../admin/backoffice-users.repository.js';
import { AuthRepository, type BackofficeUserRow } from './auth.repository.js';
import { SessionService } from './session.service.js';
import { throttleAccount, ThrottleService } from './throttle.service.js';
import { MetricsService } from '../core/metrics/metrics.service.js';
import { OwnerStore } from '../owner-workspace/owner.store.js';

export const BCRYPT_COST = 10;
/** Compared against when the user does not exist, so timing does not tell whether it does. */
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', BCRYPT_COST);
/** Accept the previous and next 30 s step for clock drift. */
const TOTP_TOLERANCE_SECONDS = 30;

@Injectable()
export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly users: BackofficeUsersRepository,
    private readonly sessions: SessionService,
    private readonly throttle: ThrottleService,
    private readonly metrics: MetricsService,
    private readonly config: AppConfig,
    private readonly audit: AuditService,
    private readonly owners: OwnerStore,
  ) {}

  /**
   * Checks username and password under the throttle: the attempt is counted before the password is checked (so
   * parallel attempts cannot pass a limit) and stays counted when it fails. Unknown user, wrong password and
   * disabled user all answer the same InvalidCredentials. The caller decides what a right password is worth:
   * `throttle.refund` (a step of the sign-in) or `throttle.succeeded` (signed in).
   */
  private async verifyPassword(username: string, password: string, client: ClientInfoValue): Promise<BackofficeUserRow> {
    // the user first (by name without case): the throttle counts per user, not per spelling typed
    const user = await this.repo.userByName(username);
    await this.throttle.attempt(throttleAccount(user, username), client.ip);
    const ok = await bcrypt.compare(password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !ok || !user.enabled) throw new DomainError(ErrorCode.InvalidCredentials);
    return user;
  }

  /** Counts a refused sign-in step (tracker_signin_failures_total) and rethrows. */
  private refused(step: 'login' | 'token') {
    return (e: unknown): never => {
      const code = e instanceof DomainError ? e.code : null;
      const reason =
        code === ErrorCode.Throttled ? 'throttled' : code === ErrorCode.InvalidCredentials ? 'credentials' : code === ErrorCode.InvalidCode ? 'code' : null;
      if (reason) this.metrics.signIn.inc({ step, reason });
      throw e;
    };
  }

  login(input: LoginRequest, client: ClientInfoValue): Promise<LoginResponse['model']> {
    return this.loginStep(input, client).catch(this.refused('login'));
  }

  token(input: TokenRequest, client: ClientInfoValue): Promise<TokenResponse['model']> {
    return this.tokenStep(input, client).catch(this.refused('token'));
  }

  private async loginStep(input: LoginRequest, client: ClientInfoValue): Promise<LoginResponse['model']> {
    const user = await this.verifyPassword(input.username, input.password, client);
    // the password step alone is not a sign-in: take its count back, but the pair stays as it is
    await this.throttle.refund(throttleAccount(user, input.username), client.ip);
    if (user.password_change_required) return { passwordChangeRequired: true };
    if (user.totp_secret) return { passwordChangeRequired: false };
    // first sign-in: offer a secret; it becomes the user's once the first code from it is accepted
    const secret = user.totp_pending_secret ?? generateSecret();
    if (!user.totp_pending_secret) {
      await this.repo.transaction(async (tx) => {
        await this.users.offerSecret(tx, user.id, secret);
        await this.audit.recordCall(tx, { entity: 'backoffice_user', entityId: user.id, result: { enrollment: 'offered' } });
      });
    }
    const otpauthUri = generateURI({ issuer: this.config.get('TOTP_ISSUER'), label: user.username, secret });
    return { passwordChangeRequired: false, enrollment: { otpauthUri, secret } };
  }

  private async tokenStep(input: TokenRequest, client: ClientInfoValue): Promise<TokenResponse['model']> {
    // counted once for password and code together: a wrong code keeps the attempt counted
    const user = await this.verifyPassword(input.username, input.password, client);
    if (user.password_change_required) {
      await this.throttle.refund(throttleAccount(user, input.username), client.ip);
      throw new DomainError(ErrorCode.PasswordChangeRequired);
    }
    const secret = user.totp_secret ?? user.totp_pending_secret;
    if (!secret) throw new DomainError(ErrorCode.InvalidCode);
    // otplib throws on a malformed stored secret; that is a failed code, not a server error
    const result = await verify({
      secret,
      token: input.code,
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(user.totp_last_step != null ? { afterTimeStep: Number(user.totp_last_step) } : {}),
    }).catch(() => ({ valid: false as const }));
    if (!result.valid || !('timeStep' in result)) throw new DomainError(ErrorCode.InvalidCode);
    // a code is good once: the step only moves forward, atomically, so a concurrent replay loses
    const step = BigInt(result.timeStep);
    if (!isRoleId(user.role_id)) throw new DomainError(ErrorCode.InvalidCredentials);
    // the code's step, the session and the sign-in's record commit together
    const { token, expDate } = await this.repo.transaction(async (tx) => {
      if (!(await this.users.claimCodeStep(tx, user.id, step, secret))) throw new DomainError(ErrorCode.InvalidCode);
      const session = await this.sessions.create(user.id, client, tx);
      await this.audit.recordCall(tx, { entity: 'backoffice_user', entityId: user.id, result: { expDate: session.expDate } });
      return session;
    });
    await this.throttle.succeeded(throttleAccount(user, input.username), client.ip);
    return {
      token,
      expDate: expDate.toISOString(),
      isAuth: true,
      username: user.username,
      role: user.role_id,
      operators: user.operators,
      white_labels: user.white_labels,
      types: user.types,
      preferedLanguage: isLanguage(user.prefered_language) ? user.prefered_language : 'en',
    };
  }

  role(s: SessionUser) {
    return {
      username: s.username,
      role: s.role,
      operators: s.operators,
      white_labels: s.whiteLabels,
      types: s.types,
      preferedLanguage: s.language,
    };
  }

  async logout(s: SessionUser) {
    await this.repo.transaction(async (tx) => {
      await this.sessions.revoke(s.sessionId, tx);
      await this.audit.recordCall(tx, { entity: 'backoffice_user', entityId: s.userId });
    });
    return { ok: true as const };
  }

  private assertNewPassword(password: string, repeat: string | undefined) {
    const problem = checkNewPassword(password, repeat ?? password);
    if (problem) throw new DomainError(problem, [fieldError('password', problem)]);
  }

  /** Sets the password and ends every session of the user, in the transaction `tx` that records the change. */
  private async setPassword(tx: PrismaDb, userId: number, passwordHash: string) {
    await this.users.setPasswordHash(tx, userId, passwordHash);
    await this.sessions.revokeAllOf(userId, tx);
    await this.audit.recordCall(tx, { entity: 'backoffice_user', entityId: userId });
  }

  /**
   * POST /password {password, current, username}: the current password authorizes the change, and
   * - with a session: only for the session's own user;
   * - without one: only for an account that must change its password (the §2 sign-in dialog), so a stolen password
   *   alone cannot change the password (and end the owner's sessions).
   */
  async changePassword(input: PasswordChangeRequest, client: ClientInfoValue, session: SessionUser | undefined) {
    if (session && session.username.toLowerCase() !== input.username.trim().toLowerCase()) {
      throw new DomainError(ErrorCode.PasswordChangeOwnOnly, [fieldError('username', ErrorCode.PasswordChangeOwnOnly)]);
    }
    this.assertNewPassword(input.password, input.repeat);
    const user = await this.verifyPassword(input.username, input.current, client).catch((e: unknown) => {
      if (e instanceof DomainError && e.code === ErrorCode.InvalidCredentials) {
        throw new DomainError(ErrorCode.CurrentPasswordWrong, [fieldError('current', ErrorCode.CurrentPasswordWrong)]);
      }
      throw e;
    });
    await this.throttle.refund(throttleAccount(user, input.username), client.ip);
    if (!session && !user.password_change_required) throw new DomainError(ErrorCode.PasswordChangeNeedsSession);
    const hash = await bcrypt.hash(input.password, BCRYPT_COST);
    await this.repo.transaction((tx) => this.setPassword(tx, user.id, hash));
    return { ok: true as const };
  }

  private async usableReset(uuid: string) {
    const reset = await this.repo.resetLink(uuid);
    // a link is a back-office user's or (sent from the owner profile, docs/owner-workspace.md) an owner's
    const account = reset?.user ?? reset?.owner;
    if (!reset || !account || reset.used_at || reset.expires_at.getTime() <= Date.now() || !account.enabled) {
      throw new DomainError(ErrorCode.ResetLinkInvalid);
    }
    return reset;
  }

  async checkResetLink(uuid: string): Promise<ResetLinkResponse['model']> {
    const reset = await this.usableReset(uuid);
    return { valid: true, username: reset.user?.username ?? reset.owner!.email };
  }

  async resetPassword(pathUuid: string, input: ResetPasswordRequest) {
    if (pathUuid !== input.uuid) throw new DomainError(ErrorCode.ResetLinkInvalid);
    this.assertNewPassword(input.password, input.repeat);
    const reset = await this.usableReset(pathUuid);
    const hash = await bcrypt.hash(input.password, BCRYPT_COST);
    await this.repo.transaction(async (tx) => {
      // mark used first: a link works once even under concurrent submits (the second waits for the row, then finds it used)
      if (!(await this.repo.useResetLink(tx, reset.uuid))) throw new DomainError(ErrorCode.ResetLinkInvalid);
      if (reset.user_id !== null) await this.setPassword(tx, reset.user_id, hash);
      else {
        await this.owners.setPasswordHash(reset.owner_id!, hash, tx);
        await this.audit.recordCall(tx, { entity: 'owner', entityId: reset.owner_id });
      }
    });
    return { ok: true as const };
  }
}
