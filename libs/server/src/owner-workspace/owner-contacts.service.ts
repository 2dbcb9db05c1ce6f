import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  fieldError,
  OPERATOR_DEFAULTS,
  type ContactInput,
  type ContactItem,
  type ContactList,
  type ContactPushResult,
  type ContactSaveBody,
  type ContactSaveV2Body,
} from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import type { Queryable } from '../core/db.js';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { OwnerScopeService } from './owner-scope.service.js';
import { CommandLedger, refusalOut } from '../commands/command-ledger.service.js';
import { OwnerContactsRepository } from './owner-contacts.repository.js';
import { CONTACT_SYNC } from '../commands/grammar.js';
import { OwnerDevicesRepository, type OwnerDeviceRow } from './owner-devices.repository.js';

const invalid = (field: string, code: Parameters<typeof fieldError>[1]) => new DomainError(ErrorCode.ValidationFailed, [fieldError(field, code)]);

/**
 * Checks the devices a contact or safe zone is put on (§5): each must be the owner's (400), of a type the user sees
 * (403), and enabled unless it is on it already ('Device is disabled'). `field` names the list in errors.
 */
export function checkDevices(rows: OwnerDeviceRow[], wanted: number[], ownerId: number, types: number[] | null, current: number[], field: string): void {
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of wanted) {
    const d = byId.get(id);
    if (!d || d.owner_id !== ownerId) throw invalid(field, 'contactDeviceNotOwners');
    if (types !== null && !types.includes(d.device_type_id)) throw new DomainError(ErrorCode.Forbidden);
    if (!d.enabled && !current.includes(id)) throw invalid(field, 'deviceDisabled');
  }
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Contacts of an owner (§2 Owner /contacts, §5 Contact, §7 Contacts). docs/owner-workspace.md "Contacts". */
@Injectable()
export class OwnerContactsService {
  constructor(
    private readonly scope: OwnerScopeService,
    private readonly devices: OwnerDevicesRepository,
    private readonly repo: OwnerContactsRepository,
    private readonly audit: AuditService,
    private readonly ledger: CommandLedger,
  ) {}

  async list(s: SessionUser, ownerId: number): Promise<ContactList> {
    const { types } = await this.scope.owner(s, ownerId);
    const [contacts, devices, limit] = await Promise.all([
      this.repo.list(ownerId, types),
      this.devices.devices(ownerId, types),
      this.devices.limit(ownerId, 'contacts_limit'),
    ]);
    return { contacts, devices, limit: limit ?? OPERATOR_DEFAULTS.contacts_limit };
  }

  /** POST /contact/save_v2: one contact (the console's editor). */
  async saveOne(s: SessionUser, { user_id, ...c }: ContactSaveV2Body): Promise<ContactItem> {
    const { types } = await this.scope.owner(s, user_id);
    return this.devices.transaction(async (q) => {
      const id = await this.saveIn(q, user_id, types, c, '');
      const saved = (await this.repo.list(user_id, types, q, id))[0]!;
      await this.audit.recordCall(q, { entity: 'contact', entityId: id, result: saved });
      return saved;
    });
  }

  /** POST /contact/save?user_id: several contacts, all or none; errors name `contacts.<i>.<field>`. */
  async saveMany(s: SessionUser, ownerId: number, { contacts }: ContactSaveBody): Promise<ContactItem[]> {
    const { types } = await this.scope.owner(s, ownerId);
    return this.devices.transaction(async (q) => {
      const ids: number[] = [];
      for (const [i, c] of contacts.entries()) ids.push(await this.saveIn(q, ownerId, types, c, `contacts.${i}.`));
      const saved = (await this.repo.list(ownerId, types, q)).filter((c) => ids.includes(c.id));
      await this.audit.recordCall(q, { entity: 'owner', entityId: ownerId, result: saved });
      return saved;
    });
  }

  /**
   * The §5 rules a single contact input cannot state on its own, then the write: the devices (the owner's, in scope,
   * enabled), a primary contact's devices unchanged and its flag kept (a new contact is never primary), emergency
   * cleared for a guest, and the limit for a new contact.
   */
  private async saveIn(q: Queryable, ownerId: number, types: number[] | null, c: ContactInput, prefix: string): Promise<number> {
    const current = c.id ? await this.repo.forUpdate(c.id, ownerId, types, q) : null;
    if (c.id && !current) throw new DomainError(ErrorCode.NotFound, [fieldError(`${prefix}id`, ErrorCode.NotFound)]);
    const devices = [...new Set(c.devices)];
    checkDevices(await this.devices.byIds(devices, q), devices, ownerId, types, current?.devices ?? [], `${prefix}devices`);
    if (current?.primary && !sameSet(current.devices, devices)) throw invalid(`${prefix}devices`, 'contactPrimaryDevices');
    const values = { ...c, primary: current?.primary ?? false, emergency: c.emergency && !c.is_guest };
    let id = current?.id;
    if (id === undefined) {
      await this.devices.lockOwner(ownerId, q);
      const limit = (await this.devices.limit(ownerId, 'contacts_limit', q)) ?? OPERATOR_DEFAULTS.contacts_limit;
      if ((await this.repo.count(ownerId, q)) >= limit) throw invalid(`${prefix}id`, 'contactLimit');
      id = await this.repo.insert(ownerId, values, q);
    } else {
      await this.repo.update(id, values, q);
    }
    await this.devices.setLinks('contact', id, devices, types, q);
    return id;
  }

  async remove(s: SessionUser, ownerId: number, contactId: number): Promise<void> {
    const { types } = await this.scope.owner(s, ownerId);
    await this.devices.transaction(async (q) => {
      const current = await this.repo.forUpdate(contactId, ownerId, types, q);
      if (!current) throw new DomainError(ErrorCode.NotFound, [fieldError('contact_id', ErrorCode.NotFound)]);
      const deleted = await this.devices.unlink('contact', contactId, types, q);
      await this.audit.recordCall(q, { entity: 'contact', entityId: contactId, result: { deleted, devices: current.devices } });
    });
  }

  /**
   * GET /contact/push: one SMS per device of the owner that the user sees, through the command ledger (the user may
   * send it, each device may take it: the others are answered as refused with their reasons), stored in one
   * transaction with the audit row, then queued (docs/sms.md). The status shows as each device's `last_push` in
   * /contact/user.
   */
  async push(s: SessionUser, ownerId: number): Promise<ContactPushResult> {
    this.ledger.authorise(s, CONTACT_SYNC.commandKey, 'user_id');
    const { types } = await this.scope.owner(s, ownerId);
    const gate = await this.ledger.gate((await this.devices.devices(ownerId, types)).map((d) => d.id));
    if (gate.ok.length) await this.ledger.takeQuota(s);
    const messages = await this.devices.transaction(async (q) => {
      const out: ContactPushResult['messages'] = [];
      for (const d of gate.ok) {
        const m = await this.ledger.storeOne({ deviceId: d.id, ...CONTACT_SYNC, gsmNumber: d.gsm_number, createdBy: s.userId }, q);
        out.push({ device_id: d.id, sms_id: m.id, status: m.status });
      }
      await this.audit.recordCall(q, { entity: 'owner', entityId: ownerId, result: { messages: out, refused: gate.refused.length } });
      return out;
    });
    await this.ledger.dispatch(messages.map((m) => m.sms_id));
    return { messages, refused: gate.refused.map(refusalOut) };
  }
}
