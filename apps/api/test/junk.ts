import { z } from 'zod';
import { ROUTES, type RouteDef, type RouteName } from '@tracker/contract';

// Junk for every parameter of every route, by the kind of value a field takes. The whole matrix runs on the route's
// validation alone (apps/api/src/route-input.spec.ts, no server); the api's params.spec sends one refused value per
// field through HTTP (the pipe is wired to the route) and the values that may pass (no 500 behind the pipe).

export type Kind = 'number' | 'day' | 'tz' | 'text' | 'list' | 'object' | 'flag' | 'choice';
export type Part = 'query' | 'params' | 'body';
type Prop = { type?: string | string[]; anyOf?: Prop[]; oneOf?: Prop[]; enum?: unknown[]; pattern?: string };
const types = (p: Prop): string[] => [
  ...(Array.isArray(p.type) ? p.type : p.type ? [p.type] : []),
  ...(p.anyOf ?? p.oneOf ?? []).flatMap(types),
];

/** What kind of value a field takes, read from its input JSON schema (and its name for days and zones). */
export function kindOf(key: string, p: Prop): Kind {
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
export const MUST_REFUSE: Record<Kind, unknown[]> = {
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
export const MAY_PASS: unknown[] = ['😀ü€', '\u0000', 'a\u0007b', '%00', "' OR 1=1 --", '-1', '0', '99999999999'];

/** Every value a field must refuse: its kind's junk, plus what no field of its shape takes in that part. */
export function refusedValues(part: Part, kind: Kind): unknown[] {
  const scalar = kind !== 'list' && kind !== 'object';
  const refuse = [...MUST_REFUSE[kind]];
  // no scalar field takes a list or an object; no list or object field takes a number
  if (part === 'query' && scalar) refuse.push(['1', '2']);
  if (part === 'body') refuse.push(...(scalar ? [[1, 2], { a: 1 }] : [12345]));
  return refuse;
}

/** The fields of a route's part with their kinds. */
export function fieldsOf(def: RouteDef, part: Part): { key: string; kind: Kind }[] {
  const schema = def[part];
  if (!schema) return [];
  const js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Prop> };
  return Object.entries(js.properties ?? {}).map(([key, prop]) => ({ key, kind: kindOf(key, prop) }));
}

/** The routes the junk runs on (every one but logout, which takes nothing). */
export const JUNK_ROUTES = (Object.entries(ROUTES) as [RouteName, RouteDef][]).filter(([name]) => name !== 'logout');

/** Whether a 400's errors name the field (or a field inside it). */
export const fieldNamed = (errors: { field: string }[] | undefined, key: string) => (errors ?? []).some((e) => e.field === key || e.field.startsWith(`${key}.`));

/** Routes whose query takes `sort` (params.ts sortParams). */
export const SORTED_ROUTES = JUNK_ROUTES.filter(([, def]) => fieldsOf(def, 'query').some((f) => f.key === 'sort'));
/** A sort or direction no sorted route takes (a column it does not name, SQL, a list, a case it does not say). */
export const SORT_JUNK: readonly (readonly ['sort' | 'dir', string | string[]])[] = [
  ['sort', 'id; DROP TABLE device'],
  ['dir', 'up'],
  ['sort', '1'],
  ['sort', ['a', 'b']],
  ['dir', 'ASC'],
];
