import { Injectable } from '@nestjs/common';
import type { DefaultSettingItem } from '@tracker/contract';
import { PrismaRepository, type PrismaDb } from '../core/db.js';

const SELECT = { id: true, device_type_id: true, setting_no: true, name: true, value: true, synced: true, editable: true, types: true, updated_at: true } as const;
type Row = Omit<DefaultSettingItem, 'updated_at'> & { updated_at: Date };
const item = (r: Row): DefaultSettingItem => ({ ...r, updated_at: r.updated_at.toISOString() });
export type DefaultFields = Pick<DefaultSettingItem, 'name' | 'value' | 'synced' | 'editable' | 'types'>;

/**
 * Default settings' records (list, add, edit), Prisma; the push to a whole type is set-based SQL in
 * `DefaultSettingsPushRepository` (house rule "Data access": one dialect per repository).
 */
@Injectable()
export class DefaultSettingsRepository extends PrismaRepository {
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
}
