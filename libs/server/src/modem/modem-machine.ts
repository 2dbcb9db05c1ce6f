import { MODEM_LIMITS, modemTask, reason, type ModemStatus, type Reason } from '@tracker/contract';
import { isTemporaryRefusal, parseWatchMessage } from '../commands/grammar.js';

// The modem update's state machine as a pure transition function (docs/firmware-modem.md "The state machine"):
// `decide(state, event, config)` answers what to do; ModemEngine locks the process, reads what the function needs,
// calls it and persists the decision (ModemRepository), and enqueues the next job after the commit. No I/O here and
// no clock of its own: `state.now` is Postgres' now() of the transaction, every time is milliseconds since the epoch.

/** A DUP file the watch reported (`DUP:OK,FILES=<name>:<size>;...`). */
export type DupFile = { name: string; size: number };

/** One line of a process's history (the progress modal), written with the transition it records. */
export type HistoryLine = { taskId: number; outcome: 'ok' | 'sent' | 'error' | 'timeout' | 'info'; why: Reason | null; smsId: number | null };

/** What the machine knows of a process: its row as locked, its device, and Postgres' clock. */
export type ModemState = {
  status: ModemStatus;
  profile: string;
  /** the current task, 1-based in the profile's list (MODEM_PROFILES) */
  taskId: number;
  taskCount: number;
  /** bumped by every transition: a step job carries the version it was queued for */
  version: number;
  /** errors counted so far (the 3rd ends the process) */
  errors: number;
  /** temporary refusals since the watch last said OK (the backoff doubles with each) */
  refusals: number;
  /** the SMS the current check waits for */
  smsId: number | null;
  /** when the gateway took that SMS (a check's timeout runs from here); null while it has not */
  smsSentAt: number | null;
  /** waiting at a send task until then; null: not waiting */
  retryAt: number | null;
  /** started (or reset) + 10 days */
  deadlineAt: number;
  /** Postgres' now() */
  now: number;
  /** the watch's last OK reply (what the DUP check reported, for the process task) */
  lastReply: string | null;
  /** settings the first task changed and that are not put back yet */
  settingsChanged: boolean;
  /** the settings were put back already (a reset then forgets them: the first task remembers them afresh) */
  settingsRestored: boolean;
  /** the device has a GSM number */
  hasNumber: boolean;
  /** at a send task: the device type's text of its command, null when the type has none; undefined elsewhere */
  commandText?: string | null;
};

/** The timings of AppConfig the machine needs (MODEM_CHECK_TIMEOUT_MS, MODEM_RETRY_BASE_MS / _MAX_MS, MODEM_ERROR_PAUSE_MS). */
export type ModemMachineConfig = { checkTimeoutMs: number; retryBaseMs: number; retryMaxMs: number; errorPauseMs: number };

/**
 * What happens to a process. The check's timeout and the 10 days are not events of their own: a step (the job the
 * sweep queues when Postgres says a time is up) finds them on the clock of the state.
 * - `step`: the step job for `version` runs (the worker);
 * - `replyOk`: the watch said `<WORD>:OK` to the SMS `smsId` (only a reply correlated with that command gets here);
 * - `refused`: the watch refused the SMS `smsId` with `reason`, `temporary` when it may do it later (BUSY, ...);
 * - `smsError`: the SMS `smsId` failed otherwise (undelivered, no gateway, unknown command...);
 * - `stop`, `reset`: the api's calls.
 */
export type ModemEvent =
  | { kind: 'step'; version: number }
  | { kind: 'replyOk'; smsId: number; body: string }
  | { kind: 'refused'; smsId: number; reason: string; temporary: boolean }
  | { kind: 'smsError'; smsId: number; why: Reason }
  | { kind: 'stop' }
  | { kind: 'reset' };

/** The step job to queue after the commit (for the process's new version), after `delayMs`. */
export type NextJob = { delayMs: number } | null;

