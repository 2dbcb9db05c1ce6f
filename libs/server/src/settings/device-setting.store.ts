import { Injectable } from '@nestjs/common';
import { SqlRepository, type Queryable } from '../core/db.js';
import { settingTransition, type SettingEvent, type SettingRow } from './setting-state.js';

/**
 * The one writer of `device_setting` (docs/architecture.md "Who writes each table"): the settings tab's edits and
 * pushes, default settings pushed to a type, the modem update's own settings and their restoring, and the watch's
 * confirmation all change a device's settings through here, by `settingTransition`.
 */
@Injectable()
export class DeviceSettingStore extends SqlRepository {
  private async apply(deviceId: number, settingNo: number, e: SettingEvent, q: Queryable): Promise<boolean> {
    const [row] = await this.pool.rows<SettingRow>(
      'SELECT value, synced FROM device_setting WHERE device_id = $1 AND setting_no = $2 FOR UPDATE',
      [deviceId, settingNo],
      q,
    );
    const next = settingTransition(row ?? null, e);
    if (next === null) return false;
    if (next === 'delete') await q.query('DELETE FROM device_setting WHERE device_id = $1 AND setting_no = $2', [deviceId, settingNo]);
    else
      await q.query(
        `INSERT INTO device_setting (device_id, setting_no, value, synced, updated_at) VALUES ($1, $2, $3, $4, now())
         ON CONFLICT (device_id, setting_no) DO UPDATE SET value = EXCLUDED.value, synced = EXCLUDED.synced, updated_at = now()`,
        [deviceId, settingNo, next.value, next.synced],
      );
    return true;
  }

  /** The device's own value, pending until the watch confirms it. */
  set(deviceId: number, settingNo: number, value: string, q: Queryable): Promise<boolean> {
    return this.apply(deviceId, settingNo, { kind: 'set', value }, q);
  }

  /** No own value: the type's default applies again. */
  unset(deviceId: number, settingNo: number, q: Queryable): Promise<boolean> {
    return this.apply(deviceId, settingNo, { kind: 'unset' }, q);
  }

  /** The watch confirmed `value` (its SETTING reply): confirmed, if it is still the value pushed. */
  confirm(deviceId: number, settingNo: number, value: string, q: Queryable): Promise<boolean> {
    return this.apply(deviceId, settingNo, { kind: 'confirmed', value }, q);
  }

  /** Every own value of the device dropped (the type's defaults apply again). */
  async clear(deviceId: number, q: Queryable): Promise<void> {
    await q.query('DELETE FROM device_setting WHERE device_id = $1', [deviceId]);
  }

  /** One setting of many devices set to `value`, pending (a default pushed to a type), in one statement. */
  async setMany(deviceIds: number[], settingNo: number, value: string, q: Queryable): Promise<void> {
    await q.query(
      `INSERT INTO device_setting (device_id, setting_no, value, synced, updated_at)
       SELECT x.id, $2, $3, false, now() FROM unnest($1::int[]) AS x(id)
       ON CONFLICT (device_id, setting_no) DO UPDATE SET value = EXCLUDED.value, synced = false, updated_at = now()`,
      [deviceIds, settingNo, value],
    );
  }
}
