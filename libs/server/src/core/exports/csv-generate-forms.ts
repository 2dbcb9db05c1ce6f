import type { NextFunction, Request, Response } from 'express';

/**
 * §7 `GET /csv/generate` takes one of four forms, each prepared by its own generator (with its own access area,
 * parameters and audit record):
 * - `device_id&date`: the device exports (`/csv/generate` itself);
 * - `import_id`: an import's report, `/csv/generate/import`;
 * - `from&to`, optionally with `query`, or `query` alone: the SMS traffic exports, `/csv/generate/sms`.
 * A device wins over the others (its form is checked by its own schema). Null: the call stays on `/csv/generate`.
 */
export function csvGenerateTarget(q: Record<string, unknown>): string | null {
  if (q.device_id !== undefined) return null;
  if (q.import_id !== undefined) return '/csv/generate/import';
  if (q.from !== undefined || q.to !== undefined || q.query !== undefined) return '/csv/generate/sms';
  return null;
}

/**
 * §7's range ticket: what `?from&to` (and `?query`) give a hash for, kept by the SMS export's generator. The SMS
 * downloads read it; `/csv/active_devices` reads a ticket without a query too, as the caller's newest DONE active
 * devices report of exactly that range (reports.service.ts).
 */
export const RANGE_EXPORT_KIND = 'sms_traffic';
export type RangeExportParams = { query: string | null; from: string; to: string };

/** Routes a §7 `/csv/generate` call on to the generator of its form (csvGenerateTarget) before Nest picks a handler. */
export function csvGenerateForms(req: Request, _res: Response, next: NextFunction) {
  const target = csvGenerateTarget(req.query as Record<string, unknown>);
  if (target) req.url = req.url.replace(/\/csv\/generate(?=\?|$)/, target);
  next();
}
