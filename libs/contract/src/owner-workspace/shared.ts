// What every area of the owner workspace's contract shares: the owner query and the column types of the answers.
import { z } from 'zod';
import { positiveId } from '../params.js';

export const ownerQuery = z.object({ user_id: positiveId('user_id') });
export type OwnerQuery = z.infer<typeof ownerQuery>;

export const iso = z.string();
export const isoOrNull = z.string().nullable();
export const int = z.number().int();
export const intOrNull = z.number().int().nullable();
export const textOrNull = z.string().nullable();
