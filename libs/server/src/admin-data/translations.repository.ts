import { Injectable } from '@nestjs/common';
import type { TranslationAddBody, TranslationItem } from '@tracker/contract';
import { PrismaRepository, type PrismaDb } from '../core/db.js';

const SELECT = { id: true, key: true, language_code: true, device_type_id: true, value: true, is_html: true, updated_at: true } as const;
type Row = Omit<TranslationItem, 'updated_at'> & { updated_at: Date };
const item = (r: Row): TranslationItem => ({ ...r, updated_at: r.updated_at.toISOString() });
type Fields = Omit<TranslationAddBody, 'key' | 'language_code'> & { key: string; language_code: string };

/** Translations (house rule "Data access": Prisma for records and short lists). */
@Injectable()
export class TranslationsRepository extends PrismaRepository {
  async languageExists(code: string): Promise<boolean> {
    return (await this.prisma.language.findUnique({ where: { language_code: code }, select: { language_code: true } })) !== null;
  }

  async deviceTypeExists(id: number): Promise<boolean> {
    return (await this.prisma.deviceType.findUnique({ where: { id }, select: { id: true } })) !== null;
  }

  /** A language's translations (of one type when given), by type and key. */
  async all(language: string, typeId: number | undefined): Promise<TranslationItem[]> {
    const rows = await this.prisma.translation.findMany({
      where: { language_code: language, ...(typeId === undefined ? {} : { device_type_id: typeId }) },
      select: SELECT,
      orderBy: [{ device_type_id: 'asc' }, { key: 'asc' }],
    });
    return rows.map(item);
  }

  /** Translation `id` locked for the edit, or null. */
  async forUpdate(tx: PrismaDb, id: number): Promise<TranslationItem | null> {
    const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM translation WHERE id = ${id} FOR UPDATE`;
    if (locked.length === 0) return null;
    return item(await tx.translation.findUniqueOrThrow({ where: { id }, select: SELECT }));
  }

  /** A new translation; a taken key, language and type throws Prisma's unique violation (P2002). */
  async create(tx: PrismaDb, f: Fields): Promise<TranslationItem> {
    return item(await tx.translation.create({ data: f, select: SELECT }));
  }

  async update(tx: PrismaDb, id: number, f: Fields): Promise<TranslationItem> {
    return item(await tx.translation.update({ where: { id }, data: f, select: SELECT }));
  }
}
