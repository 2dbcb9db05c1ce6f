import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { canAccess, type DeviceUpdateBody, type RoleId } from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';

/** Which call the header uses: the main page's own call, else the information call the role may make. */
export function headerRoute(role: RoleId) {
  if (canAccess(role, 'deviceMain')) return 'deviceDetails' as const;
  if (canAccess(role, 'deviceTabs')) return 'deviceInfoImsi' as const;
  return 'deviceInfoImei' as const;
}

export const deviceKey = (id: number) => ['device', id] as const;

// No abort signal is passed to apiCall here: the shared client turns a request aborted while its body is being
// read (a day changed quickly, a tab left) into a "bad response" toast. Stale answers are simply ignored by the
// query cache instead.

export const getDeviceDetailsQueryOptions = (id: number, route: 'deviceDetails' | 'deviceInfoImsi' | 'deviceInfoImei') =>
  queryOptions({
    queryKey: [...deviceKey(id), 'detail', route],
    queryFn: () => apiCall(route, { query: { device_id: id } }),
    retry: false,
  });

export function useDeviceDetails(id: number, route: 'deviceDetails' | 'deviceInfoImsi' | 'deviceInfoImei') {
  return useQuery(getDeviceDetailsQueryOptions(id, route));
}

/** The factory record a device links (§7 `factory_details?id` takes the record's id); off while none is linked. */
export function useFactoryDetails(deviceId: number, factoryId: number | null) {
  return useQuery({
    queryKey: [...deviceKey(deviceId), 'factory', factoryId],
    queryFn: () => apiCall('factoryDetails', { query: { id: factoryId! } }),
    enabled: factoryId !== null,
  });
}

/** Looks a factory record up by its id before it is linked (the caller shows a 404 or 403 at the field). */
export function useFactoryLookupMutation() {
  return useMutation({ mutationFn: (factoryId: number) => apiCall('factoryDetails', { query: { id: factoryId }, toast: false }) });
}

/** Every mutation of the device refreshes everything cached about it (header, tabs, trail). */
function useInvalidateDevice(id: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: deviceKey(id) });
}

export function useUpdateDeviceMutation(id: number) {
  const invalidate = useInvalidateDevice(id);
  return useMutation({
    mutationFn: (body: DeviceUpdateBody) => apiCall('deviceUpdate', { query: { device_id: id }, body }),
    onSuccess: invalidate,
  });
}

/** Links a factory record to the device (`/device/update?factory_id`, nothing else changes). */
export function useLinkFactoryMutation(id: number) {
  const invalidate = useInvalidateDevice(id);
  return useMutation({
    mutationFn: (factoryId: number) => apiCall('deviceUpdate', { query: { device_id: id, factory_id: factoryId }, body: {} }),
    onSuccess: invalidate,
  });
}

export function useReinitializeMutation(id: number) {
  const invalidate = useInvalidateDevice(id);
  return useMutation({ mutationFn: () => apiCall('deviceInitialized', { query: { device_id: id } }), onSuccess: invalidate });
}

export function useRemoveDeviceMutation(id: number) {
  const invalidate = useInvalidateDevice(id);
  return useMutation({ mutationFn: () => apiCall('deviceRemove', { query: { device_id: id } }), onSuccess: invalidate });
}

export function useTraces(id: number, page: number) {
  return useQuery({
    queryKey: [...deviceKey(id), 'traces', page],
    queryFn: () => apiCall('deviceTraces', { query: { device_id: id, page, count: 20 } }),
    placeholderData: keepPreviousData,
  });
}
