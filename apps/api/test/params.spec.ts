import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_ROLES, DEVICE_ROUTES, ROUTES, type RoleId, type RouteDef, type RouteName } from '@tracker/contract';
import { fieldNamed, fieldsOf, JUNK_ROUTES, MAY_PASS, refusedValues, SORT_JUNK, SORTED_ROUTES } from './junk.js';
import { startApi, userOfRole, type TestApi } from './harness.js';
import { FEATURE_SAMPLES, type SampleRequest } from './samples/index.js';

/**
 * Junk in every parameter of every route of the registry (query, path and JSON body fields) through HTTP: a value no
 * field of its kind takes is a 400 naming the field (one per field: the route's parts reach its validation; the
 * whole matrix of refused values runs on that validation alone, apps/api/src/route-input.spec.ts), and what may pass
 * it never ends in a 500.
 */
let api: TestApi;
const tokens = new Map<RoleId, string>();
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.close());

async function tokenOf(role: RoleId) {
  if (!tokens.has(role)) tokens.set(role, await api.signIn(userOfRole(role).username));
  return tokens.get(role)!;
}

/** A valid request of a route that has no feature sample (core routes). */
function coreSample(name: RouteName, def: RouteDef): SampleRequest {
  switch (name) {
    case 'login':
      return { path: def.path, body: { username: 'nobody-junk', password: 'x' } };
    case 'token':
      return { path: def.path, body: { username: 'nobody-junk', password: 'x', code: '123456' } };
    case 'passwordChange':
      return { path: def.path, body: { username: 'nobody-junk', current: 'x', password: 'Another-pass-1', repeat: 'Another-pass-1' } };
    case 'resetPassword':
    case 'resetLinkCheck': {
      const uuid = randomUUID();
      return { path: def.path.replace(':uuid', uuid), body: def.body ? { uuid, password: 'Another-pass-1', repeat: 'Another-pass-1' } : undefined };
    }
    case 'deviceSearch':
      return { path: `${def.path}?query=35&filter=imei&page=0&count=25` };
    case 'userAdd':
      return { path: def.path, body: { newUser: { email: `junk-${randomUUID()}@example.com`, first_name: 'J', last_name: 'K', white_label_vendor_id: 1, language: 'en' } } };
    default:
      return { path: def.path };
  }
}

function withQuery(path: string, key: string, value: unknown): string {
  const [base, qs = ''] = path.split('?');
  const params = new URLSearchParams(qs);
  params.delete(key);
  if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
  else params.set(key, String(value));
  return `${base}?${params.toString()}`;
}

describe('junk in every parameter of every route', () => {
  it.each(JUNK_ROUTES.map(([name]) => name))('%s: a 400 naming the field, never a 500', async (name) => {
    const def = ROUTES[name] as RouteDef;
    const role = def.area === 'public' || def.area === 'session' ? 1 : (AREA_ROLES[def.area][0] as RoleId);
    const token = def.area === 'public' ? undefined : await tokenOf(role);
    const builder = FEATURE_SAMPLES[name];
    const sample = builder ? await builder({ api, role, token: token ?? '', whiteLabels: [1] }) : coreSample(name, def);
    const problems: string[] = [];
    const send = async (where: 'query' | 'body' | 'params', key: string, value: unknown) => {
      let path = sample.path;
      let body = sample.body;
      if (where === 'query') path = withQuery(sample.path, key, value);
      if (where === 'params') path = def.path.replace(`:${key}`, encodeURIComponent(String(value)));
      if (where === 'body') body = { ...(sample.body as object), [key]: value };
      const r = sample.multipart && where !== 'body'
        ? await api.call(def.method, path, { token, form: sample.multipart })
        : await api.call(def.method, path, { token, body });
      return r;
    };
    for (const where of ['query', 'params', 'body'] as const) {
      if (where === 'body' && sample.multipart) continue;
      for (const { key, kind } of fieldsOf(def, where)) {
        for (const value of refusedValues(where, kind).slice(0, 1)) {
          const r = await send(where, key, value);
          const shown = JSON.stringify(value)?.slice(0, 40);
          if (r.status !== 400) problems.push(`${where}.${key}=${shown}: ${r.status} ${JSON.stringify(r.body).slice(0, 160)}`);
          else if (!fieldNamed(r.body.errors, key)) problems.push(`${where}.${key}=${shown}: 400 without the field: ${JSON.stringify(r.body).slice(0, 160)}`);
          // house rule "Reasons and messages": the device workspace answers every field error as a code, none as a
          // sentence under the generic `text`
          else if (name in DEVICE_ROUTES && r.body.errors.some((e: { code: string }) => e.code === 'text')) problems.push(`${where}.${key}=${shown}: a sentence, not a code: ${JSON.stringify(r.body).slice(0, 160)}`);
        }
        for (const value of MAY_PASS) {
          if (where === 'params' && value === '\u0000') continue;
          const r = await send(where, key, value);
          if (r.status >= 500) problems.push(`${where}.${key}=${JSON.stringify(value)}: ${r.status}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('sorted lists: only the sorts a route names', () => {
  // every route whose query takes `sort` (params.ts sortParams): a column it does not name or a direction it does not
  // say is a 400 naming the field with the values it takes (one of each here; all of SORT_JUNK in route-input.spec.ts)
  it('there are sorted routes (the wifi search and the carrier whitelist at least)', () => {
    expect(SORTED_ROUTES.map(([name]) => name)).toEqual(expect.arrayContaining(['wifiSearch', 'gsmSearch']));
  });
  it.each(SORTED_ROUTES.map(([name]) => name))('%s: sort and dir outside the list are a 400 naming the field', async (name) => {
    const def = ROUTES[name] as RouteDef;
    const token = await tokenOf(AREA_ROLES[def.area][0] as RoleId);
    const sample = await FEATURE_SAMPLES[name]!({ api, role: AREA_ROLES[def.area][0] as RoleId, token, whiteLabels: [1] });
    for (const [key, value] of SORT_JUNK.slice(0, 2)) {
      const r = await api.call(def.method, withQuery(sample.path, key, value), { token });
      expect(r.status, `${key}=${String(value)}`).toBe(400);
      expect(r.body.errors.map((e: { field: string }) => e.field)).toEqual([key]);
      expect(r.body.errors[0].message).toMatch(new RegExp(`^${key} must be one of `));
    }
  });
});
