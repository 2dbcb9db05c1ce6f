// What the per-device outcome lists of a command batch share (an SMS campaign, a firmware request, the modem
// updates): the state filter, the page size and the page's answer. Each feature's list and CSV is declared beside
// its other routes: sms/outcomes.ts, firmware-outcomes.ts, modem-outcomes.ts (docs/sms.md "Outcomes",
// docs/firmware-modem.md "Outcomes").
import { z } from 'zod';
import { coded } from './reasons.js';
import { envelope, pageModel } from './schemas.js';
import { countParam, pageParam } from './params.js';
import { int } from './device-workspace/shared.js';
import type { Area } from './access.js';
import { route } from './route-def.js';
import { csvDownloadRoute, csvGenerateRoute } from './device-workspace/exports.js';

/** Rows per page of an outcome list (the console's page), and the most a page may ask for. */
export const OUTCOME_PAGE_SIZE = 25;
export const OUTCOME_COUNT_MAX = 100;

/**
 * The state filter of an outcome list: `all` (the default), `failed` (every device that ended without success,
 * refused ones included: what an operator looks at first), `pending`, `done`, and the feature's own finer states.
 */
export const outcomeStateParam = <const S extends readonly [string, ...string[]]>(states: S) =>
  z.enum(states, { error: coded('notOneOf', { options: states.join(', ') }) }).default(states[0] as S[number]);

/**
 * A page of an outcome list: a page (`more` always false: `total_pages` is exact, the batch's rows in the state are
 * counted) and `total`, the devices of the batch in the state asked for.
 */
export const outcomePage = <T extends z.ZodType>(item: T) => envelope(pageModel(item).extend({ total: int }));

/**
 * The two queries of an outcome list over the batch `batch` names (`{ request_id }`; none for the modem updates):
 * the page's (`state`, `page`, `count`) and the CSV's (`state`).
 */
export const outcomeQueries = <B extends z.ZodRawShape, const S extends readonly [string, ...string[]]>(batch: B, states: S) => {
  const state = outcomeStateParam(states);
  return {
    page: z.object({ ...batch, state, page: pageParam(), count: countParam(OUTCOME_PAGE_SIZE, OUTCOME_COUNT_MAX) }),
    csv: z.object({ ...batch, state }),
  };
};

/**
 * The three routes of an outcome list: its page (`GET <path>`, the feature's states in `summary`), its CSV's
 * preparation (`/csv/generate/<csv>`) and the download by hash (`/csv/<csv>`); `what` names the rows ("a campaign's
 * devices") in the CSV routes' summaries. Each feature keys them in its own route table.
 */
export const outcomeRoutes = <const A extends Area, const P extends string, const C extends string, Q extends z.ZodType, CQ extends z.ZodType, R extends z.ZodType>(o: {
  area: A;
  path: P;
  summary: string;
  query: Q;
  response: R;
  csv: C;
  csvQuery: CQ;
  what: string;
}) => ({
  list: route({ method: 'GET', path: o.path, area: o.area, summary: o.summary, query: o.query, response: o.response }),
  csvGenerate: csvGenerateRoute(o.area, `/csv/generate/${o.csv}` as `/csv/generate/${C}`, `Prepares the CSV of ${o.what} in a state; returns the hash /csv/${o.csv} takes`, o.csvQuery),
  csvDownload: csvDownloadRoute(o.area, o.csv, `CSV download by hash: ${o.what} in the state given to /csv/generate/${o.csv} (streamed)`),
});
