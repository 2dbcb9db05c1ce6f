import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StatsType } from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';

/** A statistics search as the URL holds it (§2 /admin/stats/{type}?from&to&selectedWhiteLabel). */
export type StatsSearch = { type: StatsType; from: string; to: string; whiteLabel: number | null; deployment: number | null };

/** GET /stats/list of the search; the previous chart stays while the next loads. */
export function useStatsList(s: StatsSearch | null) {
  return useQuery({
    queryKey: ['statsList', s?.type, s?.from, s?.to, s?.whiteLabel, s?.deployment],
    queryFn: ({ signal }) =>
      apiCall('statsList', {
        query: {
          type: s!.type,
          from: s!.from,
          to: s!.to,
          ...(s!.whiteLabel ? { whitelabel_ids: String(s!.whiteLabel) } : {}),
          ...(s!.deployment ? { deployment_id: s!.deployment } : {}),
        },
        signal,
      }),
    enabled: s !== null,
    placeholderData: keepPreviousData,
    // a snapshot is taken again every 5 minutes (the page says as of when): asked again as often
    refetchInterval: 5 * 60_000,
  });
}

/** The user's white labels (§6: the api lists only the user's own) and the deployments (sub-white-labels). */
export const useStatsDeployments = (enabled: boolean) =>
  useQuery({ queryKey: ['lists', 'deployments'], queryFn: ({ signal }) => apiCall('deploymentList', { signal }), enabled, staleTime: 5 * 60_000 });
