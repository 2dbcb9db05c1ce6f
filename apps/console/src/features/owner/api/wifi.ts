import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE, type OwnerWifiBody } from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';
import { ownerKey } from './owner';

// The owner's own wifi access points (§2 /addwifi; docs/owner-workspace.md "Wifi access points").

export const wifiKey = (ownerId: number) => [...ownerKey(ownerId), 'wifi'] as const;

/** A page of the owner's access points (§9 wifi search: 25, in MAC order). */
export function useOwnerWifi(ownerId: number, page: number) {
  return useQuery({
    queryKey: [...wifiKey(ownerId), page],
    queryFn: ({ signal }) => apiCall('ownerWifiList', { query: { user_id: ownerId, page, count: PAGE_SIZE.wifiSearch, query: '' }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Adds (`oldMac` null) or changes an access point; field errors are shown by the editor, so no toast for a 400. */
export function useSaveOwnerWifiMutation(ownerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ oldMac, body }: { oldMac: string | null; body: OwnerWifiBody }) =>
      oldMac === null
        ? apiCall('ownerWifiCreate', { query: { user_id: ownerId }, body, toast: false })
        : apiCall('ownerWifiSave', { query: { user_id: ownerId, oldMac }, body, toast: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: wifiKey(ownerId) }),
  });
}

export function useDeleteOwnerWifiMutation(ownerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (mac: string) => apiCall('ownerWifiDelete', { query: { user_id: ownerId }, body: { id: mac } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: wifiKey(ownerId) }),
  });
}
