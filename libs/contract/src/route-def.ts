import type { z } from 'zod';
import type { Area } from './access.js';

export type HttpMethod = 'GET' | 'POST';

/**
 * One api endpoint: path under /api (Express-style `:param`), its §6 access area, and the zod schemas of
 * its query, body, path params and success response. The api binds handlers to these (and validates with
 * them), the console's client calls through them, and /api/docs is generated from them.
 */
export type RouteDef = {
  method: HttpMethod;
  path: string;
  area: Area;
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
  /** mutating calls are audited; GETs that change state (e.g. /device/remove in later issues) set this */
  mutating?: boolean;
  /** a read recorded in the audit trail as a change would be: every export under /csv (its preparation, which names
   *  the data, and its download by hash), so who took which data out is on record (§7 Reports and exports) */
  audited?: boolean;
  /** called by a third party (an SMS gateway's webhook): public, no request-origin header; the handler checks its signature */
  webhook?: boolean;
};

export const route = <const R extends RouteDef>(r: R) => r;

/** Fills `:param` placeholders of a route path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) throw new Error(`missing path parameter ${k}`);
    return encodeURIComponent(String(v));
  });
}
