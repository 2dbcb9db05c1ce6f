import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { deviceKey } from './device';
import type { Day } from './tracking';

export function useContacts(id: number) {
  return useQuery({ queryKey: [...deviceKey(id), 'contacts'], queryFn: () => apiCall('contactDevice', { query: { device_id: id } }) });
}

export function useCommunications(d: Day) {
  return useQuery({
    queryKey: [...deviceKey(d.id), 'communications', d.date, d.tz],
    queryFn: () => apiCall('deviceCommunications', { query: { device_id: d.id, date: d.date, tz: d.tz } }),
  });
}

export function useTemperatures(d: Day) {
  return useQuery({
    queryKey: [...deviceKey(d.id), 'temperature', d.date, d.tz],
    queryFn: () => apiCall('deviceTemperature', { query: { device_id: d.id, date: d.date, tz: d.tz } }),
  });
}

export function useNotifications(d: Day) {
  return useQuery({
    queryKey: [...deviceKey(d.id), 'notifications', d.date, d.tz],
    queryFn: () => apiCall('deviceNotifications', { query: { device_id: d.id, date: d.date, tz: d.tz } }),
  });
}

export function useTestNotificationMutation(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('deviceTestNotification', { query: { device_id: id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...deviceKey(id), 'notifications'] }),
  });
}

/** A requested log upload being waited for: the files known when it was asked for, and until when to wait. */
export type UploadWait = { known: ReadonlySet<number>; until: number };
/** While an upload is waited for, the list is asked for every 5 s until a new file is there or the wait is over. */
export const LOG_POLL_MS = 5000;

export function useDeviceLogs(id: number, wait: UploadWait | null = null) {
  return useQuery({
    queryKey: [...deviceKey(id), 'logs'],
    queryFn: () => apiCall('logsDevice', { query: { device_id: id } }),
    refetchInterval: (q) =>
      wait && Date.now() < wait.until && !q.state.data?.some((l) => !wait.known.has(l.id)) ? LOG_POLL_MS : false,
  });
}

/** The text of a log file (the api answers `{ model: { name, content } }` without download=true). */
export function useDeviceLogFile(id: number, name: string | null) {
  return useQuery({
    queryKey: [...deviceKey(id), 'logFile', name],
    queryFn: async () => {
      const m = await apiCall('logsDeviceFile', { query: { name: name ?? '' } });
      return m as { name: string; content: string };
    },
    enabled: name !== null,
  });
}
