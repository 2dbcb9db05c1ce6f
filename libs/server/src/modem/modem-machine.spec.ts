import { describe, expect, it } from 'vitest';
import { MODEM_PROFILES, type Reason } from '@tracker/contract';
import {
  decide,
  parseDupReport,
  replyEvent,
  retryDelay,
  sendTaskOf,
  smsErrorEvent,
  type ModemDecision,
  type ModemEvent,
  type ModemMachineConfig,
  type ModemState,
} from './modem-machine.js';

// The modem update's rules (docs/firmware-modem.md "The state machine"), as tables: every task of both §4 task lists
// with every event it takes, then the limits (3 errors, 10 days), the retries of temporary refusals and the gate.

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-11-28T10:00:00.000Z');
const cfg: ModemMachineConfig = { checkTimeoutMs: HOUR, retryBaseMs: MIN, retryMaxMs: 6 * HOUR, errorPauseMs: 15_000 };
const DUP_OK = 'DUP:OK,FILES=modem_1of2.dup:480000;modem_2of2.dup:210000';

/** A running process at `taskId`, version 7, started now (the deadline 10 days ahead), at a check waiting for SMS 500. */
function state(profile: 'standard' | 'us_carrier', taskId: number, more: Partial<ModemState> = {}): ModemState {
  const kind = MODEM_PROFILES[profile][taskId - 1]?.kind;
  return {
    status: 'RUNNING',
    profile,
    taskId,
    taskCount: MODEM_PROFILES[profile].length,
    version: 7,
    errors: 0,
    refusals: 0,
    smsId: kind === 'check' ? 500 : null,
    smsSentAt: kind === 'check' ? T0 - MIN : null,
    retryAt: null,
    deadlineAt: T0 + 10 * DAY,
    now: T0,
    lastReply: kind === 'process' ? DUP_OK : null,
    settingsChanged: true,
    settingsRestored: false,
    hasNumber: true,
    ...(kind === 'send' ? { commandText: 'text of the type' } : {}),
    ...more,
  };
}

const step: ModemEvent = { kind: 'step', version: 7 };
const ok: ModemEvent = { kind: 'replyOk', smsId: 500, body: 'START_SSP:OK,SSP=1' };
const busy: ModemEvent = { kind: 'refused', smsId: 500, reason: 'BUSY', temporary: true };
const lowBattery: ModemEvent = { kind: 'refused', smsId: 500, reason: 'LOW_BATTERY', temporary: true };
const atError: ModemEvent = { kind: 'refused', smsId: 500, reason: 'AT_ERROR', temporary: false };
const undelivered: Reason = { code: 'smsUndelivered', params: { status: 'undelivered', code: 30003 } };
const smsError: ModemEvent = { kind: 'smsError', smsId: 500, why: undelivered };
const go = { delayMs: 0 };

// ---------------------------------------------------------------------------------------------- the task lists

/**
 * §4's lists as this table expects them, task by task: key, kind, and for a send its SMS (the type's command text is
 * the engine's to read; here the machine's smsKey), for an error the send task it goes back to.
 */
const LISTS = {
  standard: [
    ['updateSettings', 'settings'],
    ['sendStartSsp', 'send', 'MODEM_START_SSP'],
    ['checkStartSsp', 'check', null, 2],
    ['sendUpdateModem', 'send', 'MODEM_UPDATE_MODEM'],
    ['checkUpdateModem', 'check', null, 4],
    ['sendSwoptions', 'send', 'MODEM_SWOPTIONS'],
    ['checkSwoptions', 'check', null, 6],
    ['sendDup', 'send', 'MODEM_DUP'],
    ['checkDup', 'check', null, 8],
    ['processDupFiles', 'process', null, 8],
    ['revertSettings', 'revert'],
  ],
  us_carrier: [
    ['updateSettings', 'settings'],
    ['sendStartSsp', 'send', 'MODEM_START_SSP'],
    ['checkStartSsp', 'check', null, 2],
    ['sendUpdateModem', 'send', 'MODEM_UPDATE_MODEM'],
    ['checkUpdateModem', 'check', null, 4],
    ['sendSwoptions', 'send', 'MODEM_SWOPTIONS'],
    ['checkSwoptions', 'check', null, 6],
    ['sendSgact', 'send', 'MODEM_SGACT'],
    ['checkSgact', 'check', null, 8],
    ['sendDup', 'send', 'MODEM_DUP'],
    ['checkDup', 'check', null, 10],
    ['processDupFiles', 'process', null, 10],
    ['revertSettings', 'revert'],
  ],
} as const;

