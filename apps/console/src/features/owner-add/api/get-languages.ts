import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export const getImportLanguagesQueryOptions = () =>
  queryOptions({
    queryKey: ['lists', 'importLanguages'],
    queryFn: ({ signal }) => apiCall('importLanguages', { signal }),
    staleTime: 5 * 60_000,
  });

export function useImportLanguages(enabled = true) {
  return useQuery({ ...getImportLanguagesQueryOptions(), enabled });
}
