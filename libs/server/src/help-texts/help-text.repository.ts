import { Injectable } from '@nestjs/common';
import { PrismaRepository, type PrismaDb } from '../core/db.js';

/** Help texts (house rule "Data access": Prisma for records). */
@Injectable()
export class HelpTextRepository extends PrismaRepository {
  async list(prefix: string, language: string) {
    const rows = await this.prisma.helpText.findMany({
      where: { locale_path: { startsWith: prefix }, language_code: language },
      orderBy: { locale_path: 'asc' },
      select: { locale_path: true, language_code: true, text: true },
    });
    return rows.map((r) => ({ locale_path: r.locale_path, language: r.language_code, text: r.text }));
  }

  /** The text of a path in a language, its row locked for the change (null: none stored). */
  async forUpdate(tx: PrismaDb, localePath: string, language: string): Promise<{ text: string } | null> {
    const rows = await tx.$queryRaw<{ text: string }[]>`
      SELECT text FROM help_text WHERE locale_path = ${localePath} AND language_code = ${language} FOR UPDATE`;
    return rows[0] ?? null;
  }

  async set(tx: PrismaDb, localePath: string, language: string, text: string, userId: number) {
    await tx.helpText.upsert({
      where: { locale_path_language_code: { locale_path: localePath, language_code: language } },
      create: { locale_path: localePath, language_code: language, text, updated_by: userId },
      update: { text, updated_by: userId },
    });
  }

  async remove(tx: PrismaDb, localePath: string, language: string) {
    await tx.helpText.deleteMany({ where: { locale_path: localePath, language_code: language } });
  }
}
