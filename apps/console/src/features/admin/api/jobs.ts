import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

const JOBS_KEY = ['admin', 'jobs'] as const;

/** Each queue's counts and the recent final failures (/admin/jobs), read again every 10 s while open. */
export const useAdminJobs = () => useQuery({ queryKey: JOBS_KEY, queryFn: ({ signal }) => apiCall('adminJobs', { signal }), refetchInterval: 10_000 });

/** Retries a failed job (a kind that is safe to repeat); the jobs are read again after it. */
export function useRetryJobMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall('adminJobRetry', { body: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: JOBS_KEY }),
  });
}
