// The OpenAPI document the api publishes (/api/docs/openapi.json, built from the contract's route registry), linted with
// Redocly's recommended rules (@redocly/openapi-core, the library behind `redocly lint`). Run after `tsc -b`: it reads
// the built server lib. Exits 1 on any error or warning.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { buildOpenApi } from '../libs/server/dist/core/openapi.js';

const doc = buildOpenApi();
const config = await createConfig({ extends: ['recommended'] });
const problems = await lintFromString({ source: JSON.stringify(doc, null, 2), absoluteRef: 'openapi.json', config });
for (const p of problems) {
  const where = p.location?.[0]?.pointer ?? '';
  console.log(`${p.severity}: ${p.ruleId}: ${p.message} ${where}`);
}
console.log(`openapi lint (redocly recommended): ${problems.length} problem(s) in ${Object.keys(doc.paths).length} paths`);
process.exit(problems.length ? 1 : 0);
