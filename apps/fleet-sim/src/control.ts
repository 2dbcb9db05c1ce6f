import express from 'express';
import { KnobError, type Knobs } from './knobs.js';
import type { MailSink, ReceivedMail } from './mail.js';
import type { FleetSim } from './sim.js';
import type { ReplyRecord, SimMessage } from './store.js';
import { ControlError, type AlarmDetails, type AlarmKind } from './unprompted.js';

/** A message as the inspection endpoints show it. */
export interface ControlMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  idempotencyToken: string | null;
  status: string;
  errorCode: number | null;
  dateCreated: string;
  callbacks: { status: string; errorCode: number | null; at: string; answered: number | null }[];
  replies: ReplyRecord[];
}

export const controlMessage = (m: SimMessage): ControlMessage => ({
  sid: m.sid,
  to: m.to,
  from: m.from,
  body: m.body,
  idempotencyToken: m.idempotencyToken,
  status: m.status,
  errorCode: m.errorCode,
  dateCreated: m.dateCreated.toISOString(),
  callbacks: m.callbacks.map((c) => ({ ...c })),
  replies: m.replies.map((r) => ({ ...r })),
});

/** In-process control of a started fleet-sim (what the /control endpoints do, for tests in the same process). */
export interface FleetSimControl {
  config(): Knobs;
  configure(patch: Partial<Knobs>): Knobs;
  /** accepted messages, oldest first; only those to `to` when given */
  messages(to?: string): ControlMessage[];
  /** how many times each watch received each body */
  handsets(to?: string): { to: string; body: string; count: number }[];
  /** inbound messages posted (watch replies and unprompted ones), oldest first */
  inbound(): ReplyRecord[];
  /** a watch speaks unprompted */
  speak(from: string, body: string, to?: string): Promise<ReplyRecord>;
  /**
   * the watch at `from` sends an alarm or event unprompted to the gateway number (SOS:ALARM, FALL:ALARM, ...);
   * rejects with a ControlError (status 400) for a bad kind or detail
   */
  alarm(from: string, kind: AlarmKind, details?: AlarmDetails): Promise<ReplyRecord>;
  /**
   * the watch that received the message `sid` says its reply again now, as a new inbound message (its first reply,
   * or the `index`th; negative counts from the last); rejects with a ControlError: 404 unknown sid, 409 no such reply
   */
  replay(sid: string, index?: number): Promise<ReplyRecord>;
  /** mails the sink received, oldest first; only those to `to` when given */
  mails(to?: string): ReceivedMail[];
  /** forgets every message, mail, count and cache; knobs back to their start values */
  reset(): void;
  /** resolves once every accepted message has lived its life (callbacks sent, reply posted or withheld) */
  settled(): Promise<void>;
  /** the watches' firmware downloads so far, by outcome (OK, CHECKSUM, FTP_LOGIN, ...) */
  firmware(): Record<string, number>;
}

export function fleetSimControl(sim: FleetSim, mail: MailSink): FleetSimControl {
  return {
    config: () => sim.knobs,
    configure: (patch) => sim.configure(patch),
    messages: (to) => sim.store.list({ to }).reverse().map(controlMessage),
    handsets: (to) => sim.store.handsetCounts(to),
    inbound: () => sim.store.inbound.map((r) => ({ ...r })),
    speak: (from, body, to) => sim.inbound(from, body, to ?? null),
    alarm: (from, kind, details) => sim.alarm(from, kind, details),
    replay: (sid, index) => sim.replay(sid, index),
    settled: () => sim.settled(),
    firmware: () => Object.fromEntries(sim.firmware.counts),
    mails: (to) => mail.list(to),
    reset: () => {
      sim.reset();
      mail.clear();
    },
  };
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const E164 = /^\+[1-9]\d{6,14}$/;

/** a ControlError as its status and `{ error }` */
async function answer(res: express.Response, status: number, work: () => Promise<unknown>): Promise<void> {
  try {
    res.status(status).json(await work());
  } catch (e) {
    if (!(e instanceof ControlError)) throw e;
    res.status(e.status).json({ error: e.message });
  }
}

/** /control: the knobs and what tests inspect. Never affected by the misbehaviours. */
/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export function controlApi(control: FleetSimControl): express.Router {
  const r = express.Router();
  // the control endpoints give away reset links and every SMS, and sign any inbound message: they answer only
  // callers on this machine, whatever address fleet-sim listens on (FLEET_SIM_HOST; docs/fleet-sim.md "Control")
  r.use('/control', (req, res, next) => {
    if (isLoopback(req.socket.remoteAddress)) return next();
    res.status(403).json({ error: 'the /control endpoints answer only on loopback' });
  });
  r.use(express.json());
  r.get('/control/config', (_req, res) => void res.json(control.config()));
  r.post('/control/config', (req, res) => {
    try {
      res.json(control.configure(req.body ?? {}));
    } catch (e) {
      if (!(e instanceof KnobError)) throw e;
      res.status(400).json({ error: e.message });
    }
  });
  r.get('/control/messages', (req, res) => void res.json(control.messages(str(req.query.to))));
  r.get('/control/handsets', (req, res) => void res.json(control.handsets(str(req.query.to))));
  r.get('/control/inbound', (_req, res) => void res.json(control.inbound()));
  r.get('/control/mail', (req, res) => void res.json(control.mails(str(req.query.to))));
  r.get('/control/firmware', (_req, res) => void res.json(control.firmware()));
  r.post('/control/inbound', async (req, res) => {
    const { from, body, to } = (req.body ?? {}) as Record<string, unknown>;
    if (!str(from) || !E164.test(String(from))) return void res.status(400).json({ error: 'from: an E.164 number' });
    if (!str(body)) return void res.status(400).json({ error: 'body: required' });
    if (to !== undefined && !str(to)) return void res.status(400).json({ error: 'to: a number' });
    res.json(await control.speak(String(from), String(body), str(to)));
  });
  r.post('/control/alarm', async (req, res) => {
    const { from, kind, lat, lon, percent, celsius } = (req.body ?? {}) as Record<string, unknown>;
    if (!str(from) || !E164.test(String(from))) return void res.status(400).json({ error: 'from: an E.164 number' });
    const details = { lat, lon, percent, celsius } as AlarmDetails;
    await answer(res, 201, () => control.alarm(String(from), kind as AlarmKind, details));
  });
  r.post('/control/replay', async (req, res) => {
    const { sid, index } = (req.body ?? {}) as Record<string, unknown>;
    if (!str(sid)) return void res.status(400).json({ error: 'sid: a message sid' });
    if (index !== undefined && !Number.isInteger(index)) return void res.status(400).json({ error: 'index: an integer' });
    await answer(res, 201, () => control.replay(String(sid), index as number | undefined));
  });
  r.post('/control/reset', (_req, res) => {
    control.reset();
    res.status(204).end();
  });
  return r;
}
