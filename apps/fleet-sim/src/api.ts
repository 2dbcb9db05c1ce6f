import express, { type NextFunction, type Request, type Response } from 'express';
import { API_VERSION, messageJson } from './store.js';
import { twilioError, type FleetSim } from './sim.js';

const IDEMPOTENCY_HEADER = 'i-twilio-idempotency-token';
const PAGE_SIZE_MAX = 1000;

function credentials(req: Request): [string, string] | null {
  const h = req.headers.authorization ?? '';
  if (!h.startsWith('Basic ')) return null;
  const text = Buffer.from(h.slice(6), 'base64').toString('utf8');
  const i = text.indexOf(':');
  return i < 0 ? null : [text.slice(0, i), text.slice(i + 1)];
}

const fail = (res: Response, status: number, code: number, message: string) => res.status(status).json(twilioError(status, code, message));

/** optional date filter of the list (the SDK sends YYYY-MM-DDTHH:mm:ssZ); undefined when the value is no date */
function dateParam(v: unknown): Date | null | undefined {
  if (v === undefined || v === '') return null;
  const t = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isNaN(t) ? undefined : new Date(t);
}

/** The part of Twilio's Messages REST API (2010-04-01) the pipeline uses, with its misbehaviours. */
export function twilioApi(sim: FleetSim): express.Router {
  const r = express.Router();

  r.use(async (req: Request, res: Response, next: NextFunction) => {
    const k = sim.knobs;
    if (k.down) {
      req.socket.destroy();
      return;
    }
    if (k.slowMs && !(await sim.sleep(k.slowMs))) return void req.socket.destroy();
    if (k.error500) return void fail(res, 500, 20500, 'Internal Server Error');
    const cred = credentials(req);
    if (!cred || cred[0] !== sim.accountSid || cred[1] !== sim.authToken) {
      res.setHeader('WWW-Authenticate', 'Basic realm="Twilio API"');
      return void fail(res, 401, 20003, 'Authenticate');
    }
    next();
  });

  const account = (req: Request, res: Response): boolean => {
    if (req.params.accountSid === sim.accountSid) return true;
    fail(res, 404, 20404, `The requested resource ${req.path} was not found`);
    return false;
  };

  r.post(`/${API_VERSION}/Accounts/:accountSid/Messages.json`, express.urlencoded({ extended: false }), (req, res) => {
    if (!account(req, res)) return;
    const token = req.headers[IDEMPOTENCY_HEADER];
    const out = sim.create(req.body ?? {}, typeof token === 'string' && token ? token : null);
    if (out.error) {
      if (out.status === 429) res.setHeader('Retry-After', '1');
      return void res.status(out.status).json(out.error);
    }
    res.status(201).json(messageJson(out.message!));
  });

  r.get(`/${API_VERSION}/Accounts/:accountSid/Messages/:sid.json`, (req, res) => {
    if (!account(req, res)) return;
    const m = sim.store.messages.get(String(req.params.sid));
    if (!m) return void fail(res, 404, 20404, `The requested resource ${req.path} was not found`);
    res.json(messageJson(m));
  });

  r.get(`/${API_VERSION}/Accounts/:accountSid/Messages.json`, (req, res) => {
    if (!account(req, res)) return;
    const q = req.query;
    const on = dateParam(q.DateSent);
    const since = dateParam(q['DateSent>']);
    const until = dateParam(q['DateSent<']);
    if (on === undefined || since === undefined || until === undefined) return void fail(res, 400, 20001, 'Invalid DateSent filter');
    const size = Math.min(PAGE_SIZE_MAX, Math.max(1, Number(q.PageSize) || 50));
    const page = Math.max(0, Math.floor(Number(q.Page) || 0));
    const day = on ? { since: on, until: new Date(on.getTime() + 86_400_000) } : null;
    const to = typeof q.To === 'string' ? q.To : null;
    const all = sim.store.list({ to, since: day?.since ?? since, until: day?.until ?? until });
    const rows = all.slice(page * size, (page + 1) * size);
    const base = `/${API_VERSION}/Accounts/${sim.accountSid}/Messages.json`;
    const query = (p: number) => {
      const u = new URLSearchParams();
      for (const [key, v] of Object.entries(q)) if (typeof v === 'string' && key !== 'Page' && key !== 'PageSize') u.set(key, v);
      u.set('PageSize', String(size));
      u.set('Page', String(p));
      return `${base}?${u.toString()}`;
    };
    res.json({
      messages: rows.map(messageJson),
      end: page * size + rows.length - 1,
      first_page_uri: query(0),
      next_page_uri: (page + 1) * size < all.length ? query(page + 1) : null,
      page,
      page_size: size,
      previous_page_uri: page > 0 ? query(page - 1) : null,
      start: page * size,
      uri: query(page),
    });
  });

  return r;
}
