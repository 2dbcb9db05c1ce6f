import { Injectable } from '@nestjs/common';
import bcrypt from 'bcrypt';
import {
  ALL_TYPES,
  checkNewPassword,
  ErrorCode,
  fieldError,
  Role,
  type BackofficeUserAddBody,
  type BackofficeUserEditBody,
  type FieldError,
  type RoleId,
} from '@tracker/contract';
import type { SessionUser } from '../access/session-user.js';
import { BCRYPT_COST } from '../auth/auth.service.js';
import { SessionService } from '../auth/session.service.js';
import { AuditService } from '../core/audit.service.js';
import type { PrismaDb } from '../core/db.js';
import { DomainError, isUniqueViolation } from '../core/errors.js';
import { BackofficeUsersRepository, type UserRow, type UserWrite } from './backoffice-users.repository.js';
import { inUserScope, userScope } from './user-scope.js';

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x) => b.includes(x));
const outOfScope = (field: string) => new DomainError(ErrorCode.UserOutOfScope, [fieldError(field, ErrorCode.UserOutOfScope)]);

/** The user as the api answers it (and the audit trail keeps it). */
export const userItem = ({ role_id, created, ...u }: UserRow) => ({ ...u, role: role_id as RoleId, created: created.toISOString() });

/**
 * §2 /admin/users/list: add, edit, delete backoffice users with the §5/§6 rules (docs/administration.md "Users"):
 * the manager scope (refused with the §5 message whatever the console shows), the password rules, sessions ended when
 * a user is disabled, deleted, given another role or a new password, and the last enabled administrator kept.
 */
@Injectable()
export class BackofficeUsersService {
  constructor(
    private readonly repo: BackofficeUsersRepository,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
  ) {}

  async add(s: SessionUser, body: BackofficeUserAddBody) {
    this.checkPassword(body.password, body.repeat);
    const values = await this.values(s, body);
    const hash = await bcrypt.hash(body.password, BCRYPT_COST);
    return this.unique(() =>
      this.repo.transaction(async (tx) => {
        const row = await this.repo.create(tx, values, hash);
        await this.audit.recordChange(tx, { entity: 'backoffice_user', entityId: row.id, before: null, after: userItem(row) });
        return userItem(row);
      }),
    );
  }

  async edit(s: SessionUser, userId: number, body: BackofficeUserEditBody) {
    const newPassword = body.password !== '' || body.repeat !== '';
    if (newPassword) this.checkPassword(body.password, body.repeat);
    const hash = newPassword ? await bcrypt.hash(body.password, BCRYPT_COST) : null;
    return this.unique(() =>
      this.repo.transaction(async (tx) => {
        const before = await this.target(tx, s, userId);
        // a field the edit leaves out keeps its stored value
        const values = await this.values(s, {
          ...body,
          email: body.email ?? before.email ?? '',
          enabled: body.enabled ?? before.enabled,
          operators: body.operators ?? before.operators,
          types: body.types ?? before.types,
          white_labels: body.white_labels ?? before.white_labels,
        });
        if (before.role_id === Role.Administrator && before.enabled && !(values.role_id === Role.Administrator && values.enabled)) {
          await this.keepLastAdmin(tx, userId);
        }
        const after = await this.repo.update(tx, userId, values, hash);
        // a disabled user, another role or a new password: their sessions end now (the next call answers 401); any
        // other change (scope, name, language) holds from their next call, which no cached session may skip
        if (!after.enabled || after.role_id !== before.role_id || hash) await this.sessions.revokeAllOf(userId, tx);
        else await this.sessions.forget({ userId });
        await this.audit.recordChange(tx, { entity: 'backoffice_user', entityId: userId, before: userItem(before), after: userItem(after) });
        return userItem(after);
      }),
    );
  }

  async delete(s: SessionUser, userId: number) {
    await this.repo.transaction(async (tx) => {
      const before = await this.target(tx, s, userId);
      if (before.role_id === Role.Administrator && before.enabled) await this.keepLastAdmin(tx, userId);
      await this.sessions.forget({ userId });
      await this.repo.delete(tx, userId); // sessions go with the user (ON DELETE CASCADE)
      await this.audit.recordChange(tx, { entity: 'backoffice_user', entityId: userId, before: userItem(before), after: null });
    });
    return { ok: true as const };
  }

  /** The user to change, locked; 404 when there is none, the §5 refusal when it is outside the editor's scope. */
  private async target(tx: PrismaDb, s: SessionUser, userId: number): Promise<UserRow> {
    const u = await this.repo.forUpdate(tx, userId);
    if (!u) throw new DomainError(ErrorCode.NotFound, [fieldError('user_id', ErrorCode.NotFound)]);
    if (!inUserScope(userScope(s), u)) throw outOfScope('user_id');
    return u;
  }

  private async keepLastAdmin(tx: PrismaDb, userId: number) {
    if ((await this.repo.otherEnabledAdmins(tx, userId)) === 0) {
      throw new DomainError(ErrorCode.LastAdministrator, [fieldError('user_id', ErrorCode.LastAdministrator)]);
    }
  }

  /** §5: 8 to 20 characters and the repeat matches (header.password_match in the console). */
  private checkPassword(password: string, repeat: string) {
    const problem = checkNewPassword(password, repeat);
    if (problem) throw new DomainError(problem, [fieldError(problem === ErrorCode.PasswordMismatch ? 'repeat' : 'password', problem)]);
  }

  /** The values to store: within the editor's scope (§5 message otherwise) and naming records that exist (400). */
  private async values(s: SessionUser, body: Omit<BackofficeUserAddBody, 'password' | 'repeat'>): Promise<UserWrite> {
    const scope = userScope(s);
    const types = body.types ?? (scope ? [scope.type] : [ALL_TYPES]);
    if (scope) {
      if (!(scope.roles as readonly number[]).includes(body.role)) throw outOfScope('role');
      if (!sameSet(types, [scope.type])) throw outOfScope('types');
      if (!body.operators.every((o) => s.operators.includes(o))) throw outOfScope('operators');
      if (!body.white_labels.every((w) => s.whiteLabels.includes(w))) throw outOfScope('white_labels');
    }
    const errors: FieldError[] = [];
    const missing = async (field: string, table: 'operator' | 'deviceType' | 'whiteLabel', ids: number[], code: 'unknownOperator' | 'unknownDeviceType' | 'unknownWhiteLabel') => {
      const found = await this.repo.existingIds(table, ids);
      if (ids.some((id) => !found.includes(id))) errors.push(fieldError(field, code));
    };
    await missing('operators', 'operator', body.operators, 'unknownOperator');
    await missing('types', 'deviceType', types.filter((t) => t !== ALL_TYPES), 'unknownDeviceType');
    await missing('white_labels', 'whiteLabel', body.white_labels, 'unknownWhiteLabel');
    if (errors.length) throw new DomainError(ErrorCode.ValidationFailed, errors);
    return {
      username: body.username,
      email: body.email ? body.email : null,
      role_id: body.role,
      enabled: body.enabled,
      operators: [...new Set(body.operators)],
      types: [...new Set(types)],
      white_labels: [...new Set(body.white_labels)],
    };
  }

  private async unique<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError(ErrorCode.Duplicate, [fieldError('username', 'duplicate')]);
      throw e;
    }
  }
}
