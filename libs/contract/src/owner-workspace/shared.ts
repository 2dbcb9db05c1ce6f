// What every area of the owner workspace's contract shares: the owner query and the column types of the answers.
import { z } from 'zod';
import type { Area } from '../access.js';
import { positiveId } from '../params.js';
import { route } from '../route-def.js';
import { okResponse } from '../schemas.js';

export const ownerQuery = z.object({ user_id: positiveId('user_id') });
export type OwnerQuery = z.infer<typeof ownerQuery>;

/** `GET <path>?user_id`: what the owner page reads of one owner (its details, a tab's list), in `area` (`owner`). */
export const ownerRead = <const P extends string, const R extends z.ZodType, const A extends Area = 'owner'>(path: P, summary: string, response: R, area?: A) =>
  route({ method: 'GET', path, area: (area ?? 'owner') as A, summary, query: ownerQuery, response });

/** `GET <path>?...`: removes one item of an owner's area (a contact, a safe zone) and answers ok; a change (audited). */
export const ownerRemove = <const P extends string, const Q extends z.ZodType>(path: P, summary: string, query: Q) =>
  route({ method: 'GET', path, area: 'ownerEdit', summary, query, response: okResponse, mutating: true });

export const iso = z.string();
export const isoOrNull = z.string().nullable();
export const int = z.number().int();
export const intOrNull = z.number().int().nullable();
export const textOrNull = z.string().nullable();
