import type { Response } from 'express';
import { recordCallNow } from '../audit.service.js';

/**
 * Content-Disposition of every download: an ASCII `filename` for old clients (anything else, quotes, backslashes and
 * control characters replaced by '_') and the exact UTF-8 name as `filename*` (RFC 6266 / 5987). A stored name (an
 * uploaded file's, a log file's) can therefore never break or inject into the header.
 */
export function attachment(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f/\\]/g, '_') || 'download';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["%;]/g, '_');
  const utf8 = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/**
 * Headers of every file download: type, attachment name, no caching (exports hold personal data), and nosniff (an
 * uploaded file is never rendered as a page of this origin).
 */
export function sendAsAttachment(res: Response, name: string, contentType: string) {
  res.status(200);
  res.setHeader('Content-Type', contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Disposition', attachment(name));
  res.setHeader('Cache-Control', 'no-store');
}

/**
 * Answers a stored log file (a device's, an owner app's): as JSON `{ model: { name, content } }` for the console's
 * view, or with `download` as a text attachment under its name.
 */
export function sendLogFile(res: Response, f: { name: string; content: Buffer }, download: boolean) {
  if (download) {
    sendAsAttachment(res, f.name, 'text/plain; charset=utf-8');
    res.send(f.content);
    return;
  }
  res.status(200).json({ model: { name: f.name, content: f.content.toString('utf8') } });
}

/**
 * Sends a streamed download: the attachment headers, then what `write` writes into the response. A failure after the
 * headers are gone ends the connection, so the client sees a broken download instead of a short file. The call's audit
 * record (an export under /csv is audited) is written before the headers.
 */
export async function streamAttachment(res: Response, name: string, contentType: string, write: (out: Response) => Promise<void>) {
  // an audited download is on record before its first byte leaves
  await recordCallNow();
  sendAsAttachment(res, name, contentType);
  try {
    await write(res);
  } catch (e) {
    if (!res.headersSent) throw e;
    res.destroy(e as Error);
  }
}
