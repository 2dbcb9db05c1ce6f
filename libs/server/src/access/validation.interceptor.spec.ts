import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldError, multilineText } from '@tracker/contract';
import { controlCharErrors } from './validation.interceptor.js';


describe('controlCharErrors', () => {
  const schema = z.object({
    name: z.string().trim().max(50),
    note: multilineText(z.string().max(500)).optional(),
    tags: z.array(z.string()).default([]),
    nested: z.object({ text: multilineText(z.string()).transform((s) => s.trim()) }).optional(),
  });

  it('refuses control characters in any string, naming the field', () => {
    expect(controlCharErrors({ name: 'a\u0000b', tags: ['ok', 'x\u001b'] }, schema, 'body')).toEqual([
      fieldError('name', 'controlChars'),
      fieldError('tags.1', 'controlChars'),
    ]);
  });

  it('allows tabs and line breaks only in fields marked multi-line, never NUL', () => {
    expect(controlCharErrors({ name: 'a\nb' }, schema, 'body')).toEqual([fieldError('name', 'controlChars')]);
    expect(controlCharErrors({ name: 'ok', note: 'line 1\r\n\tline 2', nested: { text: 'a\nb' } }, schema, 'body')).toEqual([]);
    expect(controlCharErrors({ name: 'ok', note: 'bad\u0000' }, schema, 'body')).toEqual([fieldError('note', 'controlChars')]);
  });

  it('checks fields the schema does not know and keys, and a bare string', () => {
    expect(controlCharErrors({ junk: '\u0000' }, schema, 'query')).toEqual([fieldError('junk', 'controlChars')]);
    expect(controlCharErrors({ ['k\u0000']: 1 }, undefined, 'body')).toEqual([fieldError('k?', 'controlChars')]);
    expect(controlCharErrors('\u0007', undefined, 'body')).toEqual([fieldError('body', 'controlChars')]);
  });

  it('keeps ordinary text', () => {
    expect(controlCharErrors({ name: 'Müller-Lüdenscheidt 😀 ½', tags: [] }, schema, 'body')).toEqual([]);
  });

  it('stops at 20 errors, also for an object of many bad keys (no reply amplification)', () => {
    const body = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`\u0001k${i}`, 1]));
    expect(controlCharErrors(body, undefined, 'body')).toHaveLength(20);
  });
});
