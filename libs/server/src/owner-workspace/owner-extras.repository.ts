import { Injectable } from '@nestjs/common';
import type { AppLogItem, GuestItem, VoiceItem } from '@tracker/contract';
import { inScope, OwnerWorkspaceRepository } from './owner-workspace.repository.js';

const GUEST_COLUMNS = `g.id, g.owner_id, h.email AS host_email, g.guest_user_id, g.email, g.first_name, g.last_name,
  g.status::text AS status, g.can_call, g.created, g.accepted_at`;

/** A voice message without a device is the owner's alone: only a caller who sees every type sees it. */
const VOICE_SCOPE = `(v.device_id IS NULL AND $2::int[] IS NULL OR EXISTS (SELECT 1 FROM device d WHERE d.id = v.device_id AND ${inScope(2)}))`;
const VOICE_COLUMNS = `v.id, v.device_id, (SELECT imei FROM device x WHERE x.id = v.device_id) AS device_imei, v.to_device,
  v.duration_seconds, v.file_name, v.content_type, v.size_bytes, v.listened, v.created`;

/** Guests, invites, voice messages and app logs of the owner workspace (raw SQL, scope in the SQL). */
@Injectable()
export class OwnerExtrasRepository extends OwnerWorkspaceRepository {
  guests(ownerId: number): Promise<GuestItem[]> {
    return this.rows(
      `SELECT ${GUEST_COLUMNS} FROM owner_guest g JOIN owner h ON h.id = g.owner_id WHERE g.owner_id = $1 ORDER BY g.created DESC, g.id DESC`,
      [ownerId],
    );
  }

  /** Invitations to the owner: by account once accepted, by e-mail while waiting. */
  invites(ownerId: number, email: string): Promise<GuestItem[]> {
    return this.rows(
      `SELECT ${GUEST_COLUMNS} FROM owner_guest g JOIN owner h ON h.id = g.owner_id
       WHERE g.guest_user_id = $1 OR (g.guest_user_id IS NULL AND lower(g.email) = lower($2))
       ORDER BY g.created DESC, g.id DESC`,
      [ownerId, email],
    );
  }

  voices(ownerId: number, types: number[] | null): Promise<VoiceItem[]> {
    return this.rows(
      `SELECT ${VOICE_COLUMNS} FROM voice_message v WHERE v.user_id = $1 AND ${VOICE_SCOPE} ORDER BY v.created DESC, v.id DESC`,
      [ownerId, types],
    );
  }

  async voice(ownerId: number, id: number, types: number[] | null): Promise<VoiceItem | null> {
    return (
      (await this.rows<VoiceItem>(`SELECT ${VOICE_COLUMNS} FROM voice_message v WHERE v.user_id = $1 AND ${VOICE_SCOPE} AND v.id = $3`, [ownerId, types, id]))[0] ??
      null
    );
  }

  async voiceAudio(ownerId: number, id: number, types: number[] | null) {
    return (
      (
        await this.rows<{ file_name: string; content_type: string; content: Buffer | null }>(
          `SELECT v.file_name, v.content_type, v.content FROM voice_message v WHERE v.user_id = $1 AND ${VOICE_SCOPE} AND v.id = $3`,
          [ownerId, types, id],
        )
      )[0] ?? null
    );
  }

  appLogs(ownerId: number): Promise<AppLogItem[]> {
    return this.rows(
      'SELECT id, file_name, platform, app_version, size_bytes, created FROM app_log WHERE user_id = $1 ORDER BY created DESC, id DESC',
      [ownerId],
    );
  }

  async appLogFile(name: string) {
    return (
      (await this.rows<{ user_id: number; file_name: string; content: Buffer | null }>('SELECT user_id, file_name, content FROM app_log WHERE file_name = $1', [name]))[0] ??
      null
    );
  }
}
