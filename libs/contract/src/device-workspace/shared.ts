// What every area of the device workspace's contract shares: the device and device-day queries, the free-text guard
// and the column types of the answers.
import { z } from 'zod';
import { dayParam, positiveId, tzParam } from '../params.js';

export const deviceQuery = z.object({ device_id: positiveId('device_id') });
export const deviceDayQuery = deviceQuery.extend({ date: dayParam, tz: tzParam });

/** Free text stored in PostgreSQL: no control characters (a NUL byte cannot be stored at all). */
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const noControlChars = (v: string) => !CONTROL_CHARS.test(v);

export const deviceIdQuery = deviceQuery;
export type DeviceIdQuery = z.infer<typeof deviceIdQuery>;
export const deviceDayQuerySchema = deviceDayQuery;
export type DeviceDayQuery = z.infer<typeof deviceDayQuery>;

export const iso = z.string();
export const isoOrNull = z.string().nullable();
export const int = z.number().int();
export const intOrNull = z.number().int().nullable();
