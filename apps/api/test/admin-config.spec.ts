import { describe, expect, it } from 'vitest';
import { AppConfig, PgPool, RedisService, SmsDispatchRepository, SmsGateways, routeNumber } from '@tracker/server';
import { apiForFile, type TestApi } from './harness.js';

let api: TestApi;
let admin: string;
apiForFile(['admin'], (started, [token]) => ([api, admin] = [started, token]));

const audits = async (entity: string, id: number) =>
  (await api.pool.query(`SELECT action, before, after FROM audit_event WHERE entity = $1 AND entity_id = $2 ORDER BY id`, [entity, String(id)])).rows;
const messages = (r: { body: { errors: { field: string; message: string }[] } }) => r.body.errors.map((e) => `${e.field}: ${e.message}`);

describe('POST /operator/save', () => {
  it('adds an operator with the §9 defaults, edits it, and audits before and after', async () => {
    const add = await api.post('/operator/save', { name: 'Telco Nord', start: '26207' }, admin);
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const op = add.body.model;
    expect(op).toMatchObject({ name: 'Telco Nord', start: '26207', region: 'EU', device_types: [], terms_key: 'MOBILE_OPERATORS_TERMS', zones_limit: 5, contacts_limit: 5, alarms_limit: 10 });
    const edit = await api.post('/operator/save', { id: op.id, name: 'Telco Nord', start: '26207', region: 'US', device_types: [1, 2], contacts_limit: 8 }, admin);
    expect(edit.body.model).toMatchObject({ id: op.id, region: 'US', device_types: [1, 2], contacts_limit: 8, zones_limit: 5 });
    const list = await api.get('/operator/list', admin);
    expect(list.body.model.find((o: { id: number }) => o.id === op.id)).toMatchObject({ region: 'US', contacts_limit: 8 });
    const trail = await audits('operator', op.id);
    expect(trail).toHaveLength(2);
    expect(trail[0]).toMatchObject({ action: 'POST /operator/save', before: null, after: { region: 'EU' } });
    expect(trail[1]).toMatchObject({ before: { region: 'EU', contacts_limit: 5 }, after: { region: 'US', contacts_limit: 8 } });
  });

  it('names each bad field', async () => {
    const r = await api.post('/operator/save', { name: '', start: '2620', region: 'EUROPE', zones_limit: -1, terms_key: 'has space' }, admin);
    expect(r.status).toBe(400);
    expect(messages(r).sort()).toEqual([
      'name: name is required',
      'region: region must be one of EU, US, SA',
      'start: Start is the MCC (3 digits) followed by the MNC (2 digits)',
      'terms_key: Terms key may hold letters, digits and . _ - only',
      'zones_limit: zones_limit must be a whole number from 0 to 1000',
    ]);
    const types = await api.post('/operator/save', { name: 'X', start: '26201', device_types: [999] }, admin);
    expect(messages(types)).toEqual(['device_types: Unknown device type']);
    const missing = await api.post('/operator/save', { id: 999999, name: 'X', start: '26201' }, admin);
    expect(missing.status).toBe(404);
  });
});

describe('POST /voipcentral/save', () => {
  it('adds and edits a central with its phone in E.164, audited', async () => {
    const add = await api.post('/voipcentral/save', { name: 'Central Berlin', phone: '0049 30 1234 5678' }, admin);
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body.model).toMatchObject({ name: 'Central Berlin', phone: '+493012345678' });
    const edit = await api.post('/voipcentral/save', { id: add.body.model.id, name: 'Central Berlin 2', phone: '+493012345679' }, admin);
    expect(edit.body.model).toMatchObject({ name: 'Central Berlin 2', phone: '+493012345679' });
    const trail = await audits('voip_central', add.body.model.id);
    expect(trail[1]).toMatchObject({ before: { phone: '+493012345678' }, after: { phone: '+493012345679' } });
  });

  it('refuses a phone that is no international number', async () => {
    const r = await api.post('/voipcentral/save', { name: 'X', phone: '12' }, admin);
    expect(r.status).toBe(400);
    expect(messages(r)).toEqual(['phone: Enter the number in international form: + country code and number, 8 to 15 digits']);
  });
});

