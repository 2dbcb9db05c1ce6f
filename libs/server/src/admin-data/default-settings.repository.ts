import { Injectable } from '@nestjs/common';
import type { DefaultSettingItem } from '@tracker/contract';
import { PgPool, PrismaService, type PrismaDb, type Queryable } from '../core/db.js';

const SELECT = { id: true, device_type_id: true, setting_no: true, name: true, value: true, synced: true, editable: true, types: true, updated_at: true } as const;
type Row = Omit<DefaultSettingItem, 'updated_at'> & { updated_at: Date };
const item = (r: Row): DefaultSettingItem => ({ ...r, updated_at: r.updated_at.toISOString() });
export type DefaultFields = Pick<DefaultSettingItem, 'name' | 'value' | 'synced' | 'editable' | 'types'>;

/**
 * Default settings: Prisma for the records (list, add, edit); the push to a whole type is set-based SQL on the pool
 * (house rule "Data access"), in the transaction that also stores the campaign's messages.
 */
@Injectable()
export class DefaultSettingsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly pool: PgPool,
  ) {}

  transaction<T>(fn: (tx: PrismaDb) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  pushTransaction<T>(fn: (c: Queryable) => Promise<T>): Promise<T> {
    return this.pool.transaction(fn);
  }

  async deviceTypeExists(id: number): Promise<boolean> {
    return (await this.prisma.deviceType.findUnique({ where: { id }, select: { id: true } })) !== null;
  }

  async list(typeId: number): Promise<DefaultSettingItem[]> {
    return (await this.prisma.defaultSetting.findMany({ where: { device_type_id: typeId }, select: SELECT, orderBy: { setting_no: 'asc' } })).map(item);
  }

  /** Default `id` locked for the edit, or null. */
  async forUpdate(tx: PrismaDb, id: number): Promise<DefaultSettingItem | null> {
    const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM default_setting WHERE id = ${id} FOR UPDATE`;
    if (locked.length === 0) return null;
    return item(await tx.defaultSetting.findUniqueOrThrow({ where: { id }, select: SELECT }));
  }

  /** A new default; a taken type and number throws Prisma's unique violation (P2002). */
  async create(tx: PrismaDb, typeId: number, settingNo: number, f: DefaultFields): Promise<DefaultSettingItem> {
    return item(await tx.defaultSetting.create({ data: { device_type_id: typeId, setting_no: settingNo, ...f }, select: SELECT }));
  }

  async update(tx: PrismaDb, id: number, f: DefaultFields): Promise<DefaultSettingItem> {
    return item(await tx.defaultSetting.update({ where: { id }, data: f, select: SELECT }));
  }

  /** The default of a type's setting, read in the push's transaction (shared lock: no edit while it is sent). */
  async defaultFor(typeId: number, settingNo: number, c?: Queryable) {
    const [r] = await this.pool.rows<{ id: number; value: string; editable: boolean }>(
      'SELECT id, value, editable FROM default_setting WHERE device_type_id = $1 AND setting_no = $2 FOR SHARE',
      [typeId, settingNo],
      c,
    );
    return r ?? null;
  }

  /** Every device of the type, in id order (the ledger's gate then refuses those that cannot take a command). */
  /** The type's devices; with `operators` (a partner's scope) only those whose SIM is of one of them. */
  async typeDeviceIds(typeId: number, operators: number[] | null, c?: Queryable): Promise<number[]> {
    const rows = await this.pool.rows<{ id: number }>(
      `SELECT d.id FROM device d
       WHERE d.device_type_id = $1
         AND ($2::int[] IS NULL OR EXISTS (SELECT 1 FROM sim_card s WHERE s.id = d.sim_id AND s.operator_id = ANY($2::int[])))
       ORDER BY d.id`,
      [typeId, operators],
      c,
    );
    return rows.map((r) => r.id);
  }
}
