import { Injectable } from '@nestjs/common';
import { PrismaService, type PrismaDb } from '../core/db.js';

/** Help texts (house rule "Data access": Prisma for records). */
@Injectable()
export class HelpTextRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: PrismaDb) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  async list(prefix: string, language: string) {
    const rows = await this.prisma.helpText.findMany({
      where: { locale_path: { startsWith: prefix }, language_code: language },
      orderBy: { locale_path: 'asc' },
      select: { locale_path: true, language_code: true, text: true },
    });
    return rows.map((r) => ({ locale_path: r.locale_path, language: r.language_code, text: r.text }));
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
