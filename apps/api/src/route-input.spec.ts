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

describe("a gateway's URL and rate (POST /smsgateway/save), on its validation", () => {
  // moved down from admin-config.spec, which keeps one refused body through HTTP (the wiring and the coded messages)
  const messages = (body: Record<string, unknown>) => validateRouteInput(ROUTES.smsGatewaySave, { body }).errors.map((e) => `${e.field}: ${e.message}`);
  it.each(['not a url', 'https://user:secret@gw.example.com', 'javascript:alert(1)', 'http://', 'https://gw.example.com/?key=secret', 'https://gw.example.com/#x'])(
    'url %s: refused with the way to write it',
    (url) => {
      expect(messages({ name: 'G', allowed: '+7', url, from_number: '+4915735980001' })).toEqual(['url: Enter the gateway URL with http:// or https://, e.g. https://api.twilio.com']);
    },
  );
  it.each([1001, '1.5', -1, '1e3'])('rate_per_second %s: refused with the range', (rate) => {
    expect(messages({ name: 'G', allowed: '+7', from_number: '+4915735980001', rate_per_second: rate })).toEqual(['rate_per_second: rate_per_second must be a whole number from 1 to 1000']);
  });
});

describe('ids and codes in the query, on their validation', () => {
  // moved down from device-workspace.spec and owner-zones-devices.spec, which keep one case each through HTTP
  const first = (name: 'deviceDetails' | 'deviceByCodeOrImsi', query: Record<string, string>) => validateRouteInput(ROUTES[name], { query }).errors[0];
  it.each(['abc', '-3', '0x10', '1e3'])('device_details?device_id=%s: required (a positive whole number)', (v) => {
    expect(first('deviceDetails', { device_id: v })).toMatchObject({ field: 'device_id', message: 'device_id is required (a positive whole number)' });
  });
  it.each(['12345678901234', '1234567890123456'])('by_code_or_imsi?param=%s: exactly 15 characters', (param) => {
    expect(first('deviceByCodeOrImsi', { param, type: '1' })).toMatchObject({ field: 'param', message: 'Activation code or IMSI must be exactly 15 characters' });
  });
});
