import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from './api-client';

/** Query keys of SMS campaigns (a campaign's progress, the recent ones). */
export const smsKeys = {
  campaign: (bulkId: string) => ['sms', 'campaign', bulkId] as const,
  campaigns: ['sms', 'campaigns'] as const,
};

/** A running campaign's progress is asked for every 2 s until every message is received or failed. */
export const CAMPAIGN_POLL_MS = 2000;

/**
 * Follows one campaign (GET /sms/campaign) until it is done; the recent campaigns refresh when it finishes. Used by
 * /admin/sendSMS and by the default settings' push to every device of a type.
 */
export function useCampaign(bulkId: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: smsKeys.campaign(bulkId ?? ''),
    queryFn: async ({ signal }) => {
      const c = await apiCall('smsCampaign', { query: { bulk_id: bulkId! }, signal });
      if (c.done) void qc.invalidateQueries({ queryKey: smsKeys.campaigns });
      return c;
    },
    enabled: bulkId !== null,
    refetchInterval: (q) => (q.state.data?.done ? false : CAMPAIGN_POLL_MS),
  });
}
