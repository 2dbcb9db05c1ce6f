import { describe, expect, it } from 'vitest';
import { buildOpenApi } from './openapi.js';

type Doc = { components: { schemas: { Error: { properties: Record<string, unknown>; required: string[] } } }; paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>> };

describe('the OpenAPI document', () => {
  const doc = buildOpenApi() as unknown as Doc;

  it('describes the error answer, request_id included (the id a support agent quotes)', () => {
    const error = doc.components.schemas.Error;
    expect(Object.keys(error.properties)).toEqual(['error', 'code', 'errors', 'request_id']);
    expect(error.required).toEqual(['error', 'code']);
  });

  it("gives every call's error answers that body", () => {
    const ref = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const status of ['400', 'default']) expect(op.responses[status]?.content, `${method} ${path} ${status}`).toEqual(ref);
      }
    }
    expect(doc.paths['/api/admin/jobs']!.get!.responses['403']!.content).toEqual(ref);
  });
});
