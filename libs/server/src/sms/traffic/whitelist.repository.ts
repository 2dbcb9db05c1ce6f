import { Injectable } from '@nestjs/common';
import type { SortDirection, WhitelistItem, WhitelistNumberBody, WhitelistSort } from '@tracker/contract';
import { PrismaRepository, type PrismaDb } from '../../core/db.js';
import type { Prisma } from '../../generated/prisma/client.js';

const SELECT = { id: true, number: true, is_allowed: true, comment: true, created: true, updated_at: true } as const;
type Row = { id: number; number: string; is_allowed: boolean; comment: string | null; created: Date; updated_at: Date };
const item = (r: Row): WhitelistItem => ({ ...r, created: r.created.toISOString(), updated_at: r.updated_at.toISOString() });

/** Each sort of the search as its own ORDER BY (only these reach the database), the id last to break ties. */
const ORDER: Record<WhitelistSort, (dir: SortDirection) => Prisma.GsmWhitelistNumberOrderByWithRelationInput[]> = {
  number: (dir) => [{ number: dir }, { id: 'asc' }],
  is_allowed: (dir) => [{ is_allowed: dir }, { number: 'asc' }, { id: 'asc' }],
  comment: (dir) => [{ comment: { sort: dir, nulls: 'last' } }, { number: 'asc' }, { id: 'asc' }],
  updated_at: (dir) => [{ updated_at: dir }, { id: 'asc' }],
};

/** Carrier whitelist numbers (house rule "Data access": Prisma for records and short lists). */
@Injectable()
export class WhitelistRepository extends PrismaRepository {
  /**
   * Numbers containing `digits`, or else comments containing `text` (any case; all when both are empty), in the order
   * of `sort`, and how many.
   */
  async search(digits: string, text: string, sort: { sort: WhitelistSort; dir: SortDirection }, take: number, skip: number): Promise<{ items: WhitelistItem[]; total: number }> {
    const where = digits ? { number: { contains: digits } } : text ? { comment: { contains: text, mode: 'insensitive' as const } } : {};
    const [rows, total] = await Promise.all([
      this.prisma.gsmWhitelistNumber.findMany({ where, select: SELECT, orderBy: ORDER[sort.sort](sort.dir), take, skip }),
      this.prisma.gsmWhitelistNumber.count({ where }),
    ]);
    return { items: rows.map(item), total };
  }

  /** A new number; a taken number throws Prisma's unique violation (P2002). */
  async create(tx: PrismaDb, b: WhitelistNumberBody): Promise<WhitelistItem> {
    return item(await tx.gsmWhitelistNumber.create({ data: { number: b.number, is_allowed: b.is_allowed, comment: b.comment }, select: SELECT }));
  }

  /** Number `id` locked for a change (null when there is none). */
  async forUpdate(tx: PrismaDb, id: number): Promise<WhitelistItem | null> {
    const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM gsm_whitelist_number WHERE id = ${id} FOR UPDATE`;
    if (locked.length === 0) return null;
    return item(await tx.gsmWhitelistNumber.findUniqueOrThrow({ where: { id }, select: SELECT }));
  }

  /** Changes number `id` (null when there is none); a number taken by another row throws P2002. */
  async update(tx: PrismaDb, id: number, b: WhitelistNumberBody): Promise<WhitelistItem | null> {
    const r = await tx.gsmWhitelistNumber.updateMany({ where: { id }, data: { number: b.number, is_allowed: b.is_allowed, comment: b.comment } });
    if (r.count === 0) return null;
    return item(await tx.gsmWhitelistNumber.findUniqueOrThrow({ where: { id }, select: SELECT }));
  }
}
