import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ByCodeOrImsiQuery, ContactSaveV2Body, DeviceAddBody, SafeZoneInput } from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';

// The owner workspace's contacts, safe zones and add-device calls (docs/owner-workspace.md).

export const contactsKey = (ownerId: number) => ['owner', ownerId, 'contacts'] as const;
export const zonesKey = (ownerId: number) => ['owner', ownerId, 'safeZones'] as const;

/** Contacts, devices (with the last push) and the limit; polls while a push is on its way (created or sent). */
export function useOwnerContacts(ownerId: number) {
  return useQuery({
    queryKey: contactsKey(ownerId),
    queryFn: ({ signal }) => apiCall('contactList', { query: { user_id: ownerId }, signal }),
    refetchInterval: (q) => (q.state.data?.devices.some((d) => d.last_push && d.last_push.status < 2) ? 2000 : false),
  });
}

/** Saves one contact; field errors are shown by the editor, so no toast for a 400. */
export function useSaveContactMutation(ownerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactSaveV2Body) => apiCall('contactSaveV2', { body, toast: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactsKey(ownerId) }),
  });
}

export function useRemoveContactMutation(ownerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number) => apiCall('contactRemove', { query: { user_id: ownerId, contact_id: contactId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactsKey(ownerId) }),
  });
}

export function usePushContactsMutation(ownerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('contactPush', { query: { user_id: ownerId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactsKey(ownerId) }),
  });
}

export function useSafeZones(ownerId: number) {
  return useQuery({ queryKey: zonesKey(ownerId), queryFn: ({ signal }) => apiCall('safeZoneList', { query: { user_id: ownerId }, signal }) });
}

export function useSaveSafeZoneMutation(ownerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SafeZoneInput) => apiCall('safeZoneSave', { query: { user_id: ownerId }, body, toast: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: zonesKey(ownerId) }),
  });
}

export function useRemoveSafeZoneMutation(ownerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (zoneId: number) => apiCall('safeZoneRemove', { query: { user_id: ownerId, zone_id: zoneId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: zonesKey(ownerId) }),
  });
}

/** Looks a device up by code or IMSI; not found marks the input invalid (§5), so no toast. */
export function useFindDeviceMutation() {
  return useMutation({ mutationFn: (query: ByCodeOrImsiQuery) => apiCall('deviceByCodeOrImsi', { query, toast: false }) });
}

/** Adds the device; the owner's every query (profile, contacts, zones) is stale after it. */
export function useAddDeviceMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ type, body }: { type: number; body: DeviceAddBody }) => apiCall('deviceAdd', { query: { type }, body, toast: false }),
    // the profile's devices, contacts and zones all change: every cached owner query is stale
    onSuccess: () => qc.invalidateQueries(),
  });
}

/** The device types the user sees (partners: their own), for the wizard's type choice; the cache entry imports share. */
/** the shared list (lib/lists.ts) */
export { useDeviceTypes } from '../../../lib/lists';
