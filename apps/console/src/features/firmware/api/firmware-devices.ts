import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { OUTCOME_PAGE_SIZE, type FirmwareDeviceState } from '@tracker/contract';
import { apiCall, downloadFile } from '../../../lib/api-client';
import { FIRMWARE_POLL_MS } from './firmware-api';

/** A page of a request's devices in a state (GET /firmware/devices); again every few seconds while `live`. */
export function useRequestDevices(requestId: number, state: FirmwareDeviceState, page: number, live: boolean) {
  return useQuery({
    queryKey: ['firmware', 'devices', requestId, state, page],
    queryFn: ({ signal }) => apiCall('firmwareDevices', { query: { request_id: requestId, state, page, count: OUTCOME_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? FIRMWARE_POLL_MS : false,
  });
}

/** The devices of a state as CSV: a hash (GET /csv/generate/firmware_devices), then the download (§4 Exports). */
export async function downloadRequestDevices(requestId: number, state: FirmwareDeviceState): Promise<void> {
  const { hash } = await apiCall('firmwareDevicesCsvGenerate', { query: { request_id: requestId, state } });
  await downloadFile(`/csv/firmware_devices?hash=${hash}`, `firmware_request_${requestId}_${state}.csv`);
}
