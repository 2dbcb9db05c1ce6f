import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { twilioApi } from './api.js';
import { controlApi, fleetSimControl, type FleetSimControl } from './control.js';
import { MailSink } from './mail.js';
import { startFtp } from './ftp.js';
import { FleetSim, type FleetSimOptions } from './sim.js';

export interface StartedFleetSim {
  /** base URL, e.g. http://127.0.0.1:3010: TWILIO_API_URL of the api and worker */
  url: string;
  port: number;
  /** the mail sink, e.g. smtp://127.0.0.1:3025: SMTP_URL of the api */
  smtpUrl: string;
  /**
   * the firmware FTP server (docs/fleet-sim.md "FTP"): port, the folder it serves, its upload login (`user`,
   * `password`: full rights) and its download login (`downloadUser`, `downloadPassword`: list and read only)
   */
  ftp: { port: number; root: string; user: string; password: string; downloadUser: string; downloadPassword: string };
  accountSid: string;
  authToken: string;
  control: FleetSimControl;
  close(): Promise<void>;
}

/**
 * fleet-sim is a development and test tool: it answers as Twilio with a published account, hands out every SMS and
 * mail, and signs any inbound message. It refuses to run in staging or production (docs/deployment.md "Mode").
 */
export function refuseDeployment(mode: string | undefined): void {
  if (mode === 'production' || mode === 'staging') {
    throw new Error(`fleet-sim refuses to run with NODE_ENV=${mode}: it is a development and test tool (docs/fleet-sim.md)`);
  }
}

/** Starts fleet-sim on loopback (docs/fleet-sim.md). */
export async function startFleetSim(options: FleetSimOptions = {}): Promise<StartedFleetSim> {
  refuseDeployment(process.env.NODE_ENV);
  const sim = new FleetSim(options);
  const mail = new MailSink((line) => sim.log(line));
  const control = fleetSimControl(sim, mail);
  const app = express();
  app.disable('x-powered-by');
  app.use(controlApi(control));
  app.use(twilioApi(sim));
  app.use((_req: Request, res: Response) => void res.status(404).json({ status: 404, code: 20404, message: 'Not found' }));
  app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => {
    sim.log(`error: ${err.stack ?? err.message}`);
    res.status(500).json({ status: 500, code: 20500, message: 'Internal Server Error' });
  });

  const server: Server = createServer(app);
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;
  const smtpUrl = await mail.listen(options.smtpPort ?? 0, host);
  const ftp = await startFtp({
    host,
    port: options.ftpPort ?? 0,
    root: options.ftpRoot,
    user: options.ftpUser,
    password: options.ftpPassword,
    downloadUser: options.ftpDownloadUser,
    downloadPassword: options.ftpDownloadPassword,
    knobs: () => sim.knobs,
    log: (l) => sim.log(l),
  });
  sim.log(`listening on ${url}, mail sink on ${smtpUrl}, firmware FTP on ftp://${host}:${ftp.port}`);
  return {
    url,
    port,
    smtpUrl,
    ftp: { port: ftp.port, root: ftp.root, user: ftp.user, password: ftp.password, downloadUser: ftp.downloadUser, downloadPassword: ftp.downloadPassword },
    accountSid: sim.accountSid,
    authToken: sim.authToken,
    control,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await sim.close();
      await mail.close();
      await ftp.close();
      await closed;
    },
  };
}
