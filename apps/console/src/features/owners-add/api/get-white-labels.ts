import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export const getWhiteLabelsQueryOptions = () =>
  queryOptions({
    queryKey: ['lists', 'whiteLabels'],
    queryFn: ({ signal }) => apiCall('whiteLabelList', { signal }),
    staleTime: 5 * 60_000,
  });

export function useWhiteLabels(enabled = true) {
  return useQuery({ ...getWhiteLabelsQueryOptions(), enabled });
}
