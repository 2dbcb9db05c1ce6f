// The watch's SMS grammar (docs/sms.md "The watch's grammar"; docs/fleet-sim.md plays it): how a command's text is
// built and under which command key it is stored, what a reply to it will say, and what a message from a watch is.
// Pure functions, the one place where either direction of the protocol is written (the HTTP contract, libs/contract,
// holds none of it: only the shapes of the calls). Unit tests: grammar.spec.ts.

/** Stands in a stored command for a secret (the FTP download password) filled in only when the gateway is called. */
export const SECRET_MASK = '******';

/** A watch reason that means "not now" rather than "never": the ledger sends the command again later. */
export const TEMPORARY_REFUSALS: readonly string[] = ['BUSY', 'LOW_BATTERY', 'NO_NETWORK', 'TIMEOUT'];
export const isTemporaryRefusal = (reason: string | null | undefined): boolean => !!reason && TEMPORARY_REFUSALS.includes(reason);

// ---------------------------------------------------------------------------------------------- building commands

/** A command of a type's catalogue (sms_command): its template, and whether `{message}` takes the sender's text. */
export type CommandTemplate = { template: string; takes_message: boolean };

/**
 * Characters the sender's text may not carry into a command whose template wraps it: `#` ends a command, so a text
 * holding one would append a second command of the sender's choosing (`internet#FOTA,...`). Free-text commands
 * (CUSTOM, SEND_ATCMD) are the sender's whole text by design and are kept to administrators instead.
 */
export const FORBIDDEN_ARGUMENT_CHARS = ['#'];

/** The characters of `text` a wrapped argument may not hold (empty: none). */
export function forbiddenArgumentChars(text: string): string[] {
  return FORBIDDEN_ARGUMENT_CHARS.filter((c) => text.includes(c));
}

/** A command's text for the device: its template with the sender's text in `{message}` when it takes one. */
export function renderCommand(cmd: CommandTemplate, message: string): string {
  return cmd.takes_message ? cmd.template.replaceAll('{message}', message) : cmd.template;
}

/** The command key of a rollout's FOTA messages (the SMS listener picks its events by the FOTA_ prefix; fotaCommand the text). */
export const fotaCommandKey = (requestId: number) => `FOTA_${requestId}`;
/** The key of a rollout's status queries (`FOTA?,<request id>#`): their fate never changes the device's activity. */
export const fotaQueryKey = (requestId: number) => `FOTAQ_${requestId}`;

/** The SMS a setting push sends: `SETTING,<no>,<value>#` under command key SETTING_<no>. */
export const settingCommand = (settingNo: number, value: string) => ({
  commandKey: `SETTING_${settingNo}`,
  message: `SETTING,${settingNo},${value}#`,
});

/** The owner workspace's contact push: the watch fetches its contacts again. */
export const CONTACT_SYNC = { commandKey: 'SYNC_CONTACTS', message: 'CONTACTS#' } as const;

/** The profile fields the watch uses (its step counter: stride from height and gender, calories from weight and age). */
export const WATCH_PROFILE_FIELDS = ['height', 'weight', 'gender', 'birth_date'] as const;
/** The command that carries them (seed/catalog.ts SMS_COMMANDS; the watch answers `PROFILE:OK`). */
export const PROFILE_COMMAND = 'SET_PROFILE';

/** The wearer's profile: `PROFILE,<height cm>,<weight kg>,<gender 1|2>,<birth date YYYYMMDD>#`, an unset value empty. */
export function profileCommand(p: { height: number | null; weight: number | null; gender: number | null; birth_date: string | null }): string {
  return `PROFILE,${p.height ?? ''},${p.weight ?? ''},${p.gender ?? ''},${p.birth_date?.replaceAll('-', '') ?? ''}#`;
}

/**
 * The SMS a device of a rollout gets (docs/firmware-modem.md "The FOTA command"):
 * `FOTA,<request id>,<version>,<host>:<port>,<user>,<password>,<path>,<size>,<sha256 hex>#`, the FTP server's
 * download login (read-only). `password` is SECRET_MASK in what is stored and the real one only for the gateway.
 */
export function fotaCommand(c: { requestId: number; version: string; host: string; port: number; user: string; password: string; path: string; size: number; sha256: string }): string {
  return `FOTA,${c.requestId},${c.version},${c.host}:${c.port},${c.user},${c.password},${c.path},${c.size},${c.sha256}#`;
}

