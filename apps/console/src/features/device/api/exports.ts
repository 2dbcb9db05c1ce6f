import { ROUTES, type DeviceExportKind } from '@tracker/contract';
import { apiCall, downloadFile } from '../../../lib/api-client';

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

