import { z } from 'zod';
import { AREA_ROLES, errorBody, ROUTES, type RouteDef } from '@tracker/contract';

/**
 * A schema's JSON Schema. A member zod cannot represent (a file answer, `z.undefined()`) comes out as `{}`, which in
 * an `anyOf` would match anything: such members are dropped (a download is described by its content type instead).
 */
const json = (schema: z.ZodType) => tidy(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));

function tidy<T>(node: T): T {
  if (Array.isArray(node)) return node.map(tidy) as T;
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = tidy(v);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = out[key] as Record<string, unknown>[] | undefined;
    if (!Array.isArray(list)) continue;
    const kept = list.filter((m) => Object.keys(m).length > 0);
    if (kept.length === list.length) continue;
    delete out[key];
    if (kept.length === 1) Object.assign(out, kept[0]);
    else if (kept.length > 1) out[key] = kept;
  }
  return out as T;
}

/** Every error answer's body (the contract's ErrorBody: error, code, errors, request_id), by reference. */
const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
const error = (description: string) => ({ description, content: ERROR_CONTENT });

/** OpenAPI 3.1 document generated from the contract's route registry (served at /api/docs/openapi.json). */
export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, def] of Object.entries(ROUTES) as [string, RouteDef][]) {
    const path = `/api${def.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
    const parameters: unknown[] = [];
    for (const [where, schema] of [['query', def.query], ['path', def.params]] as const) {
      if (!schema) continue;
      const js = json(schema) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [pname, pschema] of Object.entries(js.properties ?? {})) {
        parameters.push({ name: pname, in: where, required: where === 'path' || (js.required ?? []).includes(pname), schema: pschema });
      }
    }
    paths[path] ??= {};
    paths[path][def.method.toLowerCase()] = {
      operationId: name,
      summary: def.summary,
      tags: [def.area],
      'x-area': def.area,
      'x-roles': AREA_ROLES[def.area],
      parameters,
      ...(def.body ? { requestBody: { required: true, content: { 'application/json': { schema: json(def.body) } } } } : {}),
      responses: {
        '200': { description: 'OK', content: { 'application/json': { schema: json(def.response) } } },
        '400': error('Invalid input'),
        ...(def.area === 'public' ? {} : { '401': error('No valid session'), '403': error('Role not allowed') }),
        default: error('Any other error (404, 409, 413, 429, 500, ...)'),
      },
      security: def.area === 'public' ? [] : [{ bearer: [] }],
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tracker back-office api',
      version: '1',
      description: 'The REST contract of the back-office console (spec §7), generated from the route registry.',
      license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
    },
    // paths carry their /api prefix: the server is the origin that serves the console
    servers: [{ url: '/', description: 'the api, on the origin that serves the console' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: json(errorBody) },
    },
    paths,
  };
}

/** A plain page listing every endpoint with its roles (no external assets: works offline). */
export function openApiHtml(doc: Record<string, unknown>): string {
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  const rows: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { summary: string; 'x-area': string; 'x-roles': number[] }>>)) {
    for (const [method, op] of Object.entries(ops)) {
      rows.push(`<tr><td><code>${method.toUpperCase()}</code></td><td><code>${esc(path)}</code></td><td>${esc(op.summary)}</td><td>${esc(op['x-area'])}</td><td>${op['x-roles'].join(', ')}</td></tr>`);
    }
  }
  return `<!doctype html><html><head><meta charset="utf-8"><title>API docs</title>
<style>body{font:14px system-ui;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}</style></head>
<body><h1>Tracker back-office api</h1><p>Machine-readable: <a href="/api/docs/openapi.json">openapi.json</a>. Every call needs the <code>request-origin</code> header; non-public calls need <code>Authorization: Bearer &lt;token&gt;</code>.</p>
<table><tr><th>Method</th><th>Path</th><th>What</th><th>Area</th><th>Roles</th></tr>${rows.join('')}</table></body></html>`;
}
