import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApi } from './harness.js';

/** A binary's bytes (random, so each upload has its own checksum) and their sha256. */
export function firmwareBytes(size = 4096): { bytes: Buffer; sha256: string } {
  const bytes = randomBytes(size);
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The upload form (§7: ftp_id, type, file, name, version), with `omit` fields left out. */
export function uploadForm(f: { ftp_id?: string; type?: string; name?: string; version?: string; bytes?: Buffer; fileName?: string }, omit: string[] = []): FormData {
  const form = new FormData();
  const fields: Record<string, string> = { ftp_id: f.ftp_id ?? '1', type: f.type ?? '1', name: f.name ?? 'Watch firmware', version: f.version ?? 'W9.0.0' };
  for (const [k, v] of Object.entries(fields)) if (!omit.includes(k)) form.append(k, v);
  if (!omit.includes('file')) form.append('file', new Blob([new Uint8Array(f.bytes ?? firmwareBytes().bytes)]), f.fileName ?? 'watch.bin');
  return form;
}

/** Uploads a binary for device type `type` and answers its row (throws on anything but 200). */
export async function uploadBinary(api: TestApi, token: string, version: string, type = 1, size = 4096) {
  const { bytes, sha256 } = firmwareBytes(size);
  const r = await api.call('POST', '/firmware/upload', { token, form: uploadForm({ version, type: String(type), bytes }) });
  if (r.status !== 200) throw new Error(`upload ${r.status} ${JSON.stringify(r.body)}`);
  return { ...r.body.model, bytes, sha256: sha256 as string } as { id: number; path: string; sha256: string; size_bytes: number; version: string; bytes: Buffer };
}

/** The file the FTP server (fleet-sim's, serving `root`) holds at a remote path, if any. */
export const ftpHas = (root: string, remote: string) => existsSync(join(root, ...remote.split('/').filter(Boolean)));

/** A day far enough ahead for an expiry. */
export const future = (days = 7) => new Date(Date.now() + days * 86_400_000).toISOString();

/** IMEIs of devices of a type that can be targeted (a GSM number of their own, not terminated), first ones by id. */
export async function targetable(api: TestApi, type: number, n: number, offset = 0): Promise<{ id: number; imei: string; gsm: string; firmware: string | null }[]> {
  const r = await api.pool.query(
    `SELECT id, imei, gsm_number AS gsm, firmware FROM device d WHERE device_type_id = $1 AND gsm_number IS NOT NULL AND enabled AND device_status <> 3
       AND NOT EXISTS (SELECT 1 FROM device o WHERE o.gsm_number = d.gsm_number AND o.id <> d.id)
     ORDER BY id OFFSET $3 LIMIT $2`,
    [type, n, offset],
  );
  return r.rows;
}

export const activity = async (api: TestApi, requestId: number) =>
  (await api.pool.query('SELECT device_id, status, wave, notified_at, sent_at, error_code, error_params FROM firmware_ota_activity WHERE request_id = $1 ORDER BY device_id', [requestId])).rows as {
    device_id: number;
    status: number;
    wave: number;
    notified_at: string | null;
    sent_at: string | null;
    error_code: string | null;
    error_params: Record<string, unknown> | null;
  }[];

export const requestRow = async (api: TestApi, id: number) =>
  (await api.pool.query('SELECT * FROM firmware_upload_request WHERE id = $1', [id])).rows[0] as Record<string, any>;
