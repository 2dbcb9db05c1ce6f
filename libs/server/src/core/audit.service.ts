import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { AuditRepository, type AuditClient } from './audit.repository.js';
import { redactSecrets } from './redact.js';

export type { AuditClient } from './audit.repository.js';

export type AuditRecord = {
  actorId: number | null;
  actorName: string | null;
  /** `METHOD /path` of the call, or a domain verb for records written by services */
  action: string;
  area: string;
  entity?: string | null;
  entityId?: string | number | null;
  deviceId?: number | null;
  /** §4 audit status for device events */
  status?: number | null;
  input?: unknown;
  result?: unknown;
  ip?: string | null;
};

/** What the AuditInterceptor knows of the call being handled: who, what, with which input, from where. */
export type AuditCallContext = Pick<AuditRecord, 'actorId' | 'actorName' | 'action' | 'area' | 'input' | 'ip'>;

/**
 * The audit state of one api call: the AuditInterceptor opens it with the call's context, and the service that makes
 * the call's change records it (`recordCall`, or a more precise `record`) inside the change's transaction, which
 * marks it, so the call is not recorded a second time generically.
 */
export const auditCall = new AsyncLocalStorage<{ recorded: boolean; context?: AuditCallContext; flush?: () => Promise<void> }>();

/**
 * Writes the generic record of the call being handled now, if nothing recorded it yet: a streamed download calls it
 * before its first byte leaves (`streamAttachment`), so who took the data out is on record before the data is out,
 * not after the stream ends (when a client may already have read it all).
 */
export async function recordCallNow(): Promise<void> {
  const call = auditCall.getStore();
  if (call && !call.recorded) await call.flush?.();
}


/**
 * Appends to the audit trail. Secrets in input and result are redacted before they are stored. A service that changes
 * data passes its transaction (house rule "Audit", docs/architecture.md), so the record commits with the change or not
 * at all.
 */
@Injectable()
export class AuditService {
  constructor(private readonly repo: AuditRepository) {}

  /** Writes `r` in `c`, the transaction of the change it records; on its own when there is none. */
  async record(r: AuditRecord, c?: AuditClient): Promise<void> {
    const call = auditCall.getStore();
    if (call) call.recorded = true;
    const row = {
      actor_id: r.actorId,
      actor_name: r.actorName,
      action: r.action,
      area: r.area,
      entity: r.entity ?? null,
      entity_id: r.entityId == null ? null : String(r.entityId),
      device_id: r.deviceId ?? null,
      status: r.status ?? null,
      before: r.input === undefined ? null : JSON.stringify(redactSecrets(r.input)),
      after: r.result === undefined ? null : JSON.stringify(redactSecrets(r.result)),
      ip: r.ip ?? null,
    };
    await this.repo.insert(row, c);
  }

  /**
   * Records the api call being handled (actor, `METHOD /path`, area, input and address, as the AuditInterceptor saw
   * them) in `c`, the transaction of the change the call makes, with what the change produced (`null` for a call
   * that changes nothing in Postgres: the record is then a statement of its own). Outside an api call (a job, a
   * script) there is no call to record and nothing is written.
   */
  async recordCall(c: AuditClient | null, made: Pick<AuditRecord, 'entity' | 'entityId' | 'result'> = {}): Promise<void> {
    const context = auditCall.getStore()?.context;
    if (!context) return;
    await this.record({ ...context, ...made }, c ?? undefined);
  }

  /**
   * Records the api call being handled as a change of one record: `before` (null for a new record) and `after` (null
   * for a deleted one) in the audit row's before and after columns, in `c`, the change's transaction. The
   * administration saves use it (docs/administration.md "Audit").
   */
  async recordChange(c: AuditClient, change: { entity: string; entityId: string | number; before: unknown; after: unknown }): Promise<void> {
    const context = auditCall.getStore()?.context;
    if (!context) return;
    await this.record({ ...context, entity: change.entity, entityId: change.entityId, input: change.before, result: change.after }, c);
  }
}