describe('POST /smsgateway/save', () => {
  it('normalises the codes: spaces stripped, blanks dropped, 00 and bare digits read as +', async () => {
    const r = await api.post('/smsgateway/save', { name: 'Gateway East', allowed: ' +7, ,00380 , 37 5,+7', command: '', from_number: '+4915735980001' }, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.model).toMatchObject({ name: 'Gateway East', allowed: ['+7', '+380', '+375'], command: null, enabled: true, url: null, from_number: '+4915735980001', rate_per_second: 10 });
    const trail = await audits('sms_gateway', r.body.model.id);
    expect(trail[0]).toMatchObject({ before: null, after: { allowed: ['+7', '+380', '+375'] } });
  });

  it('answers bad codes and an empty list field by field', async () => {
    const bad = await api.post('/smsgateway/save', { name: 'G', allowed: '+7, +49a', from_number: '+4915735980001' }, admin);
    expect(messages(bad)).toEqual(['allowed: Phone code +49a is not a country calling code (+ and 1 to 4 digits)']);
    const none = await api.post('/smsgateway/save', { name: 'G', allowed: ' , ,', from_number: '+4915735980001' }, admin);
    expect(messages(none)).toEqual(['allowed: Enter at least one phone code']);
  });

  it('refuses a code another enabled gateway serves; a disabled gateway may hold it', async () => {
    const taken = await api.post('/smsgateway/save', { name: 'Gateway DE', allowed: '+33, +49', from_number: '+4915735980001' }, admin);
    expect(taken.status).toBe(409);
    expect(messages(taken)).toEqual(['allowed: Phone code +49 is already served by gateway Development gateway (fleet-sim)']);
    expect((await api.pool.query(`SELECT 1 FROM sms_gateway WHERE name = 'Gateway DE'`)).rowCount).toBe(0);
    // the seed's gateway 2 is disabled and holds +49 too: its edits pass
    const disabled = await api.post('/smsgateway/save', { id: 2, name: 'Twilio EU', allowed: '+49, +34', from_number: '+4915735980000', enabled: false }, admin);
    expect(disabled.status).toBe(200);
  });

  it('reaches the routing at once, in every process (the version counter in Redis)', async () => {
    const app = api.app;
    // a second process's view: its own SmsGateways over the same Postgres and Redis
    const gateways = new SmsGateways(app.get(AppConfig), new SmsDispatchRepository(app.get(PgPool)), app.get(RedisService));
    expect(routeNumber(await gateways.enabled(), '+447700900123')?.id).toBe(1);
    const gw1 = (await api.get('/smsgateway/list', admin)).body.model.find((g: { id: number }) => g.id === 1);
    const without44 = gw1.allowed.filter((c: string) => c !== '+44');
    expect((await api.post('/smsgateway/save', { ...gw1, allowed: without44 }, admin)).status).toBe(200);
    const add = await api.post('/smsgateway/save', { name: 'Gateway UK', allowed: '+44', from_number: '+447700900001' }, admin);
    expect(add.status).toBe(200);
    expect(routeNumber(await gateways.enabled(), '+447700900123')?.id).toBe(add.body.model.id);
  });

  it('edits enabled, URL, sender and rate, each checked with its coded message, and audits them before and after', async () => {
    const bad = await api.post('/smsgateway/save', { name: 'G', allowed: '+7', url: 'ftp://gw.example.com', from_number: '12', rate_per_second: 0, enabled: 'yes' }, admin);
    expect(bad.status).toBe(400);
    expect(messages(bad).sort()).toEqual([
      'enabled: Must be true or false',
      'from_number: Enter the number in international form: + country code and number, 8 to 15 digits',
      'rate_per_second: rate_per_second must be a whole number from 1 to 1000',
      'url: Enter the gateway URL with http:// or https://, e.g. https://api.twilio.com',
    ]);
    // every URL and rate the schema refuses: apps/api/src/route-input.spec.ts (no server needed)
    // a gateway without a sender number cannot send: the number is required
    expect(messages(await api.post('/smsgateway/save', { name: 'G', allowed: '+7' }, admin))).toEqual(['from_number: from_number is required']);

    const add = await api.post('/smsgateway/save', { name: 'Gateway Nord', allowed: '+45', from_number: '0045 20 12 34 56', enabled: false }, admin);
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body.model).toMatchObject({ enabled: false, url: null, from_number: '+4520123456', rate_per_second: 10 });
    const id = add.body.model.id;
    const done = await api.post('/smsgateway/save', { id, name: 'Gateway Nord', allowed: '+45', from_number: '+4520123457', url: 'https://gw.example.com/sms/', rate_per_second: 25, enabled: true }, admin);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.model).toMatchObject({ enabled: true, url: 'https://gw.example.com/sms', from_number: '+4520123457', rate_per_second: 25 });
    expect((await api.get('/smsgateway/list', admin)).body.model.find((g: { id: number }) => g.id === id)).toEqual(done.body.model);
    const trail = await audits('sms_gateway', id);
    expect(trail).toHaveLength(2);
    expect(trail[1]).toMatchObject({
      action: 'POST /smsgateway/save',
      before: { enabled: false, url: null, from_number: '+4520123456', rate_per_second: 10 },
      after: { enabled: true, url: 'https://gw.example.com/sms', from_number: '+4520123457', rate_per_second: 25 },
    });
  });

  it('enabling a gateway whose code an enabled gateway serves is refused; disabling frees its codes', async () => {
    const holder = await api.post('/smsgateway/save', { name: 'Gateway Holder', allowed: '+46', from_number: '+46701234567' }, admin);
    expect(holder.status, JSON.stringify(holder.body)).toBe(200);
    const spare = await api.post('/smsgateway/save', { name: 'Gateway Spare', allowed: '+46', from_number: '+46701234568', enabled: false }, admin);
    expect(spare.status, JSON.stringify(spare.body)).toBe(200);
    const enable = await api.post('/smsgateway/save', { ...spare.body.model, enabled: true }, admin);
    expect(enable.status).toBe(409);
    expect(messages(enable)).toEqual(['allowed: Phone code +46 is already served by gateway Gateway Holder']);
    expect((await api.pool.query('SELECT enabled FROM sms_gateway WHERE id = $1', [spare.body.model.id])).rows[0].enabled).toBe(false);
    expect((await api.post('/smsgateway/save', { ...holder.body.model, enabled: false }, admin)).status).toBe(200);
    expect((await api.post('/smsgateway/save', { ...spare.body.model, enabled: true }, admin)).status).toBe(200);
  });
});
