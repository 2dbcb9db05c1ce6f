import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopback } from './control.js';
import { refuseDeployment, startFleetSim, type StartedFleetSim } from './server.js';

/** fleet-sim is no part of a deployment (docs/deployment.md "Mode", docs/fleet-sim.md "Control"). */

/** an address of this machine that is not loopback, if it has one */
const external = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

describe('fleet-sim /control answers only on loopback', () => {
  let sim: StartedFleetSim;
  beforeAll(async () => {
    sim = await startFleetSim({ host: '0.0.0.0' });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('answers a caller on loopback', async () => {
    const res = await fetch(`http://127.0.0.1:${sim.port}/control/config`);
    expect(res.status).toBe(200);
  });

  it.skipIf(!external)('refuses the same request from another address, while the Twilio API still answers there', async () => {
    for (const path of ['/control/config', '/control/messages', '/control/mail', '/control/inbound']) {
      const res = await fetch(`http://${external}:${sim.port}${path}`);
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual({ error: 'the /control endpoints answer only on loopback' });
    }
    const post = await fetch(`http://${external}:${sim.port}/control/config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"latencyMs":{"min":0,"max":0}}' });
    expect(post.status).toBe(403);
    // the simulated Twilio REST API is not a control endpoint (its own 401 without the account's credentials)
    const twilio = await fetch(`http://${external}:${sim.port}/2010-04-01/Accounts/${sim.accountSid}/Messages.json`);
    expect(twilio.status).not.toBe(403);
  });

  it('knows loopback addresses', () => {
    for (const a of ['127.0.0.1', '127.5.0.9', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a), a).toBe(true);
    for (const a of ['192.0.2.2', '::ffff:10.0.0.1', 'fd00::2', '127.0.0.1.example', undefined]) expect(isLoopback(a), String(a)).toBe(false);
  });
});

describe('fleet-sim refuses staging and production', () => {
  it('in process', () => {
    expect(() => refuseDeployment('production')).toThrow(/fleet-sim refuses to run with NODE_ENV=production/);
    expect(() => refuseDeployment('staging')).toThrow(/NODE_ENV=staging/);
    expect(() => refuseDeployment('development')).not.toThrow();
    expect(() => refuseDeployment('test')).not.toThrow();
  });

  const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
  it.skipIf(!existsSync(main))('as a process: exits with the reason before listening', () => {
    const r = spawnSync(process.execPath, [main], { env: { ...process.env, NODE_ENV: 'production', FLEET_SIM_PORT: '0', FLEET_SIM_SMTP_PORT: '0', FLEET_SIM_FTP_PORT: '0' }, encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/fleet-sim refuses to run with NODE_ENV=production/);
    expect(r.stdout).not.toMatch(/listening/);
  });
});