/** The status query of a rollout's silent device: `FOTA?,<request id>#`; the watch says its latest report again. */
export const fotaQuery = (requestId: number) => `FOTA?,${requestId}#`;

/** The stored text with its secret in place of SECRET_MASK (the text the gateway gets). */
export function revealSecret(stored: string, secret: string): string {
  const at = stored.indexOf(SECRET_MASK);
  return at < 0 ? stored : stored.slice(0, at) + secret + stored.slice(at + SECRET_MASK.length);
}

/** A text with every FOTA password masked (what any reader is shown of a FOTA command stored before masking). */
export function maskFotaPassword(text: string): string {
  return text.replace(/^(FOTA,[^,]*,[^,]*,[^,]*,[^,]*,)[^,]*(,)/, `$1${SECRET_MASK}$2`);
}

// ---------------------------------------------------------------------------------------------- what a reply says

/** The word a command's text starts with: up to its first `,` or `#`, trimmed (`RESET#` -> RESET). */
export function commandWord(text: string): string {
  const end = text.search(/[,#]/);
  return (end < 0 ? text : text.slice(0, end)).trim();
}

/**
 * The word a watch names when it does not know a command (`ERR:UNKNOWN_COMMAND,<WORD>`): the command's word without
 * `:` or line breaks, cut to 40 characters (what docs/fleet-sim.md's watches say).
 */
export function unknownCommandWord(text: string): string {
  return commandWord(text).replace(/[:\r\n]/g, '').slice(0, 40).trim();
}

/** Words a watch answers under another word than the command's (`WHERE#` is answered `LOC:OK`). */
const REPLY_WORD: Record<string, string> = { WHERE: 'LOC', 'FOTA?': 'FOTA' };

/**
 * What identifies a command's reply: the word the reply starts with (`replyWord`), the command's own word (an
 * unknown-command reply names that one), and the reference the reply carries where the protocol has one: the
 * setting's number, the rollout's request id, the log command (START or SEND).
 */
export type CommandSignature = { word: string; replyWord: string; ref: string | null };

export function commandSignature(text: string): CommandSignature {
  const word = commandWord(text);
  const replyWord = REPLY_WORD[word] ?? word;
  const fields = text.replace(/#\s*$/, '').split(',');
  let ref: string | null = null;
  if (word === 'SETTING' || replyWord === 'FOTA') ref = /^\d{1,9}$/.test(fields[1] ?? '') ? fields[1]! : null;
  else if (word === 'LOG') ref = (fields[1] ?? '').trim() || null;
  return { word, replyWord, ref };
}

// ---------------------------------------------------------------------------------------------- what a watch says

/** Unprompted messages: `<WHAT>:<STATE>[,<details>]` (or the older `SOS ALARM`), alarms first. */
const UNPROMPTED: { pattern: RegExp; kind: 'alarm' | 'event'; code: string }[] = [
  { pattern: /^SOS[: ]ALARM\b/, kind: 'alarm', code: 'sos' },
  { pattern: /^FALL[: ]ALARM\b/, kind: 'alarm', code: 'fall' },
  { pattern: /^BAND[: ]REMOVED\b/, kind: 'alarm', code: 'band_removed' },
  { pattern: /^TEMP[: ]ALARM\b/, kind: 'alarm', code: 'temperature' },
  { pattern: /^BATTERY[: ]LOW\b/, kind: 'event', code: 'battery_low' },
  { pattern: /^POWER[: ]ON\b/, kind: 'event', code: 'power_on' },
  { pattern: /^POWER[: ]OFF\b/, kind: 'event', code: 'power_off' },
];

/** Codes of unprompted messages, alarms first (the console's labels; the timeline's kinds). */
export const UNPROMPTED_CODES = UNPROMPTED.map((u) => ({ kind: u.kind, code: u.code }));

/**
 * A watch's reply: its word and reference (matched against the commands awaiting a reply), and what it says:
 * `ok` (done, or a report such as STATUS:BAT=...), `refused` (with the watch's reason; temporary when the watch could
 * do it later), `unknownCommand`. `final`: false for an interim report (FOTA:DOWNLOADING) that leaves its command
 * awaiting the final one. `report`: the command was understood and the text reports an outcome of its own (a
 * rollout's FOTA:OK / FOTA:ERR, which its feature reads), so the SMS is answered whatever the report says.
 */
export type WatchReply = {
  kind: 'reply';
  /** null: the reply names no word (ERR,<reason>; an old watch's ERR:UNKNOWN_COMMAND) */
  word: string | null;
  ref: string | null;
  outcome: 'ok' | 'refused' | 'unknownCommand';
  final: boolean;
  reason: string | null;
  temporary: boolean;
  /** SETTING,<no>,<value>:OK: the value the watch now holds */
  setting: { no: number; value: string } | null;
};

export type WatchMessage = WatchReply | { kind: 'alarm' | 'event'; code: string; details: string | null } | { kind: 'message' };

const reply = (word: string | null, outcome: WatchReply['outcome'], more: Partial<WatchReply> = {}): WatchReply => {
  const reason = more.reason ?? null;
  return { kind: 'reply', word, ref: null, outcome, final: true, reason, temporary: outcome === 'refused' && isTemporaryRefusal(reason), setting: null, ...more };
};

const reasonOf = (s: string | undefined) => (s ?? '').trim() || 'ERR';

export function parseWatchMessage(body: string): WatchMessage {
  const text = body.trim();
  for (const u of UNPROMPTED) {
    if (u.pattern.test(text)) {
      const comma = text.indexOf(',');
      return { kind: u.kind, code: u.code, details: comma < 0 ? null : text.slice(comma + 1).trim() || null };
    }
  }
  let m = /^SETTING,(\d{1,6}),(.*):OK$/s.exec(text);
  if (m) return reply('SETTING', 'ok', { ref: m[1]!, setting: { no: Number(m[1]), value: m[2]! } });
  m = /^SETTING,(\d{1,6}):ERR,?(.*)$/s.exec(text);
  if (m) return reply('SETTING', 'refused', { ref: m[1]!, reason: reasonOf(m[2]) });
  m = /^ERR:UNKNOWN_COMMAND(?:,(.*))?$/s.exec(text);
  if (m) return reply(m[1]?.trim() || null, 'unknownCommand');
  m = /^ERR[:,](.*)$/s.exec(text);
  if (m) return reply(null, 'refused', { reason: reasonOf(m[1]) });
  // a rollout's reports name their request (docs/firmware-modem.md "The FOTA command")
  m = /^FOTA:DOWNLOADING,(\d{1,9})\b/.exec(text);
  if (m) return reply('FOTA', 'ok', { ref: m[1]!, final: false });
  m = /^FOTA:(?:OK|ERR),(\d{1,9})\b/.exec(text);
  if (m) return reply('FOTA', 'ok', { ref: m[1]! });
  // the log commands: LOG:STARTED answers LOG,START; LOG:SENT answers LOG,SEND; LOG:ERR either
  m = /^LOG:(STARTED|SENT)\b/.exec(text);
  if (m) return reply('LOG', 'ok', { ref: m[1] === 'STARTED' ? 'START' : 'SEND' });
  // a command's own refusal, `<WORD>:ERR,<reason>` (RESET:ERR,BUSY; START_SSP:ERR,LOW_BATTERY)
  m = /^([A-Z][A-Z0-9_?]*):ERR(?:[,:](.*))?$/s.exec(text);
  if (m) return reply(m[1]!, 'refused', { reason: reasonOf(m[2]) });
  // `<WORD>:<anything>`: the command's acknowledgement or report (RESET:OK, STATUS:BAT=50%,..., START_SSP:OK,SSP=..)
  m = /^([A-Z][A-Z0-9_?]*):/.exec(text);
  if (m) return reply(m[1]!, 'ok');
  return { kind: 'message' };
}

/** A rollout's report (FOTA:...), or null when the text is none. */
export type FotaReport =
  | { kind: 'downloading'; requestId: number; progress: number | null }
  | { kind: 'ok'; requestId: number; version: string }
  | { kind: 'err'; requestId: number; reason: string };

export function parseFotaReport(body: string): FotaReport | null {
  const t = body.trim();
  let m = /^FOTA:DOWNLOADING,(\d{1,9})(?:,(\d{1,3}))?$/.exec(t);
  if (m) return { kind: 'downloading', requestId: Number(m[1]), progress: m[2] === undefined ? null : Math.min(100, Number(m[2])) };
  m = /^FOTA:OK,(\d{1,9}),([A-Za-z0-9._-]{1,50})$/.exec(t);
  if (m) return { kind: 'ok', requestId: Number(m[1]), version: m[2]! };
  m = /^FOTA:ERR,(\d{1,9}),([A-Z0-9_]{1,40})$/.exec(t);
  if (m) return { kind: 'err', requestId: Number(m[1]), reason: m[2]! };
  return null;
}
