import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { DAILY_REPORT_DAYS, POLLING_MS } from '@tracker/contract';
import { apiCall, downloadFile } from '../../../lib/api-client';

/** POST /reports/active_devices: starts a report; answers its id. */
export const useStartActiveDevicesMutation = () =>
  useMutation({ mutationFn: (range: { from: string; to: string }) => apiCall('activeDevicesStart', { body: range }) });

/** GET /reports/active_devices, polled every 1 s (§9) until its items are an array (or it failed). */
export function useActiveDevices(id: number | null, page: number) {
  return useQuery({
    queryKey: ['activeDevices', id, page],
    queryFn: ({ signal }) => apiCall('activeDevices', { query: { id: id!, page }, signal }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && (Array.isArray(q.state.data.items) || q.state.data.status === 'FAILED') ? false : POLLING_MS.activeDevices),
  });
}

/** The report's hash, then the download (§4 Exports). */
export async function downloadActiveDevices(id: number, from: string, to: string): Promise<void> {
  const { hash } = await apiCall('activeDevicesCsvGenerate', { query: { id } });
  await downloadFile(`/csv/active_devices?hash=${hash}`, `active_devices_${from}_${to}.csv`);
}

/** GET /reports/daily: the days ending on `date` (a week), cut in the chosen time zone; the previous table stays while the next loads. */
export function useDailyReport(s: { date: string; whiteLabel: number | null; tz: string } | null) {
  return useQuery({
    queryKey: ['dailyReport', s?.date, s?.whiteLabel, s?.tz],
    queryFn: ({ signal }) =>
      apiCall('dailyReport', {
        query: { date: s!.date, days: DAILY_REPORT_DAYS.default, tz: s!.tz, ...(s!.whiteLabel ? { whitelabel_ids: String(s!.whiteLabel) } : {}) },
        signal,
      }),
    enabled: s !== null,
    placeholderData: keepPreviousData,
  });
}
