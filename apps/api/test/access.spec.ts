import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROLES, AREA_ROLES, ROUTES, type RoleId, type RouteDef, type RouteName } from '@tracker/contract';
import { READ_ONLY_AREAS, ROUTE_DEF } from '@tracker/server';
import { startApi, userOfRole, type TestApi } from './harness.js';
import { FEATURE_SAMPLES, type SampleRequest } from './samples/index.js';

let api: TestApi;
const tokens = new Map<RoleId, string>();
const whiteLabels = new Map<RoleId, number[]>();

beforeAll(async () => {
  api = await startApi();
  for (const role of ALL_ROLES) {
    const token = await api.signIn(userOfRole(role).username);
    tokens.set(role, token);
    whiteLabels.set(role, (await api.get('/local/role', token)).body.model.white_labels);
  }
});
afterAll(() => api?.close());

let emailSeq = 0;
/** A valid request for each route, so that an allowed role gets 200 (not 400). */
async function validRequest(name: RouteName, role: RoleId): Promise<SampleRequest> {
  const def = ROUTES[name] as RouteDef;
  const sample = FEATURE_SAMPLES[name];
  if (sample) return sample({ api, role, token: tokens.get(role)!, whiteLabels: whiteLabels.get(role) ?? [] });
  switch (name) {
    case 'deviceSearch':
      return { path: `${def.path}?query=35&filter=imei&page=0&count=25` };
    case 'userAdd':
      return {
        path: def.path,
        body: {
          newUser: {
            email: `matrix-${role}-${++emailSeq}@example.com`,
            first_name: 'Matrix',
            last_name: 'Test',
            white_label_vendor_id: whiteLabels.get(role)?.[0] ?? 1,
            language: 'en',
          },
        },
      };
    case 'logout':
      return { path: def.path };
    default:
      return { path: def.path };
  }
}

const protectedRoutes = (Object.entries(ROUTES) as [RouteName, RouteDef][]).filter(
  ([name, def]) => def.area !== 'public' && name !== 'logout',
);

describe('every route declares its area', () => {
  it('has @Endpoint metadata on every handler Nest serves', () => {
    const modules = api.app.get(ModulesContainer);
    const scanner = new MetadataScanner();
    const reflector = api.app.get(Reflector);
    const missing: string[] = [];
    let handlers = 0;
    for (const wrapper of [...modules.values()].flatMap((m) => [...m.controllers.values()])) {
      const proto = wrapper.instance && Object.getPrototypeOf(wrapper.instance);
      if (!proto) continue;
      for (const method of scanner.getAllMethodNames(proto)) {
        const fn = proto[method];
        if (reflector.get(PATH_METADATA, fn) === undefined) continue;
        handlers++;
        if (!reflector.get(ROUTE_DEF, fn)) missing.push(`${wrapper.name}.${method}`);
      }
    }
    expect(handlers).toBeGreaterThanOrEqual(Object.keys(ROUTES).length);
    expect(missing).toEqual([]);
  });

  // one test per route (each with its own timeout: a slow machine does not fail the whole walk at once)
  it.each((Object.entries(ROUTES) as [RouteName, RouteDef][]).filter(([name]) => name !== 'logout'))('serves the route %s', async (name, def) => {
    const req = await validRequest(name, 1);
    const path = req.path.replace(':uuid', '00000000-0000-4000-8000-000000000000');
    const r = await api.call(def.method, path, { token: tokens.get(1)!, form: req.multipart, body: req.body ?? (def.method === 'POST' && !req.multipart ? {} : undefined) });
    expect(r.status, `${def.method} ${def.path}`).not.toBe(404);
  });
});

describe('read-only refusals (§6 permission check)', () => {
  it('answer READ_ONLY_ROLE in the request language for roles 9 and 10 on the device change areas', async () => {
    const edits = protectedRoutes.filter(([, def]) => def.area === 'deviceEdit' || def.area === 'deviceSettingsEdit');
    expect(edits.length).toBeGreaterThan(0);
    const messages = {
      en: 'Your role has read-only access here: you can view this but not change it.',
      de: 'Ihre Rolle hat hier nur Lesezugriff: Sie können dies ansehen, aber nicht ändern.',
      es: 'Su rol tiene acceso de solo lectura aquí: puede verlo, pero no modificarlo.',
    };
    const settings = edits.find(([, def]) => def.area === 'deviceSettingsEdit')!;
    for (const [lng, text] of Object.entries(messages)) {
      const req = await validRequest(settings[0], 10);
      const r = await api.call(settings[1].method, req.path, {
        token: tokens.get(10),
        body: req.body,
        form: req.multipart,
        headers: { 'accept-language': lng },
      });
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ code: 'READ_ONLY_ROLE', error: text, request_id: expect.any(String) });
    }
    // role 11 may not open the device tabs at all: that stays the navigation refusal
    const [name, def] = edits[0]!;
    const req = await validRequest(name, 11);
    const r = await api.call(def.method, req.path, { token: tokens.get(11), body: req.body, form: req.multipart });
    expect(r.body.code).toBe('FORBIDDEN');
  });
});

describe('role x route matrix (§6)', () => {
  for (const [name, def] of protectedRoutes) {
    describe(`${def.method} ${def.path} [${def.area}]`, () => {
      it('answers 401 without a session', async () => {
        const req = await validRequest(name, 1);
        const r = await api.call(def.method, req.path, { body: req.body, form: req.multipart });
        expect(r.status).toBe(401);
      });
      for (const role of ALL_ROLES) {
        const allowed = (AREA_ROLES[def.area] as readonly number[]).includes(role);
        it(`role ${role} gets ${allowed ? 200 : 403}`, async () => {
          const req = await validRequest(name, role);
          const r = await api.call(def.method, req.path, { token: tokens.get(role), body: req.body, form: req.multipart });
          expect(r.status, JSON.stringify(r.body)).toBe(allowed ? 200 : 403);
          if (!allowed && READ_ONLY_AREAS[def.area]?.includes(role)) {
            // a read-only role changing what it may see: its own code and message, not the navigation text
            expect(r.body.code).toBe('READ_ONLY_ROLE');
            expect(r.body.error).toBe('Your role has read-only access here: you can view this but not change it.');
          } else if (!allowed) {
            expect(r.body.code).toBe('FORBIDDEN');
            expect(r.body.error).toBe('401, You are not authorised to view this section');
          }
        });
      }
    });
  }
});
