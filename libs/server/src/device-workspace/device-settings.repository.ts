import { Injectable } from '@nestjs/common';
import { type DeviceGeneralSettings, type SettingItem } from '@tracker/contract';
import { PROFILE_COMMAND } from '../commands/grammar.js';
import { withLastPush, type PushColumns } from '../sms/sms-reason.js';
import { settingDisplay } from '../settings/setting-state.js';
import type { Queryable } from '../core/db.js';
import { DeviceRepository } from './device-workspace.repository.js';

/**
 * Settings: the device's values with their defaults and last push, and the general settings (the wearer's profile
 * with the last SMS that carried it to the watch). The SMS is stored by the command ledger, the values written by
 * DeviceSettingStore (the one writer of device_setting).
 */
@Injectable()
export class DeviceSettingsRepository extends DeviceRepository {
  async general(deviceId: number, q: Queryable = this.pool): Promise<DeviceGeneralSettings | null> {
    const [r] = await this.rows<Omit<DeviceGeneralSettings, 'last_push'> & PushColumns>(
      `SELECT d.id AS device_id, d.first_name, d.last_name, to_char(d.birth_date, 'YYYY-MM-DD') AS birth_date, d.height, d.weight, d.gender,
         p.id AS push_id, p.status AS push_status, p.created AS push_created, p.error_code AS push_error, p.error_params AS push_params
       FROM device d
       LEFT JOIN LATERAL (SELECT m.id, m.status, m.created, m.error_code, m.error_params FROM sms_message m
         WHERE m.device_id = d.id AND m.direction = 'OUTBOUND' AND m.command_key = $2
         ORDER BY m.created DESC, m.id DESC LIMIT 1) p ON true
       WHERE d.id = $1`,
      [deviceId, PROFILE_COMMAND],
      q,
    );
    return r ? withLastPush(r) : null;
  }

  async settings(deviceId: number, typeId: number, q: Queryable = this.pool): Promise<SettingItem[]> {
    type Row = Omit<SettingItem, 'last_push' | 'state'> & PushColumns;
    const rows = await this.rows<Row>(
      `WITH def AS (SELECT setting_no, name, value, editable, types FROM default_setting WHERE device_type_id = $2),
            dev AS (SELECT setting_no, value, synced, updated_at FROM device_setting WHERE device_id = $1),
            push AS (SELECT DISTINCT ON (command_key) command_key, id, status, created, error_code, error_params FROM sms_message
                     WHERE device_id = $1 AND direction = 'OUTBOUND' AND command_key LIKE 'SETTING\\_%' ORDER BY command_key, created DESC, id DESC)
       SELECT COALESCE(def.setting_no, dev.setting_no) AS setting_no, def.name, dev.value, def.value AS default_value,
         COALESCE(def.editable, false) AS editable, COALESCE(dev.synced, true) AS synced, dev.updated_at,
         p.id AS push_id, p.status AS push_status, p.created AS push_created, p.error_code AS push_error,
         p.error_params AS push_params, COALESCE(def.types, '{}') AS profiles
       FROM def FULL JOIN dev ON dev.setting_no = def.setting_no
       LEFT JOIN push p ON p.command_key = 'SETTING_' || COALESCE(def.setting_no, dev.setting_no)
       ORDER BY 1`,
      [deviceId, typeId],
      q,
    );
    return rows.map((r) => ({ ...withLastPush(r), state: settingDisplay(r.synced, r.push_status) }));
  }

  async defaultSettings(typeId: number, q: Queryable = this.pool) {
    return this.rows<{ setting_no: number; name: string | null; value: string; editable: boolean; types: number[] }>(
      'SELECT setting_no, name, value, editable, types FROM default_setting WHERE device_type_id = $1 ORDER BY setting_no',
      [typeId],
      q,
    );
  }
}