/**
 * What to do:
 * - `none`: nothing changes (why: for the logs and the tests);
 * - `changeSettings`: task 1, set the settings the update needs (remembering the values before), then task `next`;
 * - `send`: store the task's command (`smsKey`, `message`) and wait at the check `next` for its reply;
 * - `advance`: the task is done, on to `next` (with the reply or the DUP files it read);
 * - `retry`: back to the send task `back`, whose command goes again at `retryAt`: after a temporary refusal (not
 *   counted, `refusals` one more) or an error (`errors` one more, `error` the row's last error);
 * - `finish`: the process ends DONE, FAILED or STOPPED with `why`, its changed settings put back (`restoreSettings`);
 * - `reset`: from task 1 again, errors, refusals and the 10 days afresh (`forgetSettings`: they were put back already).
 */
export type ModemDecision =
  | { kind: 'none'; why: 'notRunning' | 'otherVersion' | 'notWaitingForThisSms' | 'notDue' | 'awaitingReply' }
  | { kind: 'changeSettings'; next: number; line: HistoryLine; job: NextJob }
  | { kind: 'send'; smsKey: string; message: string; next: number; line: HistoryLine; job: NextJob }
  | { kind: 'advance'; next: number; lastReply?: string; dupFiles?: DupFile[]; refusals?: number; line: HistoryLine; job: NextJob }
  | { kind: 'retry'; back: number; retryAt: number; errors: number; refusals: number; error?: Reason; line: HistoryLine; job: NextJob }
  | { kind: 'finish'; status: 'DONE' | 'FAILED' | 'STOPPED'; why: Reason | null; errors: number; restoreSettings: boolean; line: HistoryLine }
  | { kind: 'reset'; forgetSettings: boolean; line: HistoryLine; job: NextJob };

// ---------------------------------------------------------------------------------------------- rules as data

/** The pause before the command goes again after the `refusals`+1-th temporary refusal in a row: base, doubling, capped. */
export function retryDelay(refusals: number, cfg: Pick<ModemMachineConfig, 'retryBaseMs' | 'retryMaxMs'>): number {
  return Math.min(cfg.retryBaseMs * 2 ** Math.min(refusals, 40), cfg.retryMaxMs);
}

/** Where an error or a refusal sends a process back to: the latest send task at or before `taskId` (its command again). */
export function sendTaskOf(profile: string, taskId: number): number {
  for (let i = taskId; i >= 1; i--) if (modemTask(profile, i)?.kind === 'send') return i;
  return taskId;
}

/** `DUP:OK,FILES=<name>:<size>;<name>:<size>`: the DUP files the watch holds (what fleet-sim's watches report). */
export function parseDupReport(reply: string | null): DupFile[] | null {
  const m = /FILES=([^\s,]*)/.exec(reply ?? '');
  if (!m?.[1]) return null;
  const files = m[1].split(';').map((f) => {
    const [name = '', size = ''] = f.split(':');
    return { name, size: /^\d{1,12}$/.test(size) ? Number(size) : 0 };
  });
  return files.length && files.every((f) => /^[\w.-]{1,100}\.dup$/i.test(f.name) && f.size > 0) ? files : null;
}

/** A time as the history says it (§9 date-time, UTC). */
export const historyTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** A watch's reply to a modem command is an OK when it says `<WORD>:OK`. */
const isOk = (body: string) => /^[A-Z][A-Z0-9_]*:OK\b/.test(body.trim());

/**
 * The event of a watch's reply to the SMS a check waits for: OK; a refusal `<WORD>:ERR,<reason>` (temporary by
 * `isTemporaryRefusal`); an unknown command; anything else a refusal with the text as its reason.
 */
export function replyEvent(smsId: number, body: string): ModemEvent {
  if (isOk(body)) return { kind: 'replyOk', smsId, body };
  const m = parseWatchMessage(body);
  if (m.kind === 'reply' && m.outcome === 'unknownCommand') return { kind: 'smsError', smsId, why: reason('smsDeviceUnknownCommand') };
  const why = m.kind === 'reply' && m.outcome === 'refused' && m.reason ? m.reason : body.trim().slice(0, 100);
  return { kind: 'refused', smsId, reason: why, temporary: isTemporaryRefusal(why) };
}

