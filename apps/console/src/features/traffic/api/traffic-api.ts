import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type SmsExportKind } from '@tracker/contract';
import { apiCall, downloadFile } from '../../../lib/api-client';

/** A traffic search as the URL holds it (§5: a query and two valid days). */
export type TrafficSearch = { query: string; from: string; to: string; page: number };

export const getSmsSearchQueryOptions = (s: TrafficSearch) =>
  queryOptions({
    queryKey: ['smsSearch', s.query, s.from, s.to, s.page],
    queryFn: ({ signal }) => apiCall('smsSearch', { query: { query: s.query, from: s.from, to: s.to, page: s.page, count: PAGE_SIZE.smsTraffic }, signal }),
  });

/** GET /sms/search once a search is in the URL; the previous page stays on screen while the next loads. */
export function useSmsSearch(s: TrafficSearch | null) {
  return useQuery({
    ...getSmsSearchQueryOptions(s ?? { query: '', from: '', to: '', page: 0 }),
    enabled: s !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /sms/statistics: of the searched range, or of every day before a search. */
export function useSmsStatistics(range: { from: string; to: string } | null) {
  return useQuery({
    queryKey: ['smsStatistics', range?.from ?? null, range?.to ?? null],
    queryFn: ({ signal }) => apiCall('smsStatistics', { query: range ?? {}, signal }),
  });
}

/** The hash of the search's export, then the download (§4 Exports). */
export async function downloadSmsExport(kind: SmsExportKind, s: TrafficSearch): Promise<void> {
  const { hash } = await apiCall('smsCsvGenerate', { query: { query: s.query, from: s.from, to: s.to } });
  await downloadFile(`/csv/${kind}?hash=${hash}`, `${kind}_${s.from}_${s.to}.csv`);
}
