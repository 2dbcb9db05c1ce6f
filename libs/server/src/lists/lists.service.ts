import { Injectable } from '@nestjs/common';
import { assignableRoles, deviceTypeScope, Role, ROLE_NAMES } from '@tracker/contract';
import { PgPool } from '../core/db.js';
import type { SessionUser } from '../access/session-user.js';

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/**
 * The reference lists of §7 "Lists", read from the database and narrowed to what the user may see:
 * partner roles their device type, non-admins their white labels and operators, managers their partner's users.
 */
@Injectable()
export class ListsService {
  constructor(private readonly pool: PgPool) {}

  private async rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool.query(sql, params)).rows as T[];
  }

  /** Device type ids the user may see, or null for all. */
  private typeFilter(s: SessionUser): number[] | null {
    const partner = deviceTypeScope(s.role);
    if (partner !== null) return [partner];
    if (s.types.length && !s.types.includes(-1)) return s.types;
    return null;
  }

  deviceTypes(s: SessionUser) {
    const types = this.typeFilter(s);
    return this.rows<{ id: number; name: string }>(
      `SELECT id, name FROM device_type WHERE $1::int[] IS NULL OR id = ANY($1) ORDER BY id`,
      [types],
    );
  }

  languages() {
    return this.rows<{ language_code: string; name: string }>(
      `SELECT language_code, name FROM language ORDER BY language_code`,
    );
  }

  async deviceList(s: SessionUser) {
    const types = await this.deviceTypes(s);
    const commands = await this.rows<{ device_type_id: number; command_key: string; name: string }>(
      `SELECT device_type_id, command_key, name FROM sms_command ORDER BY device_type_id, command_key`,
    );
    return types.map((t) => ({
      ...t,
      sms_commands: commands
        .filter((c) => c.device_type_id === t.id)
        .map((c) => ({ command_key: c.command_key, name: c.name })),
    }));
  }

  async operators(s: SessionUser) {
    const ids = s.role === Role.Administrator ? null : s.operators;
    const rows = await this.rows<{
      id: number; name: string; start: string; region: string; device_types: number[]; terms_key: string;
      zones_limit: number; contacts_limit: number; alarms_limit: number; created: Date;
    }>(
      `SELECT id, name, start, region::text AS region, device_types, terms_key, zones_limit, contacts_limit,
              alarms_limit, created
         FROM operator WHERE $1::int[] IS NULL OR id = ANY($1) ORDER BY name`,
      [ids],
    );
    return rows.map((r) => ({ ...r, created: iso(r.created) }));
  }

  async voipCentrals() {
    const rows = await this.rows<{ id: number; name: string; phone: string; created: Date }>(
      `SELECT id, name, phone, created FROM voip_central ORDER BY name`,
    );
    return rows.map((r) => ({ ...r, created: iso(r.created) }));
  }

  smsGateways() {
    return this.rows<{ id: number; name: string; allowed: string[]; command: string | null }>(
      `SELECT id, name, allowed, command FROM sms_gateway ORDER BY name`,
    );
  }

  servers() {
    return this.rows<{ id: number; name: string; host: string }>(`SELECT id, name, host FROM ftp_server ORDER BY name`);
  }

  roles(s: SessionUser) {
    return assignableRoles(s.role).map((id) => ({ id, name: ROLE_NAMES[id] }));
  }

  async finishedImports() {
    const rows = await this.rows<{ id: number; file_name: string; count: number; imported: number; created: Date }>(
      `SELECT id, file_name, count, imported, created FROM import
        WHERE status = 'FINISHED' ORDER BY created DESC LIMIT 200`,
    );
    return rows.map((r) => ({ ...r, created: iso(r.created) }));
  }

  whiteLabels(s: SessionUser) {
    const ids = s.role === Role.Administrator ? null : s.whiteLabels;
    return this.rows<{ id: number; name: string }>(
      `SELECT id, name FROM white_label WHERE $1::int[] IS NULL OR id = ANY($1) ORDER BY name`,
      [ids],
    );
  }

  deployments(s: SessionUser) {
    const ids = s.role === Role.Administrator ? null : s.whiteLabels;
    return this.rows<{ id: number; name: string; white_label_id: number }>(
      `SELECT id, name, white_label_id FROM white_label_deployment
        WHERE $1::int[] IS NULL OR white_label_id = ANY($1) ORDER BY white_label_id, name`,
      [ids],
    );
  }

  async backofficeUsers(s: SessionUser) {
    const roles = s.role === Role.Administrator ? null : [...assignableRoles(s.role)];
    const rows = await this.rows<{
      id: number; username: string; role: number; enabled: boolean; operators: number[]; types: number[]; created: Date;
    }>(
      `SELECT id, username, role_id AS role, enabled, operators, types, created FROM backoffice_user
        WHERE $1::int[] IS NULL OR role_id = ANY($1) ORDER BY username`,
      [roles],
    );
    return rows.map((r) => ({ ...r, created: iso(r.created) }));
  }

  countries() {
    return this.rows<{ code: string; name: string; phone_code: string }>(
      `SELECT code, name, phone_code FROM country ORDER BY name`,
    );
  }
}
