import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { PgPool, type Queryable } from './db.js';
import { redactSecrets } from './redact.js';

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

/**
 * The audit state of one api call: the AuditInterceptor opens it, and a service that writes its own, more precise
 * record (a device event with its §4 status) marks it, so the call is not recorded a second time generically.
 */
export const auditCall = new AsyncLocalStorage<{ recorded: boolean }>();

/**
 * Appends to the audit trail. Secrets in input and result are redacted before they are stored. A service that changes
 * data passes its transaction's connection, so the record commits with the change or not at all (house rule "Audit").
 */
@Injectable()
export class AuditService {
  constructor(private readonly pool: PgPool) {}

  async record(r: AuditRecord, c: Queryable = this.pool): Promise<void> {
    const call = auditCall.getStore();
    if (call) call.recorded = true;
    await c.query(
      `INSERT INTO audit_event (actor_id, actor_name, action, area, entity, entity_id, device_id, status, before, after, ip)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        r.actorId,
        r.actorName,
        r.action,
        r.area,
        r.entity ?? null,
        r.entityId == null ? null : String(r.entityId),
        r.deviceId ?? null,
        r.status ?? null,
        r.input === undefined ? null : JSON.stringify(redactSecrets(r.input)),
        r.result === undefined ? null : JSON.stringify(redactSecrets(r.result)),
        r.ip ?? null,
      ],
    );
  }
}