type Row = [name: string, s: ModemState, e: ModemEvent, expected: Partial<ModemDecision> & Record<string, unknown>];

/** Every transition of every task of a profile: what each event does there. */
function transitions(profile: 'standard' | 'us_carrier'): Row[] {
  const rows: Row[] = [];
  LISTS[profile].forEach(([key, kind, smsKey, back], i) => {
    const id = i + 1;
    const at = (n: string) => `${profile} ${id} ${key}: ${n}`;
    const s = state(profile, id);
    switch (kind) {
      case 'settings':
        rows.push([at('step -> settings changed, on to the send task'), s, step, { kind: 'changeSettings', next: id + 1, job: go }]);
        break;
      case 'send':
        rows.push([at('step -> the command stored, wait at the check (no job: the reply moves it)'), s, step, { kind: 'send', smsKey: smsKey!, message: 'text of the type', next: id + 1, job: null }]);
        rows.push([at('a reply to no command here changes nothing'), s, ok, { kind: 'none', why: 'notWaitingForThisSms' }]);
        break;
      case 'check':
        rows.push([at('the reply OK -> next task, its job at once'), s, ok, { kind: 'advance', next: id + 1, lastReply: 'START_SSP:OK,SSP=1', refusals: 0, job: go }]);
        rows.push([at('step before the timeout -> still waiting'), s, step, { kind: 'none', why: 'awaitingReply' }]);
        rows.push([at('step past the timeout -> error 1 (timeout), back to the send task after the pause'), { ...s, smsSentAt: T0 - HOUR }, step, { kind: 'retry', back: back!, errors: 1, retryAt: T0 + 15_000, job: { delayMs: 15_000 }, error: { code: 'modemTimeout', params: expect.objectContaining({ minutes: 60 }) } }]);
        rows.push([at('the SMS undelivered -> error 1, back to the send task after the pause'), s, smsError, { kind: 'retry', back: back!, errors: 1, refusals: 0, error: undelivered, retryAt: T0 + 15_000 }]);
        rows.push([at('a permanent refusal -> error 1'), s, atError, { kind: 'retry', back: back!, errors: 1, error: { code: 'smsDeviceRefused', params: { reason: 'AT_ERROR' } } }]);
        rows.push([at('a temporary refusal -> no error, the command again after the backoff'), s, busy, { kind: 'retry', back: back!, errors: 0, refusals: 1, retryAt: T0 + MIN, job: { delayMs: MIN } }]);
        rows.push([at('the 3rd error -> FAILED with it, settings put back'), { ...s, errors: 2 }, smsError, { kind: 'finish', status: 'FAILED', why: undelivered, errors: 3, restoreSettings: true }]);
        rows.push([at("another SMS's reply changes nothing"), s, { ...ok, smsId: 499 } as ModemEvent, { kind: 'none', why: 'notWaitingForThisSms' }]);
        break;
      case 'process':
        rows.push([at('a usable DUP report -> its files kept, on to the revert'), s, step, { kind: 'advance', next: id + 1, dupFiles: [{ name: 'modem_1of2.dup', size: 480000 }, { name: 'modem_2of2.dup', size: 210000 }], job: go }]);
        rows.push([at('no usable DUP files -> error, the DUP command again'), { ...s, lastReply: 'DUP:OK,FILES=' }, step, { kind: 'retry', back: back!, errors: 1, error: { code: 'modemDupFilesInvalid', params: { report: 'DUP:OK,FILES=' } } }]);
        break;
      case 'revert':
        rows.push([at('step -> DONE, settings put back'), s, step, { kind: 'finish', status: 'DONE', why: null, restoreSettings: true }]);
        break;
    }
    rows.push([at('stop -> STOPPED, settings put back'), s, { kind: 'stop' }, { kind: 'finish', status: 'STOPPED', why: { code: 'modemStopped' }, restoreSettings: true }]);
    rows.push([at('reset -> task 1 again'), s, { kind: 'reset' }, { kind: 'reset', forgetSettings: false, job: go }]);
    rows.push([at('10 days passed -> FAILED (modemDeadline)'), { ...s, now: s.deadlineAt }, step, { kind: 'finish', status: 'FAILED', why: { code: 'modemDeadline', params: { days: 10 } }, errors: 0 }]);
    rows.push([at('a job of an older version does nothing'), s, { kind: 'step', version: 6 }, { kind: 'none', why: 'otherVersion' }]);
  });
  return rows;
}

