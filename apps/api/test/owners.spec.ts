import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './harness.js';

let api: TestApi;
let admin: string;
let partnerA: string;
let partnerAWls: number[];
let allWls: number[];

beforeAll(async () => {
  api = await startApi();
  admin = await api.signIn('admin');
  partnerA = await api.signIn('partnera-tier1');
  partnerAWls = (await api.get('/local/role', partnerA)).body.model.white_labels;
  allWls = (await api.get('/whitelabel/list', admin)).body.model.map((w: { id: number }) => w.id);
});
afterAll(() => api?.close());

const newUser = (over: Record<string, unknown> = {}) => ({
  newUser: { email: 'new.parent@example.com', first_name: 'Nina', last_name: 'Neu', white_label_vendor_id: allWls[0], language: 'de', ...over },
});

describe('POST /user/add', () => {
  it('creates an owner, audits it, and refuses the same e-mail twice', async () => {
    const r = await api.post('/user/add', newUser(), admin);
    expect(r.status).toBe(200);
    const id = r.body.model.id;
    const row = (await api.pool.query('select email, first_name, language from owner where id = $1', [id])).rows[0];
    expect(row).toEqual({ email: 'new.parent@example.com', first_name: 'Nina', language: 'de' });
    const audit = await api.pool.query(`select actor_name from audit_event where action = 'POST /user/add'`);
    expect(audit.rows.map((a) => a.actor_name)).toContain('admin');

    const dup = await api.post('/user/add', newUser({ email: 'New.Parent@example.com' }), admin);
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('Duplicate entry');
  });

  it('explains invalid input field by field', async () => {
    const r = await api.post('/user/add', newUser({ email: 'not-an-email', first_name: '', phone: '12' }), admin);
    expect(r.status).toBe(400);
    const fields = r.body.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['newUser.email', 'newUser.first_name', 'newUser.phone']);
    const unknownWl = await api.post('/user/add', newUser({ email: 'x1@example.com', white_label_vendor_id: 99999 }), admin);
    expect(unknownWl.status).toBe(400);
  });

  it("keeps non-admins inside their white labels", async () => {
    // the seed gives partner A some white labels and not others
    const foreign = allWls.find((w) => !partnerAWls.includes(w));
    expect(foreign, 'seed: a white label outside partner A').toBeDefined();
    const r = await api.post('/user/add', newUser({ email: 'x2@example.com', white_label_vendor_id: foreign }), partnerA);
    expect(r.status).toBe(403);
    const ok = await api.post('/user/add', newUser({ email: 'x3@example.com', white_label_vendor_id: partnerAWls[0] }), partnerA);
    expect(ok.status).toBe(200);
  });
});
