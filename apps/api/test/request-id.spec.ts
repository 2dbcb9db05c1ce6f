import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './harness.js';

// Every answer carries its request id (X-Request-Id: the caller's when it looks like one, else a new UUID), an error
// body says it as `request_id` (the console shows it in the error toast), and the log line of the request has it
// as `reqId`, so a quoted id finds the request (docs/operations.md "Logs").
let api: TestApi;
let dir: string;
let logFile: string;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'request-id-'));
  logFile = join(dir, 'api.log');
  api = await startApi({ LOG_LEVEL: 'info', LOG_FILE: logFile });
});
afterAll(async () => {
  await api?.close();
  delete process.env.LOG_FILE;
  rmSync(dir, { recursive: true, force: true });
});

describe('request id', () => {
  it('is generated when the caller sends none, and answered in the header', async () => {
    const r = await api.get('/local/role');
    expect(r.status).toBe(401);
    const id = r.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect(r.body.request_id).toBe(id);
    const other = await api.get('/local/role');
    expect(other.headers.get('x-request-id')).not.toBe(id);
  });

  it("keeps the caller's X-Request-Id, in the header, the error body and the log line", async () => {
    const r = await api.call('POST', '/login', { body: { username: 'admin' }, headers: { 'X-Request-Id': 'support-case-4711' } });
    expect(r.status).toBe(400);
    expect(r.headers.get('x-request-id')).toBe('support-case-4711');
    expect(r.body).toMatchObject({ code: 'VALIDATION_FAILED', request_id: 'support-case-4711' });
    const token = await api.signIn('admin');
    const ok = await api.call('GET', '/local/role', { token, headers: { 'X-Request-Id': 'support-case-4712' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-request-id')).toBe('support-case-4712');
    const lines = readFileSync(logFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const line = lines.find((l) => l.reqId === 'support-case-4711' && l.msg === 'request');
    expect(line).toMatchObject({ method: 'POST', status: 400, reqId: 'support-case-4711' });
    expect(lines.find((l) => l.reqId === 'support-case-4712')).toMatchObject({ status: 200, user: 'admin' });
  });

  it('refuses an id that is not one (spaces, line breaks, too long) and makes its own', async () => {
    for (const bad of ['two words', 'x'.repeat(200)]) {
      const r = await api.call('GET', '/local/role', { headers: { 'X-Request-Id': bad } });
      expect(r.headers.get('x-request-id')).toMatch(UUID);
    }
  });

  it('is answered outside /api too (probes, the console)', async () => {
    const r = await fetch(`${api.base}/health/live`, { headers: { 'X-Request-Id': 'probe-1' } });
    expect(r.headers.get('x-request-id')).toBe('probe-1');
  });
});
