import { Injectable } from '@nestjs/common';
import type { OperatorSaveBody, SmsGatewaySaveBody, VoipCentralSaveBody } from '@tracker/contract';
import { PrismaRepository, type PrismaDb } from '../core/db.js';
import { GATEWAY_SELECT } from '../lists/lists.repository.js';

const OPERATOR_SELECT = {
  id: true, name: true, start: true, region: true, device_types: true, terms_key: true,
  zones_limit: true, contacts_limit: true, alarms_limit: true, created: true,
} as const;
const VOIP_SELECT = { id: true, name: true, phone: true, created: true } as const;

type Values<T> = Omit<T, 'id'>;

/** Operators, VoIP centrals and SMS gateways (house rule "Data access": Prisma for records). Reads lock the row. */
@Injectable()
export class ConfigurationRepository extends PrismaRepository {
  private async lock(tx: PrismaDb, table: 'operator' | 'voip_central' | 'sms_gateway', id: number): Promise<boolean> {
    // the table name is one of three literals, never input
    const rows = await tx.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM ${table} WHERE id = $1 FOR UPDATE`, id);
    return rows.length > 0;
  }

  async deviceTypeIds(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    return (await this.prisma.deviceType.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((r) => r.id);
  }

  async operator(tx: PrismaDb, id: number) {
    return (await this.lock(tx, 'operator', id)) ? tx.operator.findUnique({ where: { id }, select: OPERATOR_SELECT }) : null;
  }

  /** Adds or edits an operator; a `start` another operator has throws Prisma's unique violation (P2002, index operator_start_key). */
  saveOperator(tx: PrismaDb, id: number | null, v: Values<OperatorSaveBody>) {
    return id === null
      ? tx.operator.create({ data: v, select: OPERATOR_SELECT })
      : tx.operator.update({ where: { id }, data: v, select: OPERATOR_SELECT });
  }

  async voipCentral(tx: PrismaDb, id: number) {
    return (await this.lock(tx, 'voip_central', id)) ? tx.voipCentral.findUnique({ where: { id }, select: VOIP_SELECT }) : null;
  }

  saveVoipCentral(tx: PrismaDb, id: number | null, v: Values<VoipCentralSaveBody>) {
    return id === null
      ? tx.voipCentral.create({ data: v, select: VOIP_SELECT })
      : tx.voipCentral.update({ where: { id }, data: v, select: VOIP_SELECT });
  }

  async gateway(tx: PrismaDb, id: number) {
    return (await this.lock(tx, 'sms_gateway', id)) ? tx.smsGateway.findUnique({ where: { id }, select: GATEWAY_SELECT }) : null;
  }

  /**
   * The other enabled gateways and their codes, read under a transaction-level advisory lock so that two saves cannot
   * both claim one code (the second waits for the first to commit, then reads it).
   */
  async otherEnabledGateways(tx: PrismaDb, except: number | null) {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('sms_gateway:codes'))`;
    return tx.smsGateway.findMany({
      where: { enabled: true, ...(except === null ? {} : { id: { not: except } }) },
      select: { id: true, name: true, allowed: true },
      orderBy: { id: 'asc' },
    });
  }

  saveGateway(tx: PrismaDb, id: number | null, v: Values<SmsGatewaySaveBody>) {
    return id === null
      ? tx.smsGateway.create({ data: v, select: GATEWAY_SELECT })
      : tx.smsGateway.update({ where: { id }, data: v, select: GATEWAY_SELECT });
  }
}
