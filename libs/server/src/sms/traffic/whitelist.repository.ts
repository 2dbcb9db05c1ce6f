import { Injectable } from '@nestjs/common';
import type { WhitelistItem, WhitelistNumberBody } from '@tracker/contract';
import { PrismaService, type PrismaDb } from '../../core/db.js';

const SELECT = { id: true, number: true, is_allowed: true, comment: true, created: true, updated_at: true } as const;
type Row = { id: number; number: string; is_allowed: boolean; comment: string | null; created: Date; updated_at: Date };
const item = (r: Row): WhitelistItem => ({ ...r, created: r.created.toISOString(), updated_at: r.updated_at.toISOString() });

/** Carrier whitelist numbers (house rule "Data access": Prisma for records and short lists). */
@Injectable()
export class WhitelistRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: PrismaDb) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  /** Numbers containing `digits`, or else comments containing `text` (any case; all when both are empty), in number order, and how many. */
  async search(digits: string, text: string, take: number, skip: number): Promise<{ items: WhitelistItem[]; total: number }> {
    const where = digits ? { number: { contains: digits } } : text ? { comment: { contains: text, mode: 'insensitive' as const } } : {};
    const [rows, total] = await Promise.all([
      this.prisma.gsmWhitelistNumber.findMany({ where, select: SELECT, orderBy: [{ number: 'asc' }, { id: 'asc' }], take, skip }),
      this.prisma.gsmWhitelistNumber.count({ where }),
    ]);
    return { items: rows.map(item), total };
  }

  /** A new number; a taken number throws Prisma's unique violation (P2002). */
  async create(tx: PrismaDb, b: WhitelistNumberBody): Promise<WhitelistItem> {
    return item(await tx.gsmWhitelistNumber.create({ data: { number: b.number, is_allowed: b.is_allowed, comment: b.comment }, select: SELECT }));
  }

  /** Changes number `id` (null when there is none); a number taken by another row throws P2002. */
  async update(tx: PrismaDb, id: number, b: WhitelistNumberBody): Promise<WhitelistItem | null> {
    const r = await tx.gsmWhitelistNumber.updateMany({ where: { id }, data: { number: b.number, is_allowed: b.is_allowed, comment: b.comment } });
    if (r.count === 0) return null;
    return item(await tx.gsmWhitelistNumber.findUniqueOrThrow({ where: { id }, select: SELECT }));
  }
}
