// The api's own CPU per request, by kind of request, on the dev stack's small database (what the api does per request
// hardly depends on the fleet's size): a public route with no session (the framework's floor), a signed-in read of a
// reference list, dashboard searches, and the gateway's signed delivery report (for a message it does not know: the
// HTTP part of the SMS path's four calls per message); optionally under `node --cpu-prof` (read it with bench/profile/summary.mjs).
//
//   node bench/profile/api-requests.mjs [--requests 3000] [--concurrency 10] [--profile DIR] [--database tracker] [--only text]
//
// After `npm run build`. Uses the database `tracker` of the local stack (`npm start`'s), or another one seeded there
// (e.g. tracker_scale_5000000 of bench/scale).
import { parseArgs } from 'node:util';
import pg from 'pg';
import { adminToken, benchDatabase, closedLoop, freePort, procCpuMs, productionEnv, searchQueries, SMS_ENV, startApp, waitForApi, warmUp } from '../lib.mjs';

const { values: opts } = parseArgs({
  options: {
    requests: { type: 'string', default: '3000' },
    concurrency: { type: 'string', default: '10' },
    profile: { type: 'string' },
    database: { type: 'string', default: 'tracker' },
    // only the kinds whose name contains this text (e.g. "delivery", "search")
    only: { type: 'string' },
  },
});
const N = Number(opts.requests);
const C = Number(opts.concurrency);
const { stack, databaseUrl } = await benchDatabase(opts.database);
const port = await freePort();
const base = `http://127.0.0.1:${port}/api`;
const api = startApp('api', productionEnv({ databaseUrl, redisUrl: stack.redisUrl, port }), 'ignore', opts.profile ? ['--cpu-prof', `--cpu-prof-dir=${opts.profile}`] : []);
try {
  await waitForApi(base);
  const token = await adminToken(base, databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const queries = await searchQueries(pool);
  await pool.end();
  const headers = { 'request-origin': 'backoffice-console' };
  const get = async (path, auth) => {
    const r = await fetch(`${base}${path}`, { headers: auth ? { ...headers, authorization: `Bearer ${token}` } : headers });
    if (!r.ok) throw new Error(`${path}: ${r.status}`);
    await r.arrayBuffer();
  };
  // the gateway's delivery report, signed as Twilio signs it (the api checks it against SMS_WEBHOOK_BASE_URL)
  const { twilioSignature } = await import('../../libs/server/dist/sms/gateway/signature.js');
  const statusUrl = `${SMS_ENV.SMS_WEBHOOK_BASE_URL}/api/sms/webhook/status`;
  let n = 0;
  const report = async () => {
    const params = { MessageSid: `SMbench${String(++n).padStart(27, '0')}`, MessageStatus: 'delivered', SmsStatus: 'delivered', AccountSid: SMS_ENV.TWILIO_ACCOUNT_SID, To: '+15550000000', From: '+15550000001', ApiVersion: '2010-04-01' };
    params.SmsSid = params.MessageSid;
    const r = await fetch(`${base}/sms/webhook/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(SMS_ENV.TWILIO_AUTH_TOKEN, statusUrl, params) },
      body: new URLSearchParams(params).toString(),
    });
    if (!r.ok) throw new Error(`delivery report: ${r.status} ${await r.text()}`);
    await r.arrayBuffer();
  };
  const kinds = {
    'gateway delivery report (POST /sms/webhook/status, signed, unknown message)': report,
    'public route (GET /console/config, no session)': () => get('/console/config', false),
    'reference list (GET /device/types, signed in)': () => get('/device/types', true),
    ...Object.fromEntries(
      Object.entries(queries.filters).map(([name, q]) => [
        `search: ${name}`,
        () => {
          const { filter, query } = q();
          return get(`/device/search?filter=${filter}&query=${encodeURIComponent(query)}&page=0&count=25`, true);
        },
      ]),
    ),
  };
  console.log(`| request | api CPU ms per request | requests/s at ${C} clients |\n|---|---|---|`);
  for (const [name, fn] of Object.entries(kinds).filter(([k]) => !opts.only || k.includes(opts.only))) {
    await warmUp(fn, C);
    const before = procCpuMs(api.pid);
    const r = await closedLoop(fn, N, C);
    console.log(`| ${name} | ${((procCpuMs(api.pid) - before) / N).toFixed(3)} | ${r.rate.toFixed(0)} |`);
  }
} finally {
  api.kill('SIGTERM');
  await new Promise((r) => api.once('exit', r));
}
