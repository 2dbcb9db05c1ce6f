import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM helper shared with the e2e setup
import { ensureTemplate } from '../../../scripts/test/template-db.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    template: { templateUrl: string; templateName: string; adminUrl: string; redisUrl: string };
  }
}

export default async function setup(project: TestProject) {
  project.provide('template', await ensureTemplate());
}
