import { Injectable } from '@nestjs/common';
import { SqlRepository } from './db.js';

/**
 * Reads what the production checks need (house rule: data access in repositories). Raw SQL, not Prisma: the worker runs
 * these checks at its start and otherwise sends no query through Prisma's client, whose query compiler costs a process
 * about 50 MB of RSS once loaded (issue 25; export-sweep.repository.ts).
 */
@Injectable()
export class ProductionChecksRepository extends SqlRepository {
  /** username and password hash of the users among `usernames` */
  passwordHashes(usernames: string[]): Promise<Array<{ username: string; password_hash: string }>> {
    return this.rows('SELECT username, password_hash FROM backoffice_user WHERE username = ANY($1::text[])', [usernames]);
  }
}
