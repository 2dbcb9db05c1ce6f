import { Injectable } from '@nestjs/common';
import { SqlRepository, type PrismaDb, type Tx } from './db.js';

/** Where a record is written: a transaction of either dialect (a raw-SQL connection or Prisma's), or the pool. */
export type AuditClient = Tx;

/** An audit_event row as AuditService builds it (input and result already redacted JSON text). */
export type AuditRow = {
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  area: string;
  entity: string | null;
  entity_id: string | null;
  device_id: number | null;
  status: number | null;
  before: string | null;
  after: string | null;
  ip: string | null;
};

const INSERT = `INSERT INTO audit_event (actor_id, actor_name, action, area, entity, entity_id, device_id, status, before, after, ip)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11)`;

/** The audit trail's one statement, run on the transaction of the change it records (the pool when there is none). */
@Injectable()
export class AuditRepository extends SqlRepository {
  async insert(r: AuditRow, c: AuditClient = this.pool): Promise<void> {
    const values = [r.actor_id, r.actor_name, r.action, r.area, r.entity, r.entity_id, r.device_id, r.status, r.before, r.after, r.ip];
    if ('query' in c && typeof c.query === 'function') await c.query(INSERT, values);
    else await (c as PrismaDb).$executeRawUnsafe(INSERT, ...values);
  }
}
