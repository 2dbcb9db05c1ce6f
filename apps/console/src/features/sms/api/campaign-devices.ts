import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { OUTCOME_PAGE_SIZE, type CampaignDeviceState } from '@tracker/contract';
import { apiCall, downloadFile } from '../../../lib/api-client';
import { CAMPAIGN_POLL_MS } from '../../../lib/campaign';

/** A running campaign's devices are asked for again this often (its progress every 2 s; a page of devices costs more). */
export const CAMPAIGN_DEVICES_POLL_MS = CAMPAIGN_POLL_MS * 2.5;

/** A page of a campaign's devices in a state (GET /sms/campaign/devices); again every few seconds while `live`. */
export function useCampaignDevices(bulkId: string, state: CampaignDeviceState, page: number, live: boolean) {
  return useQuery({
    queryKey: ['sms', 'campaign', bulkId, 'devices', state, page],
    queryFn: ({ signal }) => apiCall('smsCampaignDevices', { query: { bulk_id: bulkId, state, page, count: OUTCOME_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? CAMPAIGN_DEVICES_POLL_MS : false,
  });
}

/** The devices of a state as CSV: a hash (GET /csv/generate/sms_campaign), then the download (§4 Exports). */
export async function downloadCampaignDevices(bulkId: string, state: CampaignDeviceState): Promise<void> {
  const { hash } = await apiCall('smsCampaignCsvGenerate', { query: { bulk_id: bulkId, state } });
  await downloadFile(`/csv/sms_campaign?hash=${hash}`, `sms_campaign_${bulkId.slice(0, 8)}_${state}.csv`);
}
