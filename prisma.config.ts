// Prisma CLI configuration (Prisma 7). Only `prisma generate` is used here (through scripts/db/generate.mjs):
// migrations are created, checked and applied offline by scripts/db/{diff,migrate}.mjs, see docs/database.md.
import { defineConfig, env } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: env('DATABASE_URL') },
});
