// `node apps/fleet-sim/dist/main.js`: fleet-sim as a process (npm start, e2e). Configuration: docs/fleet-sim.md.
import { knobsFromEnv } from './knobs.js';
import { refuseDeployment, startFleetSim } from './server.js';
import { DEFAULT_ACCOUNT_SID, DEFAULT_AUTH_TOKEN } from './sim.js';

const env = process.env;
try {
  refuseDeployment(env.NODE_ENV);
} catch (e) {
  console.error(`[fleet-sim] ${(e as Error).message}`);
  process.exit(1);
}
const port = Number(env.FLEET_SIM_PORT ?? 3010);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`FLEET_SIM_PORT: a port number (got ${env.FLEET_SIM_PORT})`);

const smtpPort = Number(env.FLEET_SIM_SMTP_PORT ?? 3025);
if (!Number.isInteger(smtpPort) || smtpPort < 0 || smtpPort > 65535) throw new Error(`FLEET_SIM_SMTP_PORT: a port number (got ${env.FLEET_SIM_SMTP_PORT})`);

const ftpPort = Number(env.FLEET_SIM_FTP_PORT ?? 2121);
if (!Number.isInteger(ftpPort) || ftpPort < 0 || ftpPort > 65535) throw new Error(`FLEET_SIM_FTP_PORT: a port number (got ${env.FLEET_SIM_FTP_PORT})`);

const sim = await startFleetSim({
  port,
  smtpPort,
  host: env.FLEET_SIM_HOST ?? '127.0.0.1',
  accountSid: env.TWILIO_ACCOUNT_SID || DEFAULT_ACCOUNT_SID,
  authToken: env.TWILIO_AUTH_TOKEN || DEFAULT_AUTH_TOKEN,
  inboundUrl: env.FLEET_SIM_INBOUND_URL || null,
  databaseUrl: env.DATABASE_URL || null,
  gatewayNumber: env.FLEET_SIM_GATEWAY_NUMBER || undefined,
  knobs: knobsFromEnv(env),
  ftpPort,
  ftpRoot: env.FLEET_SIM_FTP_ROOT || undefined,
  ftpUser: env.FLEET_SIM_FTP_USER || undefined,
  ftpPassword: env.FLEET_SIM_FTP_PASSWORD || undefined,
  ftpDownloadUser: env.FLEET_SIM_FTP_DOWNLOAD_USER || undefined,
  ftpDownloadPassword: env.FLEET_SIM_FTP_DOWNLOAD_PASSWORD || undefined,
  log: (line) => console.log(line),
});
console.log(`[fleet-sim] Twilio API and watches on ${sim.url} (control: ${sim.url}/control/config), mail sink on ${sim.smtpUrl} (${sim.url}/control/mail), firmware FTP on 127.0.0.1:${sim.ftp.port} (${sim.ftp.root})`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void sim.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
