import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@tracker/contract';
import { PrismaRepository } from '../db.js';
import { DomainError } from '../errors.js';

export interface ExportTicket {
  hash: string;
  expires_at: string;
}

/**
 * The one hash store of every download (§4 Exports): `generate` keeps what a download stands for (owner, kind,
 * parameters, expiry) in Postgres table `csv_export` under a random hash; `resolve` gives the parameters back only to
 * the user who generated it, for the same kind, before it expires (otherwise 404: a hash passed on is worthless).
 * Postgres, not Redis, so a hash survives a Redis restart like every other business record; the worker's sweep
 * deletes expired rows (ExportSweep, by ExportSweepRepository).
 */
@Injectable()
export class ExportStore extends PrismaRepository {
  async create(userId: number, kind: string, params: Record<string, unknown>, ttlSeconds: number): Promise<ExportTicket> {
    const hash = randomBytes(24).toString('hex');
    const expires = new Date(Date.now() + ttlSeconds * 1000);
    await this.prisma.csvExport.create({ data: { hash, kind, params: params as object, created_by: userId, expires_at: expires } });
    return { hash, expires_at: expires.toISOString() };
  }

  async resolve<P>(userId: number, kind: string, hash: string, notFound: ErrorCode = ErrorCode.ExportNotFound): Promise<P> {
    const row = await this.prisma.csvExport.findFirst({
      where: { hash, kind, created_by: userId, expires_at: { gt: new Date() } },
      select: { params: true },
    });
    if (!row) throw new DomainError(notFound);
    return row.params as P;
  }

  /** As resolve, for a hash of any of `kinds`: which kind it is and its parameters. */
  async resolveAny<P>(userId: number, kinds: readonly string[], hash: string): Promise<{ kind: string; params: P }> {
    const row = await this.prisma.csvExport.findFirst({
      where: { hash, kind: { in: [...kinds] }, created_by: userId, expires_at: { gt: new Date() } },
      select: { kind: true, params: true },
    });
    if (!row) throw new DomainError(ErrorCode.ExportNotFound);
    return { kind: row.kind, params: row.params as P };
  }
}
