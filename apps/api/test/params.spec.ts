import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AREA_ROLES, DEVICE_ROUTES, ROUTES, type RoleId, type RouteDef, type RouteName } from '@tracker/contract';
import { startApi, userOfRole, type TestApi } from './harness.js';
import { FEATURE_SAMPLES, type SampleRequest } from './samples/index.js';

/**
 * Junk in every parameter of every route of the registry (query, path and JSON body fields): never a 500, and a 400
 * that names the field for every value no field of that kind can take.
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

type Kind = 'number' | 'day' | 'tz' | 'text' | 'list' | 'object' | 'flag' | 'choice';
type Prop = { type?: string | string[]; anyOf?: Prop[]; oneOf?: Prop[]; enum?: unknown[]; pattern?: string };
const types = (p: Prop): string[] => [
  ...(Array.isArray(p.type) ? p.type : p.type ? [p.type] : []),
  ...(p.anyOf ?? p.oneOf ?? []).flatMap(types),
];

/** What kind of value a field takes, read from its input JSON schema (and its name for days and zones). */
function kindOf(key: string, p: Prop): Kind {
  const t = types(p);
  if (key === 'tz') return 'tz';
  if (/(^|_)date$/.test(key)) return 'day';
  if (t.includes('array')) return 'list';
  if (t.includes('object')) return 'object';
  if (t.includes('integer') || t.includes('number')) return 'number';
  if (t.includes('boolean')) return 'flag';
  if (p.enum || (p.anyOf ?? []).some((x) => x.enum)) return 'choice';
  return 'text';
}

const LONG = 'x'.repeat(10_000);
/** Junk that every field of a kind must refuse with a 400 naming it. */
const MUST_REFUSE: Record<Kind, unknown[]> = {
  number: ['1e3', '0x10', '99999999999999999999', '-1', '1.5', ' ', 'abc', LONG],
  day: ['2026-02-30', '2026-13-01', '0000-01-01', '20260101', LONG],
  tz: ['Mars/Olympus', LONG],
  text: [LONG],
  choice: ['no-such-choice', LONG],
  flag: ['maybe'],
  list: [],
  object: [],
};
/** Junk that may be valid for some fields (unicode names): never a 500. */
const MAY_PASS: unknown[] = ['😀ü€', '\u0000', 'a\u0007b', '%00', "' OR 1=1 --", '-1', '0', '99999999999'];

function withQuery(path: string, key: string, value: unknown): string {
  const [base, qs = ''] = path.split('?');
  const params = new URLSearchParams(qs);
  params.delete(key);
  if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
  else params.set(key, String(value));
  return `${base}?${params.toString()}`;
}

const fieldNamed = (body: { errors?: { field: string }[] }, key: string) =>
  (body.errors ?? []).some((e) => e.field === key || e.field.startsWith(`${key}.`));

const routes = (Object.entries(ROUTES) as [RouteName, RouteDef][]).filter(([name]) => name !== 'logout');

describe('junk in every parameter of every route', () => {
  it.each(routes.map(([name]) => name))('%s: a 400 naming the field, never a 500', async (name) => {
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
      const schema = def[where];
      if (!schema || (where === 'body' && sample.multipart)) continue;
      const js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Prop> };
      for (const [key, prop] of Object.entries(js.properties ?? {})) {
        const kind = kindOf(key, prop);
        const scalar = kind !== 'list' && kind !== 'object';
        const refuse = [...MUST_REFUSE[kind]];
        // no scalar field takes a list or an object; no list or object field takes a number
        if (where === 'query' && scalar) refuse.push(['1', '2']);
        if (where === 'body') refuse.push(...(scalar ? [[1, 2], { a: 1 }] : [12345]));
        for (const value of refuse) {
          const r = await send(where, key, value);
          const shown = JSON.stringify(value)?.slice(0, 40);
          if (r.status !== 400) problems.push(`${where}.${key}=${shown}: ${r.status} ${JSON.stringify(r.body).slice(0, 160)}`);
          else if (!fieldNamed(r.body, key)) problems.push(`${where}.${key}=${shown}: 400 without the field: ${JSON.stringify(r.body).slice(0, 160)}`);
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
  // every route whose query takes `sort` (params.ts sortParams): a column it does not name, SQL, or a list is a 400
  // naming the field with the columns it takes; the junk test above sends its own values too
  const sorted = routes.filter(([, def]) => def.query && 'sort' in ((z.toJSONSchema(def.query, { io: 'input', unrepresentable: 'any' }) as { properties?: object }).properties ?? {}));
  it('there are sorted routes (the wifi search and the carrier whitelist at least)', () => {
    expect(sorted.map(([name]) => name)).toEqual(expect.arrayContaining(['wifiSearch', 'gsmSearch']));
  });
  it.each(sorted.map(([name]) => name))('%s: sort and dir outside the list are a 400 naming the field', async (name) => {
    const def = ROUTES[name] as RouteDef;
    const token = await tokenOf(AREA_ROLES[def.area][0] as RoleId);
    const sample = await FEATURE_SAMPLES[name]!({ api, role: AREA_ROLES[def.area][0] as RoleId, token, whiteLabels: [1] });
    for (const [key, value] of [['sort', 'id; DROP TABLE device'], ['sort', '1'], ['sort', ['a', 'b']], ['dir', 'up'], ['dir', 'ASC']] as const) {
      const r = await api.call(def.method, withQuery(sample.path, key, value), { token });
      expect(r.status, `${key}=${String(value)}`).toBe(400);
      expect(r.body.errors.map((e: { field: string }) => e.field)).toEqual([key]);
      expect(r.body.errors[0].message).toMatch(new RegExp(`^${key} must be one of `));
    }
  });
});
