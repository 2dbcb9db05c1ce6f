import { useQuery } from '@tanstack/react-query';
import type { DEVICE_DAY_ROUTES } from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';
import { deviceKey } from './device';

/** The day route of a day tab (`/location/days`, `/sms/days`, ...): days with data in a month and the last one. */
export type DayRoute = keyof typeof DEVICE_DAY_ROUTES;

/** Days with data of a tab's kind in `month` (`YYYY-MM`), or without month in the month of the last day. */
export function useDataDays(route: DayRoute | undefined, id: number, tz: string, month?: string, enabled = true) {
  return useQuery({
    queryKey: [...deviceKey(id), 'days', route, tz, month ?? 'last'],
    queryFn: () => apiCall(route!, { query: { device_id: id, tz, ...(month ? { month } : {}) }, toast: false }),
    enabled: enabled && route !== undefined,
  });
}
