import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';
import type { SearchState } from '../search-params';

export const getDeviceSearchQueryOptions = (s: SearchState) =>
  queryOptions({
    queryKey: ['deviceSearch', s.filter, s.query, s.page],
    queryFn: ({ signal }) =>
      apiCall('deviceSearch', {
        query: { query: s.query, filter: s.filter, count: PAGE_SIZE.deviceSearch, page: s.page },
        signal,
      }),
  });

/** §5: the search runs only when the query is non-empty. The previous page stays on screen while the next loads. */
export function useDeviceSearch(s: SearchState) {
  return useQuery({
    ...getDeviceSearchQueryOptions(s),
    enabled: s.query !== '',
    placeholderData: keepPreviousData,
  });
}
