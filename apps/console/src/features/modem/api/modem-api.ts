import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { POLLING_MS, type ModemReport } from '@tracker/contract';
import { apiCall, downloadFile } from '../../../lib/api-client';

/**
 * The modem-update status polling (§4 Session, §8): no toast every 2 s, and a 401 does not log the user out (the
 * one exception to the api client's 401 rule); the screens show the failure next to what they poll.
 */
const POLLING = { toast: false, logoutOn401: false } as const;

export const useInitModemMutation = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (imeis: string[]) => apiCall('modemInit', { body: { IMEIs: imeis } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['modem'] }),
  });
};

export const useStopModemMutation = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (imeis: string[]) => apiCall('modemStop', { body: { IMEIs: imeis } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['modem'] }),
  });
};

export const useResetModemMutation = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (modemId: number) => apiCall('modemReset', { query: { modem_id: modemId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['modem'] }),
  });
};

/**
 * Each IMEI's latest modem update (POST checkStatus); with `poll`, every 2 s (§9) until none of them runs (a reset
 * or a new start refetches, and the polling goes on while something runs again).
 */
export function useModemStatus(imeis: string[], poll: boolean) {
  return useQuery({
    queryKey: ['modem', 'status', imeis],
    queryFn: ({ signal }) => apiCall('modemCheckStatus', { body: { IMEIs: imeis }, signal, ...POLLING }),
    enabled: imeis.length > 0,
    refetchInterval: (q) =>
      poll && !(q.state.data && q.state.data.items.every((i) => i.process?.status !== 'RUNNING')) ? POLLING_MS.modemStatus : false,
  });
}

/** Every device's latest modem update counted, every 2 s (§9) while `poll`. */
export function useModemAllStatuses(poll: boolean) {
  return useQuery({
    queryKey: ['modem', 'all'],
    queryFn: ({ signal }) => apiCall('modemAllStatuses', { signal, ...POLLING }),
    refetchInterval: poll ? POLLING_MS.modemStatus : false,
  });
}

/**
 * GET /modem/waiting: the running updates waiting for their watch's reply (every device's), every 2 s while `poll`,
 * and once more when polling stops (the last poll may predate the last device's answer).
 */
export function useModemWaiting(page: number, poll: boolean) {
  const qc = useQueryClient();
  const polled = useRef(poll);
  useEffect(() => {
    if (polled.current && !poll) void qc.invalidateQueries({ queryKey: ['modem', 'waiting'] });
    polled.current = poll;
  }, [poll, qc]);
  return useQuery({
    queryKey: ['modem', 'waiting', page],
    queryFn: ({ signal }) => apiCall('modemWaiting', { query: { page }, signal, ...POLLING }),
    refetchInterval: poll ? POLLING_MS.modemStatus : false,
  });
}

/** One process's tasks and history, every 5 s (§9) while its modal is open (`modemId` not null). */
export function useModemProgress(modemId: number | null) {
  return useQuery({
    queryKey: ['modem', 'progress', modemId],
    queryFn: ({ signal }) => apiCall('modemProgress', { query: { modem_id: modemId! }, signal, ...POLLING }),
    enabled: modemId !== null,
    refetchInterval: modemId !== null ? POLLING_MS.modemProgress : false,
  });
}

/** A page of a report: the devices' latest processes that are done, updating or not updated. */
export function useModemReport(report: ModemReport, page: number) {
  return useQuery({
    queryKey: ['modem', 'report', report, page],
    queryFn: ({ signal }) => apiCall('modemList', { query: { report, page }, signal }),
  });
}

/** A report's hash, then its CSV (§4 Exports). */
export async function downloadModemReport(report: ModemReport): Promise<void> {
  const { hash } = await apiCall('modemCsvGenerate', { query: { report } });
  await downloadFile(`/csv/modem?hash=${hash}`, `modem_${report}.csv`);
}
