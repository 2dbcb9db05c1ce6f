import { describe, expect, it } from 'vitest';
import { DEVICE_ROUTES, ROUTES, type RouteDef } from '@tracker/contract';
import { validateRouteInput, type RouteInput } from '@tracker/server';
import { fieldNamed, fieldsOf, JUNK_ROUTES, refusedValues, SORT_JUNK, SORTED_ROUTES, type Part } from '../test/junk.js';

// Junk in every parameter of every route, on the validation every request goes through (validateRouteInput: control
// characters, unknown fields, the route's schemas, issues said as codes), without a server. The api's params.spec
// proves through HTTP that each route's parts reach it, and that what passes it never ends in a 500.

/** A value as Express hands it over: query values as strings (a list as repeated keys), path params decoded, a JSON body. */
function asSent(part: Part, key: string, value: unknown): RouteInput {
  if (part === 'query') return { query: { [key]: Array.isArray(value) ? value.map(String) : String(value) } };
  if (part === 'params') return { params: { [key]: String(value) } };
  return { body: JSON.parse(JSON.stringify({ [key]: value })) };
}

describe('junk in every parameter of every route, on its validation', () => {
  it.each(JUNK_ROUTES.map(([name]) => name))('%s: refused, naming the field', (name) => {
    const def = ROUTES[name] as RouteDef;
    const problems: string[] = [];
    for (const part of ['query', 'params', 'body'] as const) {
      for (const { key, kind } of fieldsOf(def, part)) {
        for (const value of refusedValues(part, kind)) {
          const { errors } = validateRouteInput(def, asSent(part, key, value));
          const mine = errors.filter((e) => e.field === key || e.field.startsWith(`${key}.`));
          const shown = JSON.stringify(value)?.slice(0, 40);
          if (!fieldNamed(errors, key)) problems.push(`${part}.${key}=${shown}: no error names it: ${JSON.stringify(errors).slice(0, 160)}`);
          // house rule "Reasons and messages": the device workspace says every field error as a code, none as a
          // sentence under the generic `text`
          else if (name in DEVICE_ROUTES && mine.some((e) => e.code === 'text')) problems.push(`${part}.${key}=${shown}: a sentence, not a code: ${JSON.stringify(mine).slice(0, 160)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('sorted lists: only the sorts a route names, on its validation', () => {
  it.each(SORTED_ROUTES.map(([name]) => name))('%s: sort and dir outside the list are refused naming the field and what it takes', (name) => {
    const def = ROUTES[name] as RouteDef;
    for (const [key, value] of SORT_JUNK) {
      const mine = validateRouteInput(def, asSent('query', key, value)).errors.filter((e) => e.field === key);
      expect(mine, `${key}=${String(value)}`).toHaveLength(1);
      expect(mine[0]!.message).toMatch(new RegExp(`^${key} must be one of `));
    }
  });
});
