import type { DeviceDetail, DeviceGeneralSettings, SettingItem, SmsItem } from '@tracker/contract';
import { ok } from '../../../test/render';

/** Test data of the device tabs' component specs. */
export const roleOf = (role: number) => ok({ username: 'u', role, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' });

export const device = (over: Partial<DeviceDetail> = {}): DeviceDetail => ({
  id: 42,
  name_id: null,
  imei_id: null,
  imei: '359775587552620',
  imsi: '262024431382902',
  gsm_number: '+4915112345678',
  device_type_id: 1,
  device_type_name: 'Watch',
  first_name: 'Mia',
  last_name: 'Kind',
  birth_date: '2016-04-30',
  height: 130,
  weight: 27,
  gender: 2,
  initialized: true,
  device_status: 2,
  enabled: true,
  is_test: false,
  owner_id: 7,
  owner_email: 'owner@example.com',
  owner_first_name: 'Anna',
  owner_last_name: 'Owner',
  white_label: 'TrackCo',
  sim_id: 3,
  sim_status: 1,
  sim_iccid: null,
  operator_name: 'Telekom',
  firmware: '1.2.3',
  activation_code: null,
  factory_device_id: null,
  created: '2026-01-01T10:00:00.000Z',
  last_seen_at: null,
  battery: 80,
  ...over,
});

/** The general settings (`/device/settings`) of `device()`: the wearer's profile and its last push to the watch. */
export const general = (over: Partial<DeviceGeneralSettings> = {}): DeviceGeneralSettings => {
  const d = device();
  return { device_id: d.id, first_name: d.first_name, last_name: d.last_name, birth_date: d.birth_date, height: d.height, weight: d.weight, gender: d.gender, last_push: null, ...over };
};

/** A setting; its state (when not given) as the api derives it: confirmed when synced, failed when its push failed or expired. */
export const setting = (over: Partial<SettingItem>): SettingItem => {
  const synced = over.synced ?? true;
  const failed = over.last_push && (over.last_push.status === 3 || over.last_push.status === 4);
  return {
    setting_no: 1,
    name: 'location_interval',
    value: '300',
    default_value: '300',
    editable: true,
    synced,
    state: synced ? 'confirmed' : failed ? 'failed' : 'pending',
    updated_at: null,
    last_push: null,
    profiles: [],
    ...over,
  };
};

export const smsItem = (over: Partial<SmsItem>): SmsItem => ({
  id: 1,
  created: '2026-03-02T10:00:00.000Z',
  sent_at: null,
  received_at: null,
  direction: 'OUTBOUND',
  command_key: 'STATUS',
  message: 'STATUS#',
  status: 2,
  error: null,
  error_code: null,
  error_params: null,
  gsm_number: '+4915112345678',
  kind: null,
  event_code: null,
  expires_at: null,
  reply_to: null,
  bulk_id: null,
  ...over,
});
