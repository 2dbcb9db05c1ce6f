import type { AuditClient, AuditService } from '../core/audit.service.js';

/**
 * The audit row of an administration save (issue #11: every save with before and after), the one way the
 * administration screens record a change (`AuditService.recordChange`, docs/administration.md "Audit"): the record
 * as it was (`before`, null for an add) and as it is now (`after`, null for a delete), in the save's transaction.
 */
export function auditSave(audit: AuditService, tx: AuditClient, entity: string, entityId: string | number, before: unknown, after: unknown) {
  return audit.recordChange(tx, { entity, entityId, before, after });
}
