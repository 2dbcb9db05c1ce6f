import { SMS_STATUS } from '@tracker/contract';

/**
 * A device's setting (docs/device-workspace.md "Settings"): the value the console wants (`device_setting.value`) and
 * whether the watch confirmed it (`synced`). Pure; `DeviceSettingStore` persists what it decides.
 *
 *   (none) ──edit / push──> pending ──the watch's SETTING,<no>,<value>:OK──> confirmed
 *                             ^  └── refused / not delivered: stays pending, shown failed by its last push
 *                             └──────────── edit / push (a new value) ─────────────┘
 */
export type SettingRow = { value: string; synced: boolean };

export type SettingEvent =
  | { kind: 'set'; value: string }
  | { kind: 'confirmed'; value: string }
  | { kind: 'unset' };

/** The row after `e` ('delete': no own value, the type's default applies), or null when nothing changes. */
export function settingTransition(s: SettingRow | null, e: SettingEvent): SettingRow | 'delete' | null {
  switch (e.kind) {
    case 'set':
      return s && s.value === e.value && !s.synced ? null : { value: e.value, synced: false };
    case 'confirmed':
      // only the value pushed: a newer edit made while the SMS travelled stays pending
      return s && !s.synced && s.value === e.value ? { value: s.value, synced: true } : null;
    case 'unset':
      return s ? 'delete' : null;
  }
}

/** What the settings tab says of a setting: confirmed, pending, or failed (its latest push ended in error or expired). */
export function settingDisplay(synced: boolean, lastPushStatus: number | null): 'confirmed' | 'pending' | 'failed' {
  if (synced) return 'confirmed';
  return lastPushStatus === SMS_STATUS.error || lastPushStatus === SMS_STATUS.expired ? 'failed' : 'pending';
}
