import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from './api-client';

// The reference lists several features pick from, one cache entry each under 'lists' (the administration's saves
// refresh them all). A list one feature uses stays in that feature's api/.

/** The user's white labels (§6: the api lists only the user's own): add user, the stats and the reports' dropdowns. */
export const getWhiteLabelsQueryOptions = () =>
  queryOptions({ queryKey: ['lists', 'whiteLabels'], queryFn: ({ signal }) => apiCall('whiteLabelList', { signal }), staleTime: 5 * 60_000 });

export const useWhiteLabels = (enabled = true) => useQuery({ ...getWhiteLabelsQueryOptions(), enabled });

/** The device types (§7 /device/types): imports, firmware, translations and default settings, the owner's add device. */
export const getDeviceTypesQueryOptions = () => queryOptions({ queryKey: ['lists', 'deviceTypes'], queryFn: ({ signal }) => apiCall('deviceTypes', { signal }) });

export const useDeviceTypes = () => useQuery(getDeviceTypesQueryOptions());
