import { ROUTES, REQUEST_ORIGIN_CONSOLE, REQUEST_ORIGIN_HEADER, type DeviceExportKind } from '@tracker/contract';
import { API_PREFIX, apiCall, endSession } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { getSession } from '../../../lib/session';
import { serverErrorToast } from '../../../lib/toast';

const PATHS: Record<DeviceExportKind, string> = {
  communications: ROUTES.csvCommunications.path,
  locations: ROUTES.csvLocations.path,
  device_trace: ROUTES.csvDeviceTrace.path,
  sms_per_device: ROUTES.csvSmsPerDevice.path,
  device_notification: ROUTES.csvDeviceNotification.path,
  safezone: ROUTES.csvSafezone.path,
};

/**
 * §4 Exports: generate a hash, then download by hash. The download needs the session headers, so it is fetched
 * and handed to the browser as a file (a plain link cannot carry the authorization header).
 */
export async function downloadExport(kind: DeviceExportKind, deviceId: number, date: string, tz: string): Promise<void> {
  const { hash } = await apiCall('csvGenerate', { query: { device_id: deviceId, date, tz } });
  await downloadFile(`${PATHS[kind]}?hash=${hash}`, `${kind}_${deviceId}_${date}.csv`);
}

/** Fetches a file from the api with the session headers and hands it to the browser as a download. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const headers: Record<string, string> = { [REQUEST_ORIGIN_HEADER]: REQUEST_ORIGIN_CONSOLE, 'accept-language': currentLanguage() };
  const session = getSession();
  if (session) headers.authorization = `Bearer ${session.token}`;
  const res = await fetch(`${API_PREFIX}${path}`, { headers });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    const message = body?.error ?? res.statusText;
    serverErrorToast(message);
    // §8: any 401 logs the user out (as apiCall does; this fetch bypasses it to get the file)
    if (res.status === 401 && getSession()) endSession();
    throw new Error(message);
  }
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
