import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM helper shared with the api and e2e setups
import { cloneTemplate, ensureTemplate } from '../../../../scripts/test/template-db.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    fleetDb: { databaseUrl: string };
  }
}

/** One clone of the seeded template for all fleet-sim specs (they only read it, and add device_log rows). */
export default async function setup(project: TestProject) {
  const db = await cloneTemplate(await ensureTemplate(), 'fleet');
  project.provide('fleetDb', { databaseUrl: db.url });
  return () => db.drop();
}
