import type { RouteName } from '@tracker/contract';
import { startFtp, DEFAULT_KNOBS, type StartedFtp } from '@tracker/fleet-sim';
import type { TestApi } from '../harness.js';
import { firmwareBytes, future, uploadForm } from '../firmware-helpers.js';
import type { SampleBuilder } from './index.js';

/** One FTP server per test process (fleet-sim's, without the rest of it) for the upload's samples: ftp_server 91. */
let ftp: Promise<StartedFtp> | null = null;
async function sampleFtp(api: TestApi): Promise<number> {
  ftp ??= startFtp({ host: '127.0.0.1', port: 0, knobs: () => DEFAULT_KNOBS, log: () => undefined });
  const { port, user, password } = await ftp;
  await api.pool.query(
    `INSERT INTO ftp_server (id, name, host, port, username, password, base_path) VALUES (91, 'Samples', '127.0.0.1', $1, $2, $3, '/samples')
     ON CONFLICT (id) DO UPDATE SET port = EXCLUDED.port`,
    [port, user, password],
  );
  return 91;
}

let n = 0;
/** A type-1 device for a custom list: the requests the matrix starts are ended first, so it is never busy. */
async function freeDevice(api: TestApi): Promise<string> {
  await api.pool.query("UPDATE firmware_upload_request SET status = 1, state = 'stopped', ended_at = now() WHERE status = 0");
  const r = await api.pool.query("SELECT imei FROM device WHERE device_type_id = 1 AND gsm_number IS NOT NULL AND device_status <> 3 ORDER BY id LIMIT 1");
  return r.rows[0].imei;
}

/** Valid requests of the firmware routes (docs/firmware-modem.md "Firmware"). */
export const FIRMWARE_SAMPLES: Partial<Record<RouteName, SampleBuilder>> = {
  firmwareFtp: () => ({ path: '/firmware/getFTP' }),
  firmwareUploads: () => ({ path: '/firmware/getUploads' }),
  firmwareUpload: async (ctx) => ({
    path: '/firmware/upload',
    multipart: uploadForm({ ftp_id: String(await sampleFtp(ctx.api)), version: `S${++n}`, bytes: firmwareBytes(256).bytes }),
  }),
  // binary 2 is the seed's newest type-1 binary
  firmwareInsert: async (ctx) => ({ path: '/firmware/insert', body: { fup_upload_id: 2, upload_type: 2, extend: [await freeDevice(ctx.api)], expired_at: future() } }),
  firmwareRequests: () => ({ path: '/firmware/getRequests?page=0&count=20' }),
  // request 1 is the seed's stopped rollout: stopping it again answers it as it is
  firmwareStop: () => ({ path: '/firmware/stop?id=1' }),
  firmwareSearch: () => ({ path: '/firmware/search?query=35&request_id=2&page=0&count=20' }),
};