/** The event of the SMS's error (status 3): a watch's refusal (`smsDeviceRefused` with its reason) or another failure. */
export function smsErrorEvent(smsId: number, why: Reason | null): ModemEvent {
  const r = why?.code === 'smsDeviceRefused' ? why.params?.reason : undefined;
  if (typeof r === 'string' && r) return { kind: 'refused', smsId, reason: r, temporary: isTemporaryRefusal(r) };
  return { kind: 'smsError', smsId, why: why ?? reason('text', { text: 'SMS error' }) };
}

// ---------------------------------------------------------------------------------------------- the function

/** The step job for a task that is not a check: queued at once; a check waits for its reply (or its timeout). */
function jobFor(profile: string, taskId: number): NextJob {
  return modemTask(profile, taskId)?.kind === 'check' ? null : { delayMs: 0 };
}

/** The command a check waits for (its send task's SMS command), for the timeout's reason. */
function commandName(s: ModemState): string {
  const t = modemTask(s.profile, s.taskId - 1);
  return t?.kind === 'send' ? `${t.command}${t.message ? ` ${t.message}` : ''}` : String(s.taskId);
}

function finish(s: ModemState, status: 'DONE' | 'FAILED' | 'STOPPED', why: Reason | null, line?: HistoryLine, errors = s.errors): ModemDecision {
  return {
    kind: 'finish',
    status,
    why,
    errors,
    restoreSettings: s.settingsChanged,
    // the error that ended it (when one did) is the history's line; else what ended it
    line: line ?? { taskId: s.taskId, outcome: status === 'DONE' ? 'ok' : 'info', why: why ?? reason('text', { text: status.toLowerCase() }), smsId: null },
  };
}

const deadline = () => reason('modemDeadline', { days: MODEM_LIMITS.days });

/** An error that counts: the 3rd ends the process; else its send task's command goes again after the error pause. */
function countError(s: ModemState, why: Reason, outcome: 'error' | 'timeout', cfg: ModemMachineConfig): ModemDecision {
  const errors = s.errors + 1;
  const line: HistoryLine = { taskId: s.taskId, outcome, why, smsId: s.smsId };
  if (errors >= MODEM_LIMITS.errors) return finish(s, 'FAILED', why, line, errors);
  const retryAt = s.now + cfg.errorPauseMs;
  if (retryAt >= s.deadlineAt) return finish(s, 'FAILED', deadline(), line, errors);
  return { kind: 'retry', back: sendTaskOf(s.profile, s.taskId), retryAt, errors, refusals: s.refusals, error: why, line, job: { delayMs: cfg.errorPauseMs } };
}

/** A temporary refusal: not an error; the command goes again after the backoff, if that falls before the deadline. */
function retryLater(s: ModemState, refusal: string, cfg: ModemMachineConfig): ModemDecision {
  const delayMs = retryDelay(s.refusals, cfg);
  const retryAt = s.now + delayMs;
  if (retryAt >= s.deadlineAt) {
    return finish(s, 'FAILED', deadline(), { taskId: s.taskId, outcome: 'info', why: reason('smsDeviceRefused', { reason: refusal }), smsId: s.smsId });
  }
  return {
    kind: 'retry',
    back: sendTaskOf(s.profile, s.taskId),
    retryAt,
    errors: s.errors,
    refusals: s.refusals + 1,
    line: { taskId: s.taskId, outcome: 'info', why: reason('modemRetryLater', { reason: refusal, at: historyTime(retryAt) }), smsId: s.smsId },
    job: { delayMs },
  };
}