describe('§4 task lists', () => {
  it.each(Object.keys(LISTS) as ('standard' | 'us_carrier')[])('%s: the contract lists the tasks this table expects', (profile) => {
    expect(MODEM_PROFILES[profile].map((t) => [t.key, t.kind])).toEqual(LISTS[profile].map(([key, kind]) => [key, kind]));
    expect(MODEM_PROFILES[profile].length).toBe(profile === 'standard' ? 11 : 13);
  });

  it.each([...transitions('standard'), ...transitions('us_carrier')])('%s', (_name, s, e, expected) => {
    expect(decide(s, e, cfg)).toMatchObject(expected);
  });

  it.each([
    ['standard', 3, 2],
    ['standard', 10, 8],
    ['us_carrier', 9, 8],
    ['us_carrier', 12, 10],
    ['standard', 1, 1],
  ] as const)('%s: an error at task %i goes back to the send task %i', (profile, at, back) => {
    expect(sendTaskOf(profile, at)).toBe(back);
  });
});

// ---------------------------------------------------------------------------------------------- every other case

describe('the state machine', () => {
  const check = state('standard', 3);
  const send = state('standard', 2);

  it.each<Row>([
    // steps that find nothing to do, or cannot go on
    ['a stopped process takes no step', { ...check, status: 'STOPPED' }, step, { kind: 'none', why: 'notRunning' }],
    ['a done process takes no reply', { ...check, status: 'DONE' }, ok, { kind: 'none', why: 'notWaitingForThisSms' }],
    ['a check whose SMS has not left yet waits (its time runs from the sending)', { ...check, smsSentAt: null, now: T0 + 5 * HOUR }, step, { kind: 'none', why: 'awaitingReply' }],
    ['a send task waiting for its retry: a step before it is due does nothing', { ...send, retryAt: T0 + MIN }, step, { kind: 'none', why: 'notDue' }],
    ['a send task whose retry is due sends', { ...send, retryAt: T0 }, step, { kind: 'send', next: 3 }],
    ['the deadline beats a retry still to come', { ...send, retryAt: T0 + MIN, now: T0 + 10 * DAY }, step, { kind: 'finish', status: 'FAILED', why: { code: 'modemDeadline', params: { days: 10 } } }],
    ['no GSM number at the send -> FAILED (modemNoNumber)', { ...send, hasNumber: false }, step, { kind: 'finish', status: 'FAILED', why: { code: 'modemNoNumber' } }],
    ['the device type has no such command -> FAILED', { ...send, commandText: null }, step, { kind: 'finish', status: 'FAILED', why: { code: 'smsUnknownCommand', params: { command: 'START_SSP' } } }],
    ['a task past the list -> FAILED', state('standard', 12), step, { kind: 'finish', status: 'FAILED', why: { code: 'text', params: { text: 'no task 12 in profile standard' } } }],
    ['the timeout names the command and the minutes', { ...check, smsSentAt: T0 - 2 * HOUR }, step, { kind: 'retry', line: { taskId: 3, outcome: 'timeout', why: { code: 'modemTimeout', params: { command: 'START_SSP', minutes: 60 } }, smsId: 500 } }],
    ['the third timeout fails the process with it', { ...check, errors: 2, smsSentAt: T0 - 2 * HOUR }, step, { kind: 'finish', status: 'FAILED', errors: 3, why: { code: 'modemTimeout', params: { command: 'START_SSP', minutes: 60 } } }],
    // errors and refusals
    ['a permanent refusal is the 3rd error -> FAILED with the watch reason', { ...check, errors: 2 }, atError, { kind: 'finish', status: 'FAILED', errors: 3, why: { code: 'smsDeviceRefused', params: { reason: 'AT_ERROR' } }, line: { taskId: 3, outcome: 'error', why: { code: 'smsDeviceRefused', params: { reason: 'AT_ERROR' } }, smsId: 500 } }],
    ['a temporary refusal with 2 errors counted: still no 3rd error', { ...check, errors: 2 }, busy, { kind: 'retry', errors: 2, refusals: 1 }],
    ['the history says the refusal and when the command goes again', check, busy, { line: { taskId: 3, outcome: 'info', why: { code: 'modemRetryLater', params: { reason: 'BUSY', at: '2026-11-28 10:01:00 UTC' } }, smsId: 500 } }],
    ['the backoff doubles with each refusal in a row', { ...check, refusals: 3 }, lowBattery, { kind: 'retry', refusals: 4, retryAt: T0 + 8 * MIN, job: { delayMs: 8 * MIN } }],
    ['and is capped (MODEM_RETRY_MAX_MS)', { ...check, refusals: 12 }, busy, { kind: 'retry', retryAt: T0 + 6 * HOUR }],
    ['a retry that would fall past the 10 days -> FAILED (modemDeadline), the refusal in the history', { ...check, refusals: 12, deadlineAt: T0 + 6 * HOUR }, busy, { kind: 'finish', status: 'FAILED', errors: 0, why: { code: 'modemDeadline', params: { days: 10 } }, line: { taskId: 3, outcome: 'info', why: { code: 'smsDeviceRefused', params: { reason: 'BUSY' } }, smsId: 500 } }],
    ['a retry just before the deadline still happens', { ...check, deadlineAt: T0 + MIN + 1 }, busy, { kind: 'retry', retryAt: T0 + MIN }],
    ["an error's pause past the deadline -> FAILED (modemDeadline), the error counted", { ...check, deadlineAt: T0 + 1000 }, smsError, { kind: 'finish', status: 'FAILED', errors: 1, why: { code: 'modemDeadline', params: { days: 10 } }, line: { taskId: 3, outcome: 'error', why: undelivered, smsId: 500 } }],
    ['an OK ends the run of refusals (the next backoff starts at the base again)', { ...check, refusals: 3 }, ok, { kind: 'advance', refusals: 0 }],
    // stop and reset
    ['stop of a process that is not running does nothing', { ...check, status: 'FAILED' }, { kind: 'stop' }, { kind: 'none', why: 'notRunning' }],
    ['stop while waiting for a retry', { ...send, retryAt: T0 + HOUR }, { kind: 'stop' }, { kind: 'finish', status: 'STOPPED' }],
    ['stop before the settings were changed puts nothing back', { ...state('standard', 1), settingsChanged: false }, { kind: 'stop' }, { kind: 'finish', status: 'STOPPED', restoreSettings: false }],
    ['reset of a failed process whose settings were put back forgets them', { ...check, status: 'FAILED', settingsChanged: false, settingsRestored: true }, { kind: 'reset' }, { kind: 'reset', forgetSettings: true, job: go }],
    ['reset of a process still holding changed settings keeps them remembered', { ...check, status: 'STOPPED' }, { kind: 'reset' }, { kind: 'reset', forgetSettings: false }],
  ])('%s', (_name, s, e, expected) => {
    expect(decide(s, e, cfg)).toMatchObject(expected);
  });

  it('a temporary refusal leaves the last error as it was (it is none)', () => {
    const d = decide({ ...check, errors: 1 }, busy, cfg);
    expect(d.kind).toBe('retry');
    expect(d).not.toHaveProperty('error');
  });

  /** What the engine persists, in small: enough to run a watch's answers through the machine. */
  function persist(s: ModemState, d: ModemDecision): ModemState {
    const v = { ...s, version: s.version + 1 };
    switch (d.kind) {
      case 'none':
        return s;
      case 'changeSettings':
        return { ...v, taskId: d.next, settingsChanged: true };
      case 'send':
        return { ...v, taskId: d.next, smsId: s.version + 1000, smsSentAt: s.now, retryAt: null, commandText: undefined };
      case 'advance':
        return { ...v, taskId: d.next, smsId: null, refusals: d.refusals ?? s.refusals, lastReply: d.lastReply ?? s.lastReply, commandText: 'text' };
      case 'retry':
        return { ...v, taskId: d.back, smsId: null, errors: d.errors, refusals: d.refusals, retryAt: d.retryAt, commandText: 'text' };
      case 'finish':
        return { ...v, status: d.status, errors: d.errors, smsId: null, retryAt: null, settingsChanged: false, settingsRestored: d.restoreSettings };
      case 'reset':
        return { ...v, taskId: 1, status: 'RUNNING', errors: 0, refusals: 0, smsId: null, retryAt: null };
    }
  }

  /** Runs a watch's answers to START_SSP through the machine, each step job at the time it is due. */
  function run(answers: string[]): { s: ModemState; waits: number[]; lines: string[] } {
    let s = state('standard', 2, { commandText: 'START_SSP#' });
    const waits: number[] = [];
    const lines: string[] = [];
    for (const body of answers) {
      // the send task's job, when it is due
      if (s.retryAt !== null) {
        waits.push(s.retryAt - s.now);
        s = { ...s, now: s.retryAt };
      }
      const sent = decide(s, { kind: 'step', version: s.version }, cfg);
      expect(sent.kind).toBe('send');
      s = persist(s, sent);
      const d = decide(s, replyEvent(s.smsId!, body), cfg);
      if ('line' in d) lines.push(`${d.line.outcome} ${d.line.why?.code ?? ''}`.trim());
      s = persist(s, d);
      if (s.status !== 'RUNNING') break;
    }
    return { s, waits, lines };
  }

  it('BUSY, then LOW_BATTERY twice: no error, waits of 1, 2 and 4 minutes, then on to UPDATE_MODEM (it failed in 1.3 s before)', () => {
    const r = run(['START_SSP:ERR,BUSY', 'START_SSP:ERR,LOW_BATTERY', 'START_SSP:ERR,LOW_BATTERY', 'START_SSP:OK,SSP=4711']);
    expect(r.s).toMatchObject({ status: 'RUNNING', taskId: 4, errors: 0, refusals: 0, retryAt: null });
    expect(r.waits).toEqual([MIN, 2 * MIN, 4 * MIN]);
    expect(r.lines).toEqual(['info modemRetryLater', 'info modemRetryLater', 'info modemRetryLater', 'ok']);
  });

  it('a permanent refusal three times: FAILED with the reason, a short pause before each resend', () => {
    const r = run(['START_SSP:ERR,NOT_SUPPORTED', 'START_SSP:ERR,NOT_SUPPORTED', 'START_SSP:ERR,NOT_SUPPORTED']);
    expect(r.s).toMatchObject({ status: 'FAILED', errors: 3, taskId: 3 });
    expect(r.waits).toEqual([15_000, 15_000]);
    expect(r.lines).toEqual(['error smsDeviceRefused', 'error smsDeviceRefused', 'error smsDeviceRefused']);
  });

  it('refusals of both kinds mixed: only the permanent ones count', () => {
    const r = run(['START_SSP:ERR,BUSY', 'START_SSP:ERR,AT_ERROR', 'START_SSP:ERR,NO_NETWORK', 'START_SSP:ERR,TIMEOUT', 'START_SSP:ERR,AT_ERROR', 'START_SSP:OK']);
    expect(r.s).toMatchObject({ status: 'RUNNING', taskId: 4, errors: 2 });
    expect(r.waits).toEqual([MIN, 15_000, 2 * MIN, 4 * MIN, 15_000]);
  });

  it('a watch that stays BUSY is asked until the 10 days would pass, then FAILED (modemDeadline)', () => {
    const r = run(Array.from({ length: 200 }, () => 'START_SSP:ERR,BUSY'));
    expect(r.s).toMatchObject({ status: 'FAILED', errors: 0 });
    expect(r.waits.reduce((a, b) => a + b, 0)).toBeLessThan(10 * DAY);
    expect(Math.max(...r.waits)).toBe(6 * HOUR);
    expect(r.lines.at(-1)).toBe('info smsDeviceRefused');
  });
});

