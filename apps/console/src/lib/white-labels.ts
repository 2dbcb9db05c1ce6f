import { useQuery } from '@tanstack/react-query';
import { apiCall } from './api-client';

/** The user's white labels (§6: the api lists only the user's own), for the stats and the reports' dropdowns. */
export const useWhiteLabels = () =>
  useQuery({ queryKey: ['lists', 'whiteLabels'], queryFn: ({ signal }) => apiCall('whiteLabelList', { signal }), staleTime: 5 * 60_000 });
