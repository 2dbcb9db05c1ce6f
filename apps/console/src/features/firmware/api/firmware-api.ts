import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FirmwareBinaryItem, FirmwareInsertBody, FirmwareRequestItem } from '@tracker/contract';
import { apiCall, uploadFile } from '../../../lib/api-client';

/** How often the requests and the activity are asked for while a request runs (§9 names no firmware polling). */
export const FIRMWARE_POLL_MS = 3000;

export const firmwareKeys = {
  ftp: ['firmware', 'ftp'] as const,
  binaries: ['firmware', 'binaries'] as const,
  requests: (page: number) => ['firmware', 'requests', page] as const,
  allRequests: ['firmware', 'requests'] as const,
  activity: (query: string, requestId: number | null, page: number) => ['firmware', 'activity', query, requestId, page] as const,
};

export const useFtpServers = () => useQuery({ queryKey: firmwareKeys.ftp, queryFn: ({ signal }) => apiCall('firmwareFtp', { signal }) });
export const useBinaries = () => useQuery({ queryKey: firmwareKeys.binaries, queryFn: ({ signal }) => apiCall('firmwareUploads', { signal }) });

export type UploadFields = { ftp_id: string; type: string; name: string; version: string };

/** POST /firmware/upload: the fields first, then the file (the api streams it to the FTP server). */
export function useUploadBinaryMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, fields }: { file: File; fields: UploadFields }) => uploadFile<{ model: FirmwareBinaryItem }>('/firmware/upload', file, fields),
    onSuccess: () => void qc.invalidateQueries({ queryKey: firmwareKeys.binaries }),
  });
}

export function useInsertRequestMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: FirmwareInsertBody) => apiCall('firmwareInsert', { body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: firmwareKeys.allRequests }),
  });
}

export const isRunning = (r: Pick<FirmwareRequestItem, 'status'>) => r.status === 0;

/**
 * A request whose counts still move: running, or ended (halted, stopped) with devices that were notified and have
 * not reported yet (their reports, and a halt's failed count, keep coming).
 */
const isLive = (r: Pick<FirmwareRequestItem, 'status' | 'counts'>) => isRunning(r) || r.counts.processing + r.counts.downloading > 0;

/** The requests with their progress, asked for again every few seconds while the counts of one of the page move. */
export function useRequests(page: number, count = 20) {
  return useQuery({
    queryKey: [...firmwareKeys.requests(page), count],
    queryFn: ({ signal }) => apiCall('firmwareRequests', { query: { page, count }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some(isLive) ? FIRMWARE_POLL_MS : false),
  });
}

export function useStopRequestMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall('firmwareStop', { query: { id } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['firmware'] }),
  });
}

/** The activity search (§9: 20 per page); live while `live` (a request it shows still runs). */
export function useActivity(query: string, requestId: number | null, page: number, live: boolean) {
  return useQuery({
    queryKey: firmwareKeys.activity(query, requestId, page),
    queryFn: ({ signal }) => apiCall('firmwareSearch', { query: { query: query || undefined, request_id: requestId ?? undefined, page, count: 20 }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? FIRMWARE_POLL_MS : false,
  });
}

/** Device types (`GET /device/types`; the same query key as every other screen's list). */
/** the shared list (lib/lists.ts) */
export { useDeviceTypes } from '../../../lib/lists';
