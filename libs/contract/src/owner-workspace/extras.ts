// Owner extras (§2 /guests, /voices, /app_logs; §7 Owners, Logs): guests and invites, voice messages with their audio,
// the app's log files.
import { z } from 'zod';
import { deviceLogFileResponse, logFileQuery } from '../device-workspace/activity.js';
import { positiveId } from '../params.js';
import { envelope, listResponse } from '../schemas.js';
import { route, type RouteDef } from '../route-def.js';
import { int, intOrNull, iso, isoOrNull, ownerQuery, ownerRead, textOrNull } from './shared.js';

export const GUEST_STATUSES = ['ACCEPTED', 'WAITING'] as const;

/**
 * A guest row: `/user/guests` lists the people the owner invited (status accepted or waiting), `/user/invites` the
 * invitations the owner received from other owners (the inviting owner's e-mail in `host_email`).
 */
export const guestItem = z.object({
  id: int,
  owner_id: int,
  host_email: z.string(),
  guest_user_id: intOrNull,
  email: z.string(),
  first_name: textOrNull,
  last_name: textOrNull,
  status: z.enum(GUEST_STATUSES),
  can_call: z.boolean(),
  created: iso,
  accepted_at: isoOrNull,
});
export type GuestItem = z.infer<typeof guestItem>;

export const voiceItem = z.object({
  id: int,
  device_id: intOrNull,
  device_imei: textOrNull,
  to_device: z.boolean(),
  duration_seconds: int,
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: int,
  listened: z.boolean(),
  created: iso,
});
export type VoiceItem = z.infer<typeof voiceItem>;

/** voice message ids are bigint: any safe integer */
export const voiceQuery = ownerQuery.extend({ voip_id: positiveId('voip_id', { max: Number.MAX_SAFE_INTEGER }) });
export type VoiceQuery = z.infer<typeof voiceQuery>;
export const voiceAudioQuery = voiceQuery.extend({ download: z.enum(['true', 'false']).optional() });
export type VoiceAudioQuery = z.infer<typeof voiceAudioQuery>;

export const appLogItem = z.object({
  id: int,
  file_name: z.string(),
  platform: textOrNull,
  app_version: textOrNull,
  size_bytes: int,
  created: iso,
});
export type AppLogItem = z.infer<typeof appLogItem>;

export const EXTRAS_ROUTES = {
  userGuests: ownerRead('/user/guests', 'The guests the owner invited, accepted or waiting', listResponse(guestItem)),
  userInvites: ownerRead('/user/invites', 'The invitations the owner received from other owners, accepted or waiting', listResponse(guestItem)),
  userVoips: ownerRead('/user/voips', "The owner's voice messages, newest first (partners: those of their devices)", listResponse(voiceItem)),
  userVoipDetails: route({
    method: 'GET',
    path: '/user/voipDetails',
    area: 'owner',
    summary: 'One voice message',
    query: voiceQuery,
    response: envelope(voiceItem),
  }),
  userVoipAudio: route({
    method: 'GET',
    path: '/user/voipDetails/audio',
    area: 'owner',
    summary: 'The audio of a voice message (its content type), inline or downloaded (download=true)',
    query: voiceAudioQuery,
    response: z.undefined(),
  }),
  logsApp: ownerRead('/logs/app', "Log files the owner's app uploaded, newest first", listResponse(appLogItem), 'ownerAppLogs'),
  logsAppFile: route({
    method: 'GET',
    path: '/logs/app/file',
    area: 'ownerAppLogs',
    summary: 'An app log file as text, or downloaded (download=true)',
    query: logFileQuery,
    // the same answer as a device log file: the text, or (download=true) the file as an attachment
    response: deviceLogFileResponse,
  }),
} as const satisfies Record<string, RouteDef>;
