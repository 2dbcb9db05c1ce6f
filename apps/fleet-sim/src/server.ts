import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { twilioApi } from './api.js';
import { controlApi, fleetSimControl, type FleetSimControl } from './control.js';
import { FleetSim, type FleetSimOptions } from './sim.js';

export interface StartedFleetSim {
  /** base URL, e.g. http://127.0.0.1:3010: TWILIO_API_URL of the api and worker */
  url: string;
  port: number;
  accountSid: string;
  authToken: string;
  control: FleetSimControl;
  close(): Promise<void>;
}

/** Starts fleet-sim on loopback (docs/fleet-sim.md). */
export async function startFleetSim(options: FleetSimOptions = {}): Promise<StartedFleetSim> {
  const sim = new FleetSim(options);
  const control = fleetSimControl(sim);
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
  sim.log(`listening on ${url}`);
  return {
    url,
    port,
    accountSid: sim.accountSid,
    authToken: sim.authToken,
    control,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await sim.close();
      await closed;
    },
  };
}
