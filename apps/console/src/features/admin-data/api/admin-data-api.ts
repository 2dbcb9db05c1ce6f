import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isConfirmationRequired,
  PAGE_SIZE,
  type DefaultSettingAddBody,
  type DefaultSettingEditBody,
  type TranslationAddBody,
  type TranslationEditBody,
  type WifiBody,
  type WifiSort,
} from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';
import type { UrlSort } from '../../../lib/url-search';
import { smsKeys } from '../../../lib/campaign';

/** the shared list (lib/lists.ts) */
export { useDeviceTypes } from '../../../lib/lists';
export const useLanguages = () => useQuery({ queryKey: ['lists', 'deviceLanguages'], queryFn: ({ signal }) => apiCall('deviceLanguages', { signal }) });

// ------------------------------------------------------------------------------------------------ translations

/** GET /translation/all: a language's texts (of one type, or all); the page filters and pages them itself. */
export function useTranslationsOf(language: string, typeId: number | null) {
  return useQuery({
    queryKey: ['translations', language, typeId],
    queryFn: ({ signal }) => apiCall('translationAll', { query: { language, ...(typeId ? { device_type_id: typeId } : {}) }, signal }),
    enabled: language !== '',
  });
}

/** POST /translation/add (no id) or /translation/edit (id); the lists are read again after it. */
export function useSaveTranslationMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: TranslationAddBody | TranslationEditBody) =>
      'id' in b ? apiCall('translationEdit', { body: b }) : apiCall('translationAdd', { body: b }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['translations'] }),
  });
}

// ------------------------------------------------------------------------------------------------ default settings

export function useDefaults(typeId: number | null) {
  return useQuery({
    queryKey: ['defaultSettings', typeId],
    queryFn: ({ signal }) => apiCall('settingDefaults', { query: { device_type_id: typeId! }, signal }),
    enabled: typeId !== null,
  });
}

export function useSaveDefaultMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: DefaultSettingAddBody | DefaultSettingEditBody) =>
      'id' in b ? apiCall('settingEditDefault', { body: b }) : apiCall('settingAddDefault', { body: b }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['defaultSettings'] }),
  });
}

/**
 * GET /setting/pushToAll: without `confirm_token` what it would do (a confirmation), with it the campaign, which
 * CampaignProgress then follows.
 */
export function usePushToAllMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (q: { setting_no: number; device_type_id: number; confirm_token?: string }) => apiCall('settingPushToAll', { query: q }),
    onSuccess: (c) => {
      if (isConfirmationRequired(c)) return;
      qc.setQueryData(smsKeys.campaign(c.bulk_id), c);
      void qc.invalidateQueries({ queryKey: smsKeys.campaigns });
    },
  });
}

// ------------------------------------------------------------------------------------------------ wifi

export function useWifiSearch(query: string, page: number, sort: UrlSort<WifiSort>) {
  return useQuery({
    queryKey: ['wifiSearch', query, page, sort.key, sort.dir],
    queryFn: ({ signal }) => apiCall('wifiSearch', { query: { query, page, count: PAGE_SIZE.wifiSearch, sort: sort.key, dir: sort.dir }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useWifi(mac: string | null) {
  return useQuery({
    queryKey: ['wifi', mac],
    queryFn: ({ signal }) => apiCall('wifiDetails', { query: { id: mac! }, signal }),
    enabled: mac !== null,
  });
}

/** After a change of an access point its searches and details are read again. */
function useRefreshWifi() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: ['wifiSearch'] }), qc.invalidateQueries({ queryKey: ['wifi'] })]);
}

/** Adds (oldMac null) or changes the access point `oldMac`. */
export function useSaveWifiMutation() {
  const refresh = useRefreshWifi();
  return useMutation({
    mutationFn: ({ oldMac, body }: { oldMac: string | null; body: WifiBody }) =>
      oldMac === null ? apiCall('wifiCreate', { body }) : apiCall('wifiSave', { query: { oldMac }, body }),
    onSuccess: refresh,
  });
}

/** Deletes an access point by MAC. */
export function useRemoveWifiMutation() {
  const refresh = useRefreshWifi();
  return useMutation({ mutationFn: (id: string) => apiCall('wifiDelete', { body: { id } }), onSuccess: refresh });
}
