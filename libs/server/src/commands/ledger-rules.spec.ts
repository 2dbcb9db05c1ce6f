import { describe, expect, it } from 'vitest';
import { commandAllowed, commandClass, commandNeedsConfirmation, commandTtlMinutes, ROLES_WITHOUT_COMMANDS, type RoleId } from '@tracker/contract';
import { commandTransition, EXPIRED, gateRefusal, replyAnswers, type CommandEvent, type CommandState } from './command-state.js';
import { correlate, type AwaitingCommand } from './correlate.js';
import { parseWatchMessage } from './grammar.js';

const reply = (body: string) => {
  const m = parseWatchMessage(body);
  if (m.kind !== 'reply') throw new Error(`${body} is no reply`);
  return m;
};

describe('correlation: a reply closes only the command it answers', () => {
  const cmd = (id: number, message: string, minute = id): AwaitingCommand => ({ id, message, created: `2026-11-28T10:${String(minute).padStart(2, '0')}:00.000Z` });
  const modem = cmd(1, 'START_SSP#');
  const reboot = cmd(2, 'RESET#');
  const locate = cmd(3, 'WHERE#');

  it.each<[string, string, AwaitingCommand[], object]>([
    ['an unprompted alarm while a modem command awaits', 'SOS ALARM', [modem], { kind: 'alarm', code: 'sos', replyTo: null, closes: [] }],
    ["another command's OK does not move a modem check", 'LOC:OK', [modem], { kind: 'unmatched', replyTo: null }],
    ['LOC:OK answers the locate, not the reboot', 'LOC:OK', [reboot, locate], { kind: 'reply', replyTo: 3, closes: [3] }],
    ['the modem OK answers the modem command', 'START_SSP:OK,SSP=1', [reboot, modem], { kind: 'reply', replyTo: 1, closes: [1] }],
    ['of two identical commands, the newest (an older one lost its reply)', 'RESET:OK', [cmd(8, 'RESET#', 20), cmd(9, 'RESET#', 30)], { replyTo: 9 }],
    ['a setting reply by its number', 'SETTING,5,3:OK', [cmd(4, 'SETTING,4,1#'), cmd(5, 'SETTING,5,3#')], { replyTo: 5 }],
    ['a refusal names its command', 'RESET:ERR,BUSY', [locate, reboot], { kind: 'reply', replyTo: 2 }],
    ['an unknown command by its own word', 'ERR:UNKNOWN_COMMAND,WHERE', [reboot, locate], { replyTo: 3 }],
    ['a free text the watch does not know, its word cut as the watch cuts it', `ERR:UNKNOWN_COMMAND,${'A'.repeat(40)}`, [reboot, cmd(12, `${'A'.repeat(50)}:B`)], { replyTo: 12 }],
    ['a bare ERR only when one command awaits', 'ERR,BAD', [reboot], { kind: 'reply', replyTo: 2 }],
    ['a bare ERR with two awaiting is not guessed', 'ERR,BAD', [reboot, locate], { kind: 'unmatched' }],
    ['a reply to an old command (none awaits)', 'RESET:OK', [], { kind: 'unmatched' }],
    ['an interim report keeps its command awaiting', 'FOTA:DOWNLOADING,12', [cmd(6, 'FOTA,12,v,h:1,u,******,/p,1,a#')], { kind: 'progress', replyTo: 6, closes: [] }],
    ['a final report closes the FOTA and its query', 'FOTA:OK,12,v', [cmd(6, 'FOTA,12,v,h:1,u,******,/p,1,a#'), cmd(7, 'FOTA?,12#')], { kind: 'reply', replyTo: 7, closes: [7, 6] }],
    ["another rollout's report is not this one's", 'FOTA:OK,13,v', [cmd(6, 'FOTA,12,v,h:1,u,******,/p,1,a#')], { kind: 'unmatched' }],
    ['LOG:SENT answers the send, not the start', 'LOG:SENT,f.log', [cmd(10, 'LOG,START,60,3#'), cmd(11, 'LOG,SEND#')], { replyTo: 11 }],
    ['free text from the watch', 'hello', [reboot], { kind: 'message', replyTo: null }],
  ])('%s', (_name, body, awaiting, expected) => {
    expect(correlate(parseWatchMessage(body), awaiting)).toMatchObject(expected);
  });
});

