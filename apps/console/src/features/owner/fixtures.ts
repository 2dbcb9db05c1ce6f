import type { OwnerDetails } from '@tracker/contract';
import { ok } from '../../test/render';

/** Test data of the owner workspace's component specs. */
export const roleOf = (role: number) => ok({ username: 'u', role, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' });

/** Owner 42 as `/user/user_details` answers it (`devices` and the user data may be changed). */
export const owner = (over: Partial<OwnerDetails['userData']> = {}, devices?: OwnerDetails['devices']): OwnerDetails => ({
  userData: {
    id: 42, email: 'olga@example.com', first_name: 'Olga', last_name: 'Owner', phone: null, white_label_vendor_id: 1,
    white_label_name: 'Kidwatch', language: 'en', language_override: false, is_test: false, enabled: true, apn_token: null,
    gcm_token: 'gcm-1', created: '2026-01-02T03:04:05.000Z', last_login_at: null, ...over,
  },
  userAddress: { street: null, house_number: null, zip: null, city: null, country_code: null },
  external_id: null,
  devices: devices ?? [{ id: 7, imei: '359775587552620', imsi: '262011234567890', device_type_id: 1, device_type_name: 'Kids watch', gsm_number: '+4915112345678', first_name: 'Mia', last_name: null, device_status: 2, enabled: true, is_test: false }],
  authorizedRole: false,
});
