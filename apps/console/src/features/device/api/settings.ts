import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingEditBody } from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';
import { deviceKey } from './device';

const settingsKey = (id: number) => [...deviceKey(id), 'settings'] as const;

export function useSettings(id: number) {
  return useQuery({ queryKey: settingsKey(id), queryFn: () => apiCall('settingAll', { query: { device_id: id } }) });
}

/** Mutations answer the new list (edit, load defaults) or queue pushes; either way the device's cache refreshes. */
function useSettingsMutation<T, R>(id: number, fn: (v: T) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: deviceKey(id) }) });
}

export const useEditSettings = (id: number) =>
  useSettingsMutation(id, (body: SettingEditBody) => apiCall('settingEdit', { query: { device_id: id }, body }));
export const usePushSetting = (id: number) =>
  useSettingsMutation(id, (settingNo: number) => apiCall('settingPush', { query: { device_id: id, setting_no: settingNo } }));
export const usePushAll = (id: number) => useSettingsMutation(id, () => apiCall('settingPushAll', { query: { device_id: id } }));
export const useLoadDefaults = (id: number) =>
  useSettingsMutation(id, (type: number) => apiCall('settingLoadDefault', { query: { device_id: id, type } }));
