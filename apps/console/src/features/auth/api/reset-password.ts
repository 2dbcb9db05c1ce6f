import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';

/** GET: is the reset link valid? The page shows the server's message itself when not. */
export const getResetLinkQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: ['resetLink', uuid],
    queryFn: ({ signal }) => apiCall('resetLinkCheck', { params: { uuid }, signal, toast: false }),
    staleTime: Infinity,
  });

export function useResetLink(uuid: string) {
  return useQuery(getResetLinkQueryOptions(uuid));
}

/** POST: the page toasts the first error message of a failure (§8). */
export function resetPassword(body: ResetPasswordRequest) {
  return apiCall('resetPassword', { params: { uuid: body.uuid }, body, toast: false });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
