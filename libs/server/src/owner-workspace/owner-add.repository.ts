import { Injectable } from '@nestjs/common';
import type { UserAddRequest } from '@tracker/contract';
import { PrismaService, type PrismaDb } from '../core/db.js';

/** Owner records (house rule "Data access": Prisma for records). */
@Injectable()
export class OwnerAddRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: PrismaDb) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  async whiteLabelExists(id: number): Promise<boolean> {
    return (await this.prisma.whiteLabel.findUnique({ where: { id }, select: { id: true } })) !== null;
  }

  /** A new owner; a taken e-mail throws Prisma's unique violation (P2002). */
  create(tx: PrismaDb, o: UserAddRequest['newUser']): Promise<{ id: number }> {
    return tx.owner.create({
      data: {
        email: o.email,
        first_name: o.first_name,
        last_name: o.last_name,
        phone: o.phone ?? null,
        white_label_vendor_id: o.white_label_vendor_id,
        language: o.language,
        is_test: o.is_test,
      },
      select: { id: true },
    });
  }
}
