import { Injectable } from '@nestjs/common';
import type {
  CommunicationItem,
  ContactItem,
  DeviceLogItem,
  NotificationItem,
  SafeZoneItem,
  SafeZoneLogItem,
  SmsItem,
  TemperatureItem,
  TraceItem,
} from '@tracker/contract';
import { dayRange } from '../core/day-range.js';
import { errorOf } from '../sms/sms-reason.js';
import type { Queryable } from '../core/db.js';
import { DeviceRepository } from './device-workspace.repository.js';

/** Activity: the audit trail, safe zones, contacts, SMS, communications, temperatures, notifications, log files. */
@Injectable()
export class DeviceActivityRepository extends DeviceRepository {
  async traces(deviceId: number, limit: number, offset: number): Promise<{ items: TraceItem[]; total: number }> {
    const [items, total] = await Promise.all([
      this.rows<TraceItem>(
        `SELECT id, created, actor_name, action, status, before, after FROM audit_event
         WHERE device_id = $1 ORDER BY created DESC, id DESC LIMIT $2 OFFSET $3`,
        [deviceId, limit, offset],
      ),
      this.rows<{ n: number }>('SELECT count(*)::int AS n FROM audit_event WHERE device_id = $1', [deviceId]),
    ]);
    return { items, total: total[0]?.n ?? 0 };
  }

  async safeZones(deviceId: number, ownerId: number): Promise<SafeZoneItem[]> {
    return this.rows<SafeZoneItem>(
      `SELECT z.id, z.name, z.latitude, z.longitude, z.radius, z.enabled, z.limit_percent,
         EXISTS (SELECT 1 FROM safe_zone_device sd WHERE sd.safe_zone_id = z.id AND sd.device_id = $1) AS attached
       FROM safe_zone z WHERE z.user_id = $2 ORDER BY z.name, z.id`,
      [deviceId, ownerId],
    );
  }

  async safeZoneLogs(deviceId: number, date: string, tz: string): Promise<SafeZoneLogItem[]> {
    return this.rows<SafeZoneLogItem>(
      `SELECT l.id, l.time, l.type, l.safe_zone_id, z.name AS safe_zone_name, l.latitude, l.longitude
       FROM safe_zone_log l LEFT JOIN safe_zone z ON z.id = l.safe_zone_id
       WHERE l.device_id = $1 AND ${dayRange('l.time', 2)} ORDER BY l.time DESC, l.id DESC`,
      [deviceId, date, tz],
    );
  }

  async contacts(deviceId: number): Promise<ContactItem[]> {
    return this.rows<ContactItem>(
      `SELECT c.id, c.user_id, c.first_name, c.last_name, c.email, c.phone, c.is_guest, c.emergency, c.primary,
         c.relationship, ARRAY(SELECT cd2.device_id FROM contact_device cd2 WHERE cd2.contact_id = c.id ORDER BY 1) AS devices
       FROM contact c JOIN contact_device cd ON cd.contact_id = c.id AND cd.device_id = $1
       ORDER BY c.primary DESC, c.first_name, c.id`,
      [deviceId],
    );
  }

  async ownerDevices(ownerId: number) {
    return this.rows<{ id: number; first_name: string | null; imei: string; enabled: boolean; device_type_id: number }>(
      'SELECT id, first_name, imei, enabled, device_type_id FROM device WHERE owner_id = $1 ORDER BY id',
      [ownerId],
    );
  }

  async contactsLimit(deviceId: number): Promise<number | null> {
    const r = await this.rows<{ n: number }>(
      'SELECT op.contacts_limit AS n FROM device d JOIN sim_card s ON s.id = d.sim_id JOIN operator op ON op.id = s.operator_id WHERE d.id = $1',
      [deviceId],
    );
    return r[0]?.n ?? null;
  }

  async sms(deviceId: number, date: string, tz: string): Promise<SmsItem[]> {
    const rows = await this.rows<Omit<SmsItem, 'error'>>(
      `SELECT id, created, sent_at, received_at, direction::text AS direction, command_key, message, status,
              error_code, error_params, gsm_number, reply_to, bulk_id, kind, event_code, expires_at
       FROM sms_message WHERE device_id = $1 AND ${dayRange('created', 2)} ORDER BY created DESC, id DESC`,
      [deviceId, date, tz],
    );
    return rows.map((r) => ({ ...r, ...errorOf(r.error_code, r.error_params) }));
  }

  async smsCommands(typeId: number) {
    return this.rows<{ command_key: string; name: string; takes_message: boolean; description: string | null }>(
      'SELECT command_key, name, takes_message, description FROM sms_command WHERE device_type_id = $1 ORDER BY name',
      [typeId],
    );
  }

  async communications(deviceId: number, date: string, tz: string): Promise<CommunicationItem[]> {
    return this.rows<CommunicationItem>(
      `SELECT id, time, kind, gap_seconds, latitude, longitude, signal, battery FROM device_communication
       WHERE device_id = $1 AND ${dayRange('time', 2)} ORDER BY time, id`,
      [deviceId, date, tz],
    );
  }

  async temperatures(deviceId: number, date: string, tz: string): Promise<TemperatureItem[]> {
    return this.rows<TemperatureItem>(
      `SELECT time, temperature, battery_temperature FROM device_temperature
       WHERE device_id = $1 AND ${dayRange('time', 2)} ORDER BY time, id`,
      [deviceId, date, tz],
    );
  }

  async notifications(deviceId: number, date: string, tz: string): Promise<NotificationItem[]> {
    return this.rows<NotificationItem>(
      `SELECT id, created, sent_at, platform::text AS platform, type, title, message, status, error_code
       FROM notification WHERE device_id = $1 AND ${dayRange('created', 2)} ORDER BY created DESC, id DESC`,
      [deviceId, date, tz],
    );
  }

  async owner(ownerId: number) {
    return (await this.rows<{ id: number; apn_token: string | null; gcm_token: string | null }>(
      'SELECT id, apn_token, gcm_token FROM owner WHERE id = $1',
      [ownerId],
    ))[0] ?? null;
  }

  async insertNotification(r: {
    deviceId: number;
    userId: number;
    platform: 'IOS' | 'ANDROID';
    message: string;
    status: number;
    errorCode: number;
  }, q: Queryable = this.pool): Promise<NotificationItem> {
    return (await this.rows<NotificationItem>(
      `INSERT INTO notification (device_id, user_id, platform, type, title, message, status, error_code)
       VALUES ($1, $2, $3::push_platform, 'TEST', 'Test notification', $4, $5, $6)
       RETURNING id, created, sent_at, platform::text AS platform, type, title, message, status, error_code`,
      [r.deviceId, r.userId, r.platform, r.message, r.status, r.errorCode],
      q,
    ))[0]!;
  }

  async deviceLogs(deviceId: number): Promise<DeviceLogItem[]> {
    return this.rows<DeviceLogItem>(
      'SELECT id, file_name, log_level, duration, size_bytes, created FROM device_log WHERE device_id = $1 ORDER BY created DESC, id DESC',
      [deviceId],
    );
  }

  async deviceLogFile(name: string) {
    return (await this.rows<{ device_id: number; file_name: string; content: Buffer | null }>(
      'SELECT device_id, file_name, content FROM device_log WHERE file_name = $1',
      [name],
    ))[0] ?? null;
  }
}
