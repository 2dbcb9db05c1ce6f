import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmsSendBody } from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';
import { today } from '../format';
import { smsUnsettled } from '../sms-thread';
import { deviceKey } from './device';
import type { Day } from './tracking';

/** Today's SMS are asked for every 3 s while a command is on its way or awaits its reply. */
export const SMS_POLL_MS = 3000;

const smsKey = (id: number) => [...deviceKey(id), 'sms'] as const;

/** The device's SMS of a day; today's list turns live while a command is unsettled (`smsUnsettled`). */
export function useSms(d: Day, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...smsKey(d.id), d.date, d.tz],
    queryFn: () => apiCall('smsList', { query: { device_id: d.id, date: d.date, tz: d.tz } }),
    refetchInterval: (q) => (q.state.data && d.date === today(d.tz) && smsUnsettled(q.state.data, Date.now()) ? SMS_POLL_MS : false),
  });
}

export function useSmsCommands(id: number) {
  return useQuery({ queryKey: [...deviceKey(id), 'smsCommands'], queryFn: () => apiCall('smsCommands', { query: { device_id: id } }) });
}

/** After a command went out: the day lists and the calendar's marks of SMS days refresh. */
function useSmsMutation<T, R>(id: number, fn: (v: T) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: smsKey(id) });
      void qc.invalidateQueries({ queryKey: [...deviceKey(id), 'days', 'smsDays'] });
    },
  });
}

export const useSendSmsMutation = (id: number) =>
  useSmsMutation(id, (b: Omit<SmsSendBody, 'device_id'>) => apiCall('smsSend', { body: { ...b, device_id: id } }));
export const useStartLogMutation = (id: number) =>
  useSmsMutation(id, (b: { duration: number; logLevel: number }) => apiCall('smsStartLog', { body: { ...b, deviceId: id } }));
export const useSendLogMutation = (id: number) => useSmsMutation(id, () => apiCall('smsSendLog', { body: { deviceId: id } }));
