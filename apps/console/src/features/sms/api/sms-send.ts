import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isConfirmationRequired, type SmsCampaign, type SmsSendBulkBody } from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';
import { CAMPAIGN_POLL_MS, smsKeys } from '../../../lib/campaign';

export { CAMPAIGN_POLL_MS };

/**
 * Device types with their SMS commands (`GET /device/list`): the types the user may see, each with the commands
 * /admin/sendSMS offers for it. `/sms/commands` answers the commands of one device, not of a type.
 */
export const useDeviceTypeCommands = () =>
  useQuery({ queryKey: ['lists', 'deviceList'], queryFn: ({ signal }) => apiCall('deviceList', { signal }) });

/**
 * A bulk send (`POST /sms/sendBulk`): without `confirm_token` the api answers what it would do (a confirmation:
 * target count, refused devices, token), with it the started campaign.
 */
export function useSendBulkMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SmsSendBulkBody) => apiCall('smsSendBulk', { body }),
    onSuccess: (c) => {
      if (isConfirmationRequired(c)) return;
      qc.setQueryData(smsKeys.campaign(c.bulk_id), c);
      void qc.invalidateQueries({ queryKey: smsKeys.campaigns });
    },
  });
}

export const isRunning = (c: Pick<SmsCampaign, 'done'>) => !c.done;

/** How many recent campaigns the page lists. */
export const RECENT_CAMPAIGNS = 20;

/** The latest campaigns, newest first; refreshed (every 10 s) while one of them is still running. */
export function useCampaigns() {
  return useQuery({
    queryKey: smsKeys.campaigns,
    queryFn: ({ signal }) => apiCall('smsCampaigns', { query: { page: 0, count: RECENT_CAMPAIGNS }, signal }),
    refetchInterval: (q) => (q.state.data?.some(isRunning) ? CAMPAIGN_POLL_MS * 5 : false),
  });
}
