import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnerRemoveQuery, OwnerUpdateRequest } from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';

/** Everything cached about an owner sits under this key; a change refreshes all of it. */
export const ownerKey = (id: number) => ['owner', id] as const;

export const getOwnerDetailsQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...ownerKey(id), 'details'], queryFn: () => apiCall('userDetails', { query: { user_id: id }, toast: false }), retry: false });

/** The owner's details (the workspace header and the profile); a failure sends the workspace to the search (§8). */
export function useOwnerDetails(id: number) {
  return useQuery(getOwnerDetailsQueryOptions(id));
}

function useInvalidateOwner(id: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ownerKey(id) });
}

export function useUpdateOwnerMutation(id: number) {
  const invalidate = useInvalidateOwner(id);
  return useMutation({ mutationFn: (body: OwnerUpdateRequest) => apiCall('userUpdate', { query: { user_id: id }, body }), onSuccess: invalidate });
}

/** The countries of the reference list (the profile's country is one of them). */
export const useCountries = () =>
  useQuery({ queryKey: ['countries'], queryFn: () => apiCall('countries', { toast: false }), staleTime: Infinity, retry: false });

export function useExternalIdMutation(id: number) {
  const invalidate = useInvalidateOwner(id);
  return useMutation({
    mutationFn: (external_id: string | null) => apiCall('userUpdateExternalId', { query: { user_id: id }, body: { external_id } }),
    onSuccess: invalidate,
  });
}

/** Removes the owner (with `devices: 'true'` its devices go back to stock first). */
export function useRemoveOwnerMutation(id: number) {
  return useMutation({ mutationFn: (devices: OwnerRemoveQuery['devices']) => apiCall('userRemove', { query: { user_id: id, ...(devices ? { devices } : {}) } }) });
}

export const useGuests = (id: number) => useQuery({ queryKey: [...ownerKey(id), 'guests'], queryFn: () => apiCall('userGuests', { query: { user_id: id } }) });
export const useInvites = (id: number) => useQuery({ queryKey: [...ownerKey(id), 'invites'], queryFn: () => apiCall('userInvites', { query: { user_id: id } }) });
export const useVoices = (id: number) => useQuery({ queryKey: [...ownerKey(id), 'voices'], queryFn: () => apiCall('userVoips', { query: { user_id: id } }) });
export const useVoice = (id: number, voiceId: number | null) =>
  useQuery({
    queryKey: [...ownerKey(id), 'voice', voiceId],
    queryFn: () => apiCall('userVoipDetails', { query: { user_id: id, voip_id: voiceId! } }),
    enabled: voiceId !== null,
  });
export const useAppLogs = (id: number) => useQuery({ queryKey: [...ownerKey(id), 'appLogs'], queryFn: () => apiCall('logsApp', { query: { user_id: id } }) });
export const useAppLogFile = (name: string | null) =>
  useQuery({
    queryKey: ['appLogFile', name],
    // the route also answers a download (no JSON body), so its response type is a union: the view is the JSON one
    queryFn: async () => (await apiCall('logsAppFile', { query: { name: name! } })) as { name: string; content: string },
    enabled: name !== null,
  });

/** §2 password change modal: the api mails the owner a reset link. */
export function usePasswordMailMutation(id: number) {
  return useMutation({
    mutationFn: (body: { email: string; whiteLabelId: number }) => apiCall('userPasswordChange', { query: { user_id: id }, body }),
  });
}