describe('what the SMS events say to the machine', () => {
  it.each<[string, ModemEvent]>([
    ['START_SSP:OK,SSP=4711', { kind: 'replyOk', smsId: 9, body: 'START_SSP:OK,SSP=4711' }],
    ['START_SSP:ERR,BUSY', { kind: 'refused', smsId: 9, reason: 'BUSY', temporary: true }],
    ['UPDATE_MODEM:ERR,LOW_BATTERY', { kind: 'refused', smsId: 9, reason: 'LOW_BATTERY', temporary: true }],
    ['UPDATE_MODEM:ERR,NO_NETWORK', { kind: 'refused', smsId: 9, reason: 'NO_NETWORK', temporary: true }],
    ['SEND_ATCMD:ERR,TIMEOUT', { kind: 'refused', smsId: 9, reason: 'TIMEOUT', temporary: true }],
    ['SEND_ATCMD:ERR,AT_ERROR', { kind: 'refused', smsId: 9, reason: 'AT_ERROR', temporary: false }],
    ['DUP:ERR,NO_SPACE', { kind: 'refused', smsId: 9, reason: 'NO_SPACE', temporary: false }],
    ['ERR:UNKNOWN_COMMAND,DUP', { kind: 'smsError', smsId: 9, why: { code: 'smsDeviceUnknownCommand' } }],
    ['START_SSP:MAYBE', { kind: 'refused', smsId: 9, reason: 'START_SSP:MAYBE', temporary: false }],
  ])('the reply %s', (body, expected) => {
    expect(replyEvent(9, body)).toEqual(expected);
  });

  it.each<[string, Reason | null, ModemEvent]>([
    ['a refusal (the SMS settled as error first)', { code: 'smsDeviceRefused', params: { reason: 'BUSY' } }, { kind: 'refused', smsId: 9, reason: 'BUSY', temporary: true }],
    ['a permanent refusal', { code: 'smsDeviceRefused', params: { reason: 'DOWNLOAD_FAILED' } }, { kind: 'refused', smsId: 9, reason: 'DOWNLOAD_FAILED', temporary: false }],
    ['undelivered', undelivered, { kind: 'smsError', smsId: 9, why: undelivered }],
    ['no gateway', { code: 'smsNoGateway', params: { number: '+1555' } }, { kind: 'smsError', smsId: 9, why: { code: 'smsNoGateway', params: { number: '+1555' } } }],
    ['no reason at all', null, { kind: 'smsError', smsId: 9, why: { code: 'text', params: { text: 'SMS error' } } }],
  ])('the SMS error: %s', (_name, why, expected) => {
    expect(smsErrorEvent(9, why)).toEqual(expected);
  });
});

describe('rules as data', () => {
  it.each([
    [0, MIN],
    [1, 2 * MIN],
    [2, 4 * MIN],
    [8, 256 * MIN],
    [9, 6 * HOUR],
    [1000, 6 * HOUR],
  ])('after %i refusals in a row the pause is %i ms', (n, pause) => {
    expect(retryDelay(n, cfg)).toBe(pause);
  });

  it.each<[string | null, number | null]>([
    [DUP_OK, 2],
    ['DUP:OK,FILES=a.dup:1', 1],
    ['DUP:OK,FILES=a.bin:10', null],
    ['DUP:OK,FILES=a.dup:0', null],
    ['DUP:OK,FILES=', null],
    ['DUP:OK', null],
    [null, null],
  ])('the DUP report %s holds %s usable files', (report, n) => {
    expect(parseDupReport(report)?.length ?? null).toBe(n);
  });
});
