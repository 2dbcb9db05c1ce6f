// The feature areas of the api integration specs: `npx nx run @tracker/api:integration --configuration=<area>` runs
// one area's files (docs/architecture.md "Tests"). Each area is a list of file-name globs in apps/api/test; a spec may
// sit in more than one. The whole suite (no configuration) runs every spec, listed here or not.
export const INTEGRATION_AREAS = {
  auth: ['auth', 'signin-throttle', 'usernames', 'access', 'headers', 'request-id', 'production-mode'],
  admin: ['admin-*', 'lists', 'screens'],
  contract: ['input-edges', 'params', 'control-chars', 'reasons-migration', 'log-leaks'],
  device: ['device-*', 'search'],
  owner: ['owner*'],
  sms: ['sms-*', 'traffic', 'ledger*', 'outcomes', 'admin-gateway-sms', 'fleet-sim-wiring'],
  imports: ['imports*'],
  firmware: ['firmware*'],
  modem: ['modem*'],
  stats: ['stats', 'reports', 'daily-report', 'exports-sql', 'csv-generate'],
  platform: ['health', 'deployment', 'metrics', 'jobs', 'worker', 'audit*', 'database-resilience', 'redis-resilience', 'sigterm', 'scale-out'],
} as const satisfies Record<string, readonly string[]>;

export type IntegrationArea = keyof typeof INTEGRATION_AREAS;

/** The vitest `include` globs of an area (all specs without one); an unknown area is an error naming the known ones. */
export function integrationInclude(area: string | undefined): string[] {
  if (!area) return ['apps/api/test/**/*.spec.ts'];
  const globs = (INTEGRATION_AREAS as Record<string, readonly string[]>)[area];
  if (!globs) throw new Error(`INTEGRATION_AREA=${area}: no such area (${Object.keys(INTEGRATION_AREAS).join(', ')})`);
  return globs.map((g) => `apps/api/test/${g}.spec.ts`);
}
