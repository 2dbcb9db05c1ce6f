/**
 * What a watch's reply says (the replies of seed/catalog.ts SMS_REPLIES and the watch firmware; docs/fleet-sim.md):
 * a setting confirmed or refused, an unknown command, a refusal, or any other acknowledgement.
 */
export type Reply =
  | { kind: 'settingOk'; settingNo: number; value: string }
  | { kind: 'settingErr'; settingNo: number; reason: string }
  | { kind: 'unknownCommand' }
  | { kind: 'refused'; reason: string }
  | { kind: 'ack'; commandKey?: string };

export function parseReply(body: string): Reply {
  const text = body.trim();
  let m = /^SETTING,(\d{1,6}),(.*):OK$/s.exec(text);
  if (m) return { kind: 'settingOk', settingNo: Number(m[1]), value: m[2]! };
  m = /^SETTING,(\d{1,6}):ERR,?(.*)$/s.exec(text);
  if (m) return { kind: 'settingErr', settingNo: Number(m[1]), reason: m[2]!.trim() || 'ERR' };
  if (/^ERR:UNKNOWN_COMMAND\b/.test(text)) return { kind: 'unknownCommand' };
  m = /^ERR[:,](.*)$/s.exec(text);
  if (m) return { kind: 'refused', reason: m[1]!.trim() || 'ERR' };
  // a firmware report names its rollout (docs/firmware-modem.md "The FOTA command"): it answers that command only
  m = /^FOTA:[A-Z]+,(\d{1,9})\b/.exec(text);
  if (m) return { kind: 'ack', commandKey: `FOTA_${m[1]}` };
  // a command's own refusal, `<WORD>:ERR,<reason>` (LOG:ERR,BAD_ARGS; the modem commands' START_SSP:ERR,BUSY)
  m = /^[A-Z][A-Z0-9_]*:ERR(?:[,:](.*))?$/s.exec(text);
  if (m) return { kind: 'refused', reason: m[1]?.trim() || 'ERR' };
  return { kind: 'ack' };
}

/** The command key a reply answers when it names one (a setting's), else null: the device's latest awaiting command. */
export function replyCommandKey(r: Reply): string | null {
  if (r.kind === 'settingOk' || r.kind === 'settingErr') return `SETTING_${r.settingNo}`;
  return r.kind === 'ack' ? (r.commandKey ?? null) : null;
}
