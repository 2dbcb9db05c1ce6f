import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INTEGRATION_AREAS, integrationInclude } from '../../apps/api/test/features.ts';

const root = new URL('../../', import.meta.url);
const specs = readdirSync(new URL('apps/api/test/', root)).filter((f) => f.endsWith('.spec.ts'));
const glob = (g) => new RegExp(`^${g.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}\\.spec\\.ts$`);

describe('integration areas (nx run @tracker/api:integration --configuration=<area>)', () => {
  it('every api integration spec is in an area, and every glob of an area finds a spec', () => {
    const globs = Object.values(INTEGRATION_AREAS).flat();
    expect(specs.filter((f) => !globs.some((g) => glob(g).test(f)))).toEqual([]);
    expect(globs.filter((g) => !specs.some((f) => glob(g).test(f)))).toEqual([]);
  });

  it("the api's integration target has one Nx configuration per area, setting INTEGRATION_AREA", () => {
    const target = JSON.parse(readFileSync(new URL('apps/api/package.json', root), 'utf8')).nx.targets.integration;
    expect(target.configurations).toEqual(Object.fromEntries(Object.keys(INTEGRATION_AREAS).map((a) => [a, { env: { INTEGRATION_AREA: a } }])));
  });

  it('without an area runs every spec; an unknown area names the known ones', () => {
    expect(integrationInclude(undefined)).toEqual(['apps/api/test/**/*.spec.ts']);
    expect(integrationInclude('sms')).toContain('apps/api/test/sms-*.spec.ts');
    expect(() => integrationInclude('smss')).toThrow(/no such area \(auth, admin, /);
  });
});
