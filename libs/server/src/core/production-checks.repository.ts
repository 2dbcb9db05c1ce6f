import { Injectable } from '@nestjs/common';
import { PrismaRepository } from './db.js';

/** Reads what the production checks need (house rule: data access in repositories). */
@Injectable()
export class ProductionChecksRepository extends PrismaRepository {
  /** username and password hash of the users among `usernames` */
  passwordHashes(usernames: string[]): Promise<Array<{ username: string; password_hash: string }>> {
    return this.prisma.backofficeUser.findMany({ where: { username: { in: usernames } }, select: { username: true, password_hash: true } });
  }
}