/** The step job: the current task, if the process is still at the job's version and nothing waits. */
function step(s: ModemState, version: number, cfg: ModemMachineConfig): ModemDecision {
  if (s.status !== 'RUNNING') return { kind: 'none', why: 'notRunning' };
  if (s.version !== version) return { kind: 'none', why: 'otherVersion' };
  if (s.now >= s.deadlineAt) return finish(s, 'FAILED', deadline());
  const task = modemTask(s.profile, s.taskId);
  if (!task) return finish(s, 'FAILED', reason('text', { text: `no task ${s.taskId} in profile ${s.profile}` }));
  if (s.retryAt !== null && s.now < s.retryAt) return { kind: 'none', why: 'notDue' };
  const next = s.taskId + 1;
  switch (task.kind) {
    case 'settings':
      return { kind: 'changeSettings', next, line: { taskId: s.taskId, outcome: 'ok', why: null, smsId: null }, job: jobFor(s.profile, next) };
    case 'send':
      if (!s.hasNumber) return finish(s, 'FAILED', reason('modemNoNumber'));
      if (s.commandText == null) return finish(s, 'FAILED', reason('smsUnknownCommand', { command: task.command! }));
      return { kind: 'send', smsKey: task.smsKey!, message: s.commandText, next, line: { taskId: s.taskId, outcome: 'sent', why: null, smsId: null }, job: jobFor(s.profile, next) };
    case 'check':
      // a check moves by its reply (the SMS events); from here only by its timeout, from the SMS's sending
      if (s.smsSentAt !== null && s.now >= s.smsSentAt + cfg.checkTimeoutMs) {
        return countError(s, reason('modemTimeout', { command: commandName(s), minutes: Math.round(cfg.checkTimeoutMs / 60_000) }), 'timeout', cfg);
      }
      return { kind: 'none', why: 'awaitingReply' };
    case 'process': {
      const files = parseDupReport(s.lastReply);
      if (!files) return countError(s, reason('modemDupFilesInvalid', { report: (s.lastReply ?? '').slice(0, 200) }), 'error', cfg);
      return { kind: 'advance', next, dupFiles: files, line: { taskId: s.taskId, outcome: 'ok', why: null, smsId: null }, job: jobFor(s.profile, next) };
    }
    case 'revert':
      return finish(s, 'DONE', null);
  }
}

/** Is the process at a check waiting for exactly this SMS? (A late reply to an older command, or to a stopped process, is not.) */
const waitsFor = (s: ModemState, smsId: number) => s.status === 'RUNNING' && s.smsId === smsId && modemTask(s.profile, s.taskId)?.kind === 'check';

/** What `e` does to a process in state `s`. */
export function decide(s: ModemState, e: ModemEvent, cfg: ModemMachineConfig): ModemDecision {
  switch (e.kind) {
    case 'step':
      return step(s, e.version, cfg);
    case 'replyOk': {
      if (!waitsFor(s, e.smsId)) return { kind: 'none', why: 'notWaitingForThisSms' };
      const next = s.taskId + 1;
      return { kind: 'advance', next, lastReply: e.body, refusals: 0, line: { taskId: s.taskId, outcome: 'ok', why: null, smsId: e.smsId }, job: jobFor(s.profile, next) };
    }
    case 'refused':
      if (!waitsFor(s, e.smsId)) return { kind: 'none', why: 'notWaitingForThisSms' };
      return e.temporary ? retryLater(s, e.reason, cfg) : countError(s, reason('smsDeviceRefused', { reason: e.reason }), 'error', cfg);
    case 'smsError':
      if (!waitsFor(s, e.smsId)) return { kind: 'none', why: 'notWaitingForThisSms' };
      return countError(s, e.why, 'error', cfg);
    case 'stop':
      if (s.status !== 'RUNNING') return { kind: 'none', why: 'notRunning' };
      return finish(s, 'STOPPED', reason('modemStopped'));
    case 'reset':
      return { kind: 'reset', forgetSettings: s.settingsRestored, line: { taskId: s.taskId, outcome: 'info', why: reason('text', { text: 'reset' }), smsId: null }, job: { delayMs: 0 } };
  }
}
