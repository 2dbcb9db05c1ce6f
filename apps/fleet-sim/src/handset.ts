import type { Knobs } from './knobs.js';
import { MODEM_COMMANDS, modemReply } from './watch-modem.js';
import type { Command, FleetDb, Watch } from './watches.js';

/**
 * How a watch answers a command (docs/fleet-sim.md, "Watches"): `<WORD>:OK`, WORD being the command's template up to
 * its first `,` or `#` (RESET:OK, APN:OK, UPLOAD:OK, ...), except a locate (LOC:OK) and a status report. These are
 * the replies of seed/catalog.ts SMS_REPLIES.
 */
const SPECIAL: Record<string, () => string> = {
  LOCATE: () => 'LOC:OK',
  STATUS: () => `STATUS:BAT=${20 + Math.floor(Math.random() * 80)}%,GSM=${10 + Math.floor(Math.random() * 21)},GPS=1`,
};
/** commands answered under another word than their template's (WHERE# is answered LOC:OK) */
const REPLY_WORD: Record<string, string> = { LOCATE: 'LOC' };

export const UNKNOWN_COMMAND = 'ERR:UNKNOWN_COMMAND';
const WORD_MAX = 40;

/**
 * The reply to a text the watch does not understand: `ERR:UNKNOWN_COMMAND,<WORD>`, WORD being the text up to its first
 * `,` or `#`, trimmed, cut to 40 characters, without `,` `#` `:` or line breaks (`ERR:UNKNOWN_COMMAND` alone when
 * nothing is left).
 */
export function unknownCommand(text: string): string {
  const end = text.search(/[,#]/);
  const w = (end < 0 ? text : text.slice(0, end)).trim().slice(0, WORD_MAX).replace(/[,#:\r\n\v\f\u0085\u2028\u2029]/g, '');
  return w ? `${UNKNOWN_COMMAND},${w}` : UNKNOWN_COMMAND;
}

/**
 * Texts a busy watch still acts on (busyRate): settings, firmware updates and logs. A refusal's reason is temporary
 * (BUSY, LOW_BATTERY, NO_NETWORK, TIMEOUT: the watch could do it later) or permanent (every other one);
 * docs/fleet-sim.md "Refusals".
 */
const NEVER_BUSY = /^(SETTING,|FOTA|LOG,)/;
const SETTING = /^SETTING,(\d{1,4}),(.*)#$/s;
const SETTING_VALUE_MAX = 500;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `{message}` matches the user's text; a template that is nothing but `{message}` (free text) matches no command */
function matcher(template: string): RegExp | null {
  if (template.replace('{message}', '').trim() === '') return null;
  return new RegExp(`^${escape(template).replace(escape('{message}'), '(.*)')}$`, 's');
}

export function parseCommand(commands: Command[], body: string): { key: string; message: string | null; template: string } | null {
  for (const c of commands) {
    const m = matcher(c.template)?.exec(body);
    if (m) return { key: c.key, message: m[1] ?? null, template: c.template };
  }
  return null;
}

const word = (template: string) => template.split(/[,#]/, 1)[0] || template;

/** a started log: what LOG,SEND# uploads */
interface LogState {
  startedAt: Date;
  duration: number | null;
  level: number | null;
}

export class Handsets {
  private readonly logs = new Map<number, LogState>();

  constructor(
    private readonly db: FleetDb,
    private readonly knobs: () => Knobs,
  ) {}

  /** the watch's reply to `text` (already stripped of a gateway prefix) */
  async answer(watch: Watch, text: string): Promise<string> {
    const setting = SETTING.exec(text);
    if (setting) return this.setting(watch, Number(setting[1]), setting[2] ?? '');
    const cmd = parseCommand(await this.db.commandsOf(watch.deviceTypeId), text);
    if (!cmd) return unknownCommand(text);
    if (cmd.key === 'START_LOG') return this.startLog(watch, cmd.message ?? '');
    if (cmd.key === 'SEND_LOG') return this.sendLog(watch);
    // busy: refused for now under the word of the reply it would have given (RESET:ERR,BUSY, LOC:ERR,BUSY)
    if (!NEVER_BUSY.test(text) && Math.random() < this.knobs().busyRate) return `${REPLY_WORD[cmd.key] ?? word(cmd.template)}:ERR,BUSY`;
    if (MODEM_COMMANDS.has(cmd.key)) return modemReply(watch, cmd.key, cmd.message, this.knobs());
    return SPECIAL[cmd.key]?.() ?? `${word(cmd.template)}:OK`;
  }

  private async setting(watch: Watch, no: number, value: string): Promise<string> {
    if (!(await this.db.settingsOf(watch.deviceTypeId)).has(no)) return `SETTING,${no}:ERR,UNKNOWN_SETTING`;
    if (value.length > SETTING_VALUE_MAX || /[#\r\n]/.test(value)) return `SETTING,${no}:ERR,BAD_VALUE`;
    return `SETTING,${no},${value}:OK`;
  }

  /** LOG,START,<duration>,<level># */
  private startLog(watch: Watch, args: string): string {
    const [d = '', l = ''] = args.split(',');
    const duration = /^\d{1,5}$/.test(d) ? Number(d) : null;
    const level = /^\d{1,2}$/.test(l) ? Number(l) : null;
    if (duration === null || level === null) return 'LOG:ERR,BAD_ARGS';
    this.logs.set(watch.deviceId, { startedAt: new Date(), duration, level });
    return `LOG:STARTED,${duration},${level}`;
  }

  /** LOG,SEND#: uploads the log (a device_log row) and names the file */
  private async sendLog(watch: Watch): Promise<string> {
    const state = this.logs.get(watch.deviceId) ?? null;
    const at = new Date();
    const fileName = `fleet-sim_${watch.deviceId}_${at.toISOString().replace(/[-:.]/g, '')}_${Math.random().toString(36).slice(2, 6)}.log`;
    const lines = [
      `# device ${watch.deviceId} (${watch.number}), log level ${state?.level ?? 'default'}, ${state?.duration ?? 0} min`,
      `${(state?.startedAt ?? at).toISOString()} LOG started`,
      `${at.toISOString()} GSM registered, signal ${10 + Math.floor(Math.random() * 21)}`,
      `${at.toISOString()} GPS fix 3D`,
      `${at.toISOString()} LOG upload requested by SMS`,
    ];
    await this.db.insertLog(watch.deviceId, {
      fileName,
      level: state?.level ?? null,
      duration: state?.duration ?? null,
      content: Buffer.from(lines.join('\n') + '\n'),
    });
    this.logs.delete(watch.deviceId);
    return `LOG:SENT,${fileName}`;
  }

  reset(): void {
    this.logs.clear();
  }
}
