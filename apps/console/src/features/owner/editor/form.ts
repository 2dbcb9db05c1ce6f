import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { decodeCoded } from '@tracker/contract';
import { ApiError } from '../../../lib/api-client';
import { reasonLabel } from '../../../lib/reasons';

/** Field messages of a local zod check (the contract's coded messages said in the UI language), first per field. */
export function issuesByField(t: TFunction, error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    const c = decodeCoded(issue.message);
    out[field] ??= c ? reasonLabel(t, c.code, c.params) : issue.message;
  }
  return out;
}

/** Field messages of a refused save; a refusal without fields under `_`. */
export function serverErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return { _: err instanceof Error ? err.message : String(err) };
  const f = err.fieldErrors();
  return Object.keys(f).length > 0 ? f : { _: err.message };
}

/** The person a device is on, for lists of devices: the child's name, else the IMEI. */
export const deviceLabel = (d: { first_name: string | null; last_name: string | null; imei: string }) =>
  [d.first_name, d.last_name].filter(Boolean).join(' ') || d.imei;
