import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { OUTCOME_PAGE_SIZE, type ModemDeviceState } from '@tracker/contract';
import { apiCall, downloadFile } from '../../../lib/api-client';

/** A page of the devices' modem outcomes in a state (GET /modem/devices). */
export function useModemDevices(state: ModemDeviceState, page: number) {
  return useQuery({
    queryKey: ['modem', 'devices', state, page],
    queryFn: ({ signal }) => apiCall('modemDevices', { query: { state, page, count: OUTCOME_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The outcomes of a state as CSV: a hash (GET /csv/generate/modem_devices), then the download (§4 Exports). */
export async function downloadModemDevices(state: ModemDeviceState): Promise<void> {
  const { hash } = await apiCall('modemDevicesCsvGenerate', { query: { state } });
  await downloadFile(`/csv/modem_devices?hash=${hash}`, `modem_devices_${state}.csv`);
}
