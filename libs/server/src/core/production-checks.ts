import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import bcrypt from 'bcrypt';
import type { Logger } from 'pino';
import { AppConfig } from './config.js';
import { ProductionChecksRepository } from './production-checks.repository.js';
import { LOGGER } from './tokens.js';

/**
 * The development seed's users with their published passwords (seed/dev-users.json, which the README points to;
 * production-checks.spec.ts keeps the two equal). A staging or production database where one of them still signs in
 * with that password is refused.
 */
export const DEV_SEED_USERS: ReadonlyArray<{ username: string; password: string }> = [
  { username: 'admin', password: 'Admin-dev-1' },
  { username: 'tier1', password: 'Tier1-dev-1' },
  { username: 'manager', password: 'Manager-dev-1' },
  { username: 'nologin', password: 'NoLogin-dev-1' },
  { username: 'partnera-manager', password: 'PartnerA-mgr-1' },
  { username: 'partnera-tier1', password: 'PartnerA-t1-dev' },
  { username: 'partnerb-manager', password: 'PartnerB-mgr-1' },
  { username: 'partnerb-tier1', password: 'PartnerB-t1-dev' },
  { username: 'enroll', password: 'Enroll-dev-1' },
  { username: 'changeme', password: 'Changeme-dev-1' },
];

/** The development seed's users that still sign in with their published password. */
export async function developmentSeedUsersPresent(repo: ProductionChecksRepository): Promise<string[]> {
  const rows = await repo.passwordHashes(DEV_SEED_USERS.map((u) => u.username));
  const found: string[] = [];
  for (const row of rows) {
    const dev = DEV_SEED_USERS.find((u) => u.username === row.username);
    if (dev && (await bcrypt.compare(dev.password, row.password_hash))) found.push(row.username);
  }
  return found.sort();
}

/**
 * At boot of the api and the worker in staging or production (docs/deployment.md "Mode"): refuses to start while
 * the development seed's users are in the database with their published passwords, unless ALLOW_DEVELOPMENT_SECRETS=1
 * (benchmarks, tests), which logs a warning instead. The configuration's own refusals (missing secrets, the public
 * development token) happen earlier, in loadConfig.
 */
@Injectable()
export class ProductionChecks implements OnApplicationBootstrap {
  constructor(
    private readonly config: AppConfig,
    private readonly repo: ProductionChecksRepository,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.development) return;
    const mode = this.config.get('NODE_ENV');
    const users = await developmentSeedUsersPresent(this.repo);
    if (!users.length) return;
    const what = `the development seed's users ${users.join(', ')} sign in with their published passwords (seed/dev-users.json)`;
    if (this.config.get('ALLOW_DEVELOPMENT_SECRETS') === '1') {
      this.log.warn({ users }, `${what}: allowed by ALLOW_DEVELOPMENT_SECRETS=1, never do this in a deployment`);
      return;
    }
    throw new Error(`Refusing to start in ${mode}: ${what}. Delete these users or change their passwords (docs/deployment.md "Mode").`);
  }
}
