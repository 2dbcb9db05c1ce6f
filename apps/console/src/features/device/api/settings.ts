import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SMS_STATUS, type DeviceGeneralSettings, type DeviceSettingsBody, type SettingEditBody, type SettingItem } from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';
import { deviceKey } from './device';

const settingsKey = (id: number) => [...deviceKey(id), 'settings'] as const;

/** While a push is pending the list is asked for every 3 s, so it turns confirmed (or failed) live. */
export const SETTINGS_POLL_MS = 3000;
/** How long a push is waited for the watch's answer before the tab stops asking. */
export const PUSH_WAIT_MS = 10 * 60_000;

/** A pushed setting still waiting for the watch: pending (not confirmed, its SMS neither failed nor expired), pushed recently. */
export const awaitingPush = (s: Pick<SettingItem, 'state' | 'last_push'>, now: number) =>
  s.state === 'pending' && s.last_push !== null && now - Date.parse(s.last_push.created) < PUSH_WAIT_MS;

export function useSettings(id: number) {
  return useQuery({
    queryKey: settingsKey(id),
    queryFn: () => apiCall('settingAll', { query: { device_id: id } }),
    refetchInterval: (q) => (q.state.data?.some((s) => awaitingPush(s, Date.now())) ? SETTINGS_POLL_MS : false),
  });
}

/** Mutations answer the new list (edit, load defaults) or queue pushes; either way the device's cache refreshes. */
function useSettingsMutation<T, R>(id: number, fn: (v: T) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: deviceKey(id) }) });
}

export const useEditSettingsMutation = (id: number) =>
  useSettingsMutation(id, (body: SettingEditBody) => apiCall('settingEdit', { query: { device_id: id }, body }));
export const usePushSettingMutation = (id: number) =>
  useSettingsMutation(id, (settingNo: number) => apiCall('settingPush', { query: { device_id: id, setting_no: settingNo } }));
export const usePushAllMutation = (id: number) => useSettingsMutation(id, () => apiCall('settingPushAll', { query: { device_id: id } }));
export const useLoadDefaultsMutation = (id: number) =>
  useSettingsMutation(id, (type: number) => apiCall('settingLoadDefault', { query: { device_id: id, type } }));

/** The wearer profile's state on the watch, as a setting's: confirmed once the watch answered its last push. */
export const profileState = (g: DeviceGeneralSettings): Pick<SettingItem, 'state' | 'last_push'> => ({
  state:
    g.last_push === null || g.last_push.status === SMS_STATUS.received
      ? 'confirmed'
      : g.last_push.status === SMS_STATUS.error || g.last_push.status === SMS_STATUS.expired
        ? 'failed'
        : 'pending',
  last_push: g.last_push,
});

/** The general settings (`/device/settings`): asked for every 3 s while the profile's SMS awaits the watch. */
export function useGeneralSettings(id: number) {
  return useQuery({
    queryKey: [...deviceKey(id), 'general'],
    queryFn: () => apiCall('deviceSettings', { query: { device_id: id } }),
    refetchInterval: (q) => (q.state.data && awaitingPush(profileState(q.state.data), Date.now()) ? SETTINGS_POLL_MS : false),
  });
}

/** Saves the wearer's profile (the form shows a refusal's field errors at their fields). */
export const useSaveGeneralSettingsMutation = (id: number) =>
  useSettingsMutation(id, (body: DeviceSettingsBody) => apiCall('deviceSettingsSave', { query: { device_id: id }, body }));
