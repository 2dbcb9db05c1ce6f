import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsoleConfig } from '@tracker/contract';
import { apiCall } from './api-client';

/** Used when the settings cannot be read: no tiles (the map says so and draws its layers on a plain background). */
export const NO_TILES: ConsoleConfig = { mapTileUrl: '', mapAttribution: '' };

/** The deployment's console settings (GET /console/config: the map's tile server), read once per page load. */
export const getConsoleConfigQueryOptions = queryOptions({
  queryKey: ['console-config'],
  queryFn: () => apiCall('consoleConfig', { toast: false }).catch((): ConsoleConfig => NO_TILES),
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useConsoleConfig() {
  return useQuery(getConsoleConfigQueryOptions);
}
