import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppConfig } from '@tracker/server';
import { startApi, type TestApi } from './harness.js';

// startApi({}, { fleetSim }) (harness.ts): the api's Twilio is an in-process fleet-sim on the api's database, and
// fleet-sim's callbacks reach this api (docs/fleet-sim.md). What the api does with them is the pipeline's (sms-*).
describe('the api started with fleet-sim', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({}, { fleetSim: { latencyMs: { min: 0, max: 0 } } });
  });
  afterAll(() => api?.close());

  it('is configured for it: TWILIO_API_URL is fleet-sim, SMS_WEBHOOK_BASE_URL this api', () => {
    const config = api.app.get(AppConfig);
    expect(config.get('TWILIO_API_URL')).toBe(api.fleetSim!.url);
    expect(config.get('SMS_WEBHOOK_BASE_URL')).toBe(api.base);
    expect(config.get('TWILIO_ACCOUNT_SID')).toBe(api.fleetSim!.accountSid);
    expect(config.get('TWILIO_AUTH_TOKEN')).toBe(api.fleetSim!.authToken);
  });

  it("posts a watch's message to this api's inbound webhook", async () => {
    const { rows } = await api.pool.query<{ gsm_number: string }>("select gsm_number from device where gsm_number like '+%' limit 1");
    const posted = await api.fleetSim!.control.speak(rows[0]!.gsm_number, 'SOS:ALARM');
    // an HTTP status (whatever the pipeline answers), not null: the api was reached at the URL fleet-sim was given
    expect(posted.answered).toEqual(expect.any(Number));
  });
});
