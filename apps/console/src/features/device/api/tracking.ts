import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';
import { deviceKey } from './device';

export type Day = { id: number; date: string; tz: string };

export function useLocations(d: Day, page: number) {
  return useQuery({
    queryKey: [...deviceKey(d.id), 'locations', d.date, d.tz, page],
    queryFn: () =>
      apiCall('locationList', { query: { device_id: d.id, date: d.date, tz: d.tz, page, count: PAGE_SIZE.trackingList } }),
    placeholderData: keepPreviousData,
  });
}

export function useLocationPath(d: Day) {
  return useQuery({
    queryKey: [...deviceKey(d.id), 'path', d.date, d.tz],
    queryFn: () => apiCall('locationPath', { query: { device_id: d.id, date: d.date, tz: d.tz } }),
  });
}

export function useLocation(id: number, locationId: number | null) {
  return useQuery({
    queryKey: [...deviceKey(id), 'location', locationId],
    queryFn: () => apiCall('locationById', { query: { device_id: id, location_id: locationId ?? 0 } }),
    enabled: locationId !== null,
  });
}

export function useSafeZones(id: number) {
  return useQuery({
    queryKey: [...deviceKey(id), 'safezones'],
    queryFn: () => apiCall('safezoneDevice', { query: { device_id: id } }),
  });
}

export function useSafeZoneLogs(d: Day) {
  return useQuery({
    queryKey: [...deviceKey(d.id), 'safezoneLogs', d.date, d.tz],
    queryFn: () => apiCall('safezoneLogs', { query: { device_id: d.id, date: d.date, tz: d.tz } }),
  });
}