describe('a command’s state machine', () => {
  const created: CommandState = { status: 0, answered: false, claimed: false, hasSid: false };
  const claimed: CommandState = { ...created, claimed: true };
  const sent: CommandState = { status: 1, answered: false, claimed: false, hasSid: true };
  const received: CommandState = { ...sent, status: 2 };
  const answered: CommandState = { ...received, answered: true };
  const error: CommandState = { ...sent, status: 3 };
  const expired: CommandState = { ...created, status: EXPIRED };
  const why = { code: 'firmwareRequestEnded' } as const;
  const ok: CommandEvent = { kind: 'reply', reply: reply('RESET:OK') };
  const no: CommandEvent = { kind: 'reply', reply: reply('RESET:ERR,AT_ERROR') };
  const unknown: CommandEvent = { kind: 'reply', reply: reply('ERR:UNKNOWN_COMMAND,RESET') };

  it.each<[string, CommandState, CommandEvent, object | null]>([
    ['created -> sent', created, { kind: 'sent' }, { status: 1 }],
    ['sent again changes nothing', sent, { kind: 'sent' }, null],
    ['created -> error when the send fails', created, { kind: 'sendFailed', error: why }, { status: 3, error: why }],
    ['created -> error when called off', created, { kind: 'cancel', error: why }, { status: 3 }],
    ['a sent command is not called off', sent, { kind: 'cancel', error: why }, null],
    ['created -> expired past its time to live', created, { kind: 'expire', ttlMinutes: 15 }, { status: EXPIRED, error: { code: 'smsExpired', params: { minutes: 15 } } }],
    ['a claimed command is not expired (it may be in a gateway call)', claimed, { kind: 'expire', ttlMinutes: 15 }, null],
    ['a sent command never expires', sent, { kind: 'expire', ttlMinutes: 15 }, null],
    ['expired stays expired on a reply', expired, ok, null],
    ['sent -> received, answered', sent, ok, { status: 2, answered: true }],
    ['received (delivered) -> answered', received, ok, { status: 2, answered: true }],
    ['a reply overtaking the commit: created -> received', claimed, ok, { status: 2, answered: true }],
    ['refused: received -> error, answered', received, no, { status: 3, answered: true, error: { code: 'smsDeviceRefused', params: { reason: 'AT_ERROR' } } }],
    ['unknown command -> error', sent, unknown, { status: 3, error: { code: 'smsDeviceUnknownCommand' } }],
    ['an answered command takes no second answer', answered, ok, null],
    ['an undelivered command answered later stays error, answered', error, ok, { status: 3, answered: true }],
    ['progress: sent -> received, still awaiting', sent, { kind: 'progress' }, { status: 2, answered: false }],
    ['progress on a received command changes nothing', received, { kind: 'progress' }, null],
    ['a temporary refusal ends this attempt for the next one', received, { kind: 'retry', reason: 'BUSY', next: 42 }, { status: 3, answered: true, error: { code: 'smsRetried', params: { reason: 'BUSY', next: 42 } } }],
  ])('%s', (_name, s, e, expected) => {
    const got = commandTransition(s, e);
    if (expected === null) expect(got).toBeNull();
    else expect(got).toMatchObject(expected);
  });

  it("marks answered (with the reply's INSERT) exactly where a reply's or a retry's transition would", () => {
    const busy = reply('RESET:ERR,BUSY');
    for (const s of [created, claimed, sent, received, answered, error, expired]) {
      for (const r of [reply('RESET:OK'), busy, reply('ERR:UNKNOWN_COMMAND,RESET')]) {
        const byReply = commandTransition(s, { kind: 'reply', reply: r });
        expect(replyAnswers(s, r)).toBe(!s.answered && byReply?.answered === true);
        const byRetry = commandTransition(s, { kind: 'retry', reason: 'BUSY', next: 1 });
        expect(replyAnswers(s, busy)).toBe(!s.answered && byRetry?.answered === true);
      }
    }
    expect(replyAnswers(sent, busy)).toBe(true);
    expect(replyAnswers(answered, busy)).toBe(false);
    expect(replyAnswers(expired, busy)).toBe(false);
  });
});

describe('who may send what (docs/access.md "Commands")', () => {
  const partners: RoleId[] = [12, 13, 14, 15];
  it.each([
    ['LOCATE', 'ordinary', [1, ...partners]],
    ['SETTING_5', 'setting', [1, ...partners]],
    ['SYNC_CONTACTS', 'contacts', [1, ...partners]],
    ['SET_PROFILE', 'profile', [1, ...partners]],
    ['FACTORY_RESET', 'destructive', [1]],
    ['POWER_OFF', 'destructive', [1]],
    ['CUSTOM', 'freeText', [1]],
    ['SEND_ATCMD', 'freeText', [1]],
    ['START_LOG', 'log', [1]],
    ['SET_SERVER', 'network', [1]],
    ['FOTA_12', 'firmware', [1]],
    ['FOTAQ_12', 'firmware', [1]],
    ['MODEM_START_SSP', 'modem', [1]],
    ['START_SSP', 'modem', [1]],
    ['SOMETHING_NEW', 'unclassed', [1]],
  ] as const)('%s is %s, for roles %j', (key, cls, roles) => {
    expect(commandClass(key)).toBe(cls);
    for (const r of [1, 9, 10, 11, 12, 13, 14, 15] as RoleId[]) expect(commandAllowed(r, key), `role ${r}`).toBe((roles as readonly number[]).includes(r));
  });

  it('gives destructive commands a short life and a confirmation; read-only roles send nothing', () => {
    expect(commandTtlMinutes('FACTORY_RESET')).toBeLessThan(commandTtlMinutes('STATUS'));
    expect(commandNeedsConfirmation('POWER_OFF')).toBe(true);
    expect(commandNeedsConfirmation('REBOOT')).toBe(false);
    expect(ROLES_WITHOUT_COMMANDS).toEqual([9, 10, 11]);
  });
});

describe('the gate: which devices may take a command', () => {
  it.each([
    ['a working device', { device_status: 2, enabled: true, gsm_number: '+491701234567' }, null],
    ['an unassigned device with a number', { device_status: 0, enabled: true, gsm_number: '+491701234567' }, null],
    ['a terminated device', { device_status: 3, enabled: true, gsm_number: '+491701234567' }, 'smsDeviceTerminated'],
    ['a terminated and disabled device: terminated first', { device_status: 3, enabled: false, gsm_number: null }, 'smsDeviceTerminated'],
    ['a disabled device', { device_status: 2, enabled: false, gsm_number: '+491701234567' }, 'smsDeviceDisabled'],
    ['a device without a number', { device_status: 2, enabled: true, gsm_number: null }, 'smsNoNumber'],
  ])('%s', (_name, d, code) => {
    expect(gateRefusal(d)?.code ?? null).toBe(code);
  });
});
