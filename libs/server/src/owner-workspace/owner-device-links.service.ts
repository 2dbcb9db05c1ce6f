import { Injectable } from '@nestjs/common';
import { ErrorCode, fieldError, OPERATOR_DEFAULTS } from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import type { Queryable } from '../core/db.js';
import { DomainError } from '../core/errors.js';
import { OwnerStore } from './owner.store.js';
import { OwnerDevicesRepository, type DeviceLink } from './owner-devices.repository.js';

type Code = Parameters<typeof fieldError>[1];
export const invalid = (field: string, code: Code) => new DomainError(ErrorCode.ValidationFailed, [fieldError(field, code)]);

/** The operators' limit of each kind of linked item. */
const LIMITS = { contact: 'contacts_limit', safeZone: 'zones_limit' } as const;

/** What an owner's list of device-linked items (contacts, safe zones) keeps in its own repository. */
export interface LinkedItemRepository<V, T extends { devices: number[] }> {
  count(ownerId: number, q: Queryable): Promise<number>;
  insert(ownerId: number, values: V, q: Queryable): Promise<number>;
  update(id: number, values: V, q: Queryable): Promise<void>;
  forUpdate(id: number, ownerId: number, types: number[] | null, q: Queryable): Promise<T | null>;
}

/**
 * The rules contacts and safe zones share (§5; docs/owner-workspace.md "Contacts"): both are an owner's items put on
 * some of the owner's devices, limited per owner by the SIM operators, and a user who sees some device types only
 * changes the links to those. Each service keeps its own fields' rules and calls these for the rest.
 */
@Injectable()
export class OwnerDeviceLinks {
  constructor(
    private readonly devices: OwnerDevicesRepository,
    private readonly owners: OwnerStore,
    private readonly audit: AuditService,
  ) {}

  /** The owner's limit of `link` items: the smallest its devices' operators set, else the default. */
  async limit(ownerId: number, link: DeviceLink, q?: Queryable): Promise<number> {
    return (await this.devices.limit(ownerId, LIMITS[link], q)) ?? OPERATOR_DEFAULTS[LIMITS[link]];
  }

  /** The stored item `id` the caller sees, locked (404 named `idField` otherwise); null for a new one (no id). */
  async current<T extends { devices: number[] }>(repo: LinkedItemRepository<unknown, T>, id: number | undefined, ownerId: number, types: number[] | null, q: Queryable, idField: string): Promise<T | null> {
    if (!id) return null;
    const current = await repo.forUpdate(id, ownerId, types, q);
    if (!current) throw new DomainError(ErrorCode.NotFound, [fieldError(idField, ErrorCode.NotFound)]);
    return current;
  }

  /**
   * Checks the devices an item is put on: each must be the owner's (400), of a type the user sees (403), and enabled
   * unless it is on it already ('Device is disabled'). `field` names the list in errors.
   */
  async checkDevices(wanted: number[], ownerId: number, types: number[] | null, current: number[], field: string, q: Queryable): Promise<void> {
    const byId = new Map((await this.devices.byIds(wanted, q)).map((r) => [r.id, r]));
    for (const id of wanted) {
      const d = byId.get(id);
      if (!d || d.owner_id !== ownerId) throw invalid(field, 'contactDeviceNotOwners');
      if (types !== null && !types.includes(d.device_type_id)) throw new DomainError(ErrorCode.Forbidden);
      if (!d.enabled && !current.includes(id)) throw invalid(field, 'deviceDisabled');
    }
  }

  /**
   * Writes an item and its links: a change to item `id`, or a new one counted against the owner's limit (400 `full`
   * on `limitField` when reached) under the owner's row lock, so that saves that count wait for each other. Then the
   * item is on `devices` of `types` (the links to other types stay). Returns its id.
   */
  async write<V>(link: DeviceLink, repo: LinkedItemRepository<V, { devices: number[] }>, ownerId: number, types: number[] | null, id: number | undefined, values: V, devices: number[], q: Queryable, limitField: string, full: Code): Promise<number> {
    if (id === undefined) {
      await this.owners.lock(ownerId, q);
      const limit = await this.limit(ownerId, link, q);
      if ((await repo.count(ownerId, q)) >= limit) throw invalid(limitField, full);
      id = await repo.insert(ownerId, values, q);
    } else {
      await repo.update(id, values, q);
    }
    await this.devices.setLinks(link, id, devices, types, q);
    return id;
  }

  /**
   * Takes item `id` off the caller's devices (deleted when it is left on none), with its audit row, in one
   * transaction: 404 named `idField` when the caller does not see it.
   */
  async remove(link: DeviceLink, repo: LinkedItemRepository<unknown, { devices: number[] }>, ownerId: number, types: number[] | null, id: number, idField: string, entity: string): Promise<void> {
    await this.devices.transaction(async (q) => {
      const current = await this.current(repo, id, ownerId, types, q, idField);
      const deleted = await this.devices.unlink(link, id, types, q);
      await this.audit.recordCall(q, { entity, entityId: id, result: { deleted, devices: current!.devices } });
    });
  }
}
