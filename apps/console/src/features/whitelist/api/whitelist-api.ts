import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE, type WhitelistNumberBody, type WhitelistSort } from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';
import type { UrlSort } from '../../../lib/url-search';

/** GET /sms/gsmSearch: numbers containing the query's digits (every number for an empty query), 25 per page. */
export function useGsmSearch(query: string, page: number, sort: UrlSort<WhitelistSort>) {
  return useQuery({
    queryKey: ['gsmSearch', query, page, sort.key, sort.dir],
    queryFn: ({ signal }) => apiCall('gsmSearch', { query: { query, page, count: PAGE_SIZE.smsTraffic, sort: sort.key, dir: sort.dir }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /updateWhiteListNumber (add without id, edit with id); the list is read again after a change. */
export function useSaveWhitelistNumberMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WhitelistNumberBody) => apiCall('updateWhiteListNumber', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['gsmSearch'] }),
  });
}
