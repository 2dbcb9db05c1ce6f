import { reason, type Reason } from '@tracker/contract';

/** §4 firmware activity status of a rollout's device (and beyond §4: 3 failed, 4 cancelled). */
export const TARGET = { processing: 0, downloading: 1, finished: 2, failed: 3, cancelled: 4 } as const;
export type TargetStatus = (typeof TARGET)[keyof typeof TARGET];
const ALL: TargetStatus[] = [0, 1, 2, 3, 4];

/** A rollout's device as its machine sees it: its status, the reason stored with it, the version it should get. */
export type TargetState = { status: TargetStatus; error_code: string | null; to_version: string | null; notified: boolean; sent: boolean };

/**
 * What happens to a device of a rollout (docs/firmware-modem.md "Firmware"): its command's fate in the SMS pipeline,
 * the watch's reports (correlated with the request's commands by the command ledger), its timeout, its request's end.
 */
export type TargetEvent =
  | { kind: 'undelivered'; error: Reason; cancelled: boolean }
  | { kind: 'downloading'; progress: number | null }
  | { kind: 'finished'; version: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'timeout'; minutes: number }
  | { kind: 'ended' };

export type TargetChange = { status: TargetStatus; error: Reason | null; progress?: number | null; finished: boolean; firmware?: string };

/**
 * A device's transition, pure; null when the event changes nothing. The repository persists what it decides (one
 * device: `FirmwareRolloutRepository`; a wave or a request at once: SQL whose `status IN (...)` is `fromStates`).
 *
 *   0 processing ──downloading──> 1 downloading ──FOTA:OK (its version)──> 2 finished (the device's firmware set)
 *        │  └ not notified, request ended ─> 4 cancelled     │ └ FOTA:OK of another version, FOTA:ERR ─> 3 failed
 *        ├ command not delivered / expired ─> 3 failed (called off by its request: 4 cancelled)
 *        └──────── no final report within the timeout (from the command's sending) ───────> 3 failed
 *   3 failed by its timeout ──FOTA:OK (its version)──> 2 finished (the device did update; the report was late)
 */
export function targetTransition(s: TargetState, e: TargetEvent): TargetChange | null {
  const open = s.status === TARGET.processing || s.status === TARGET.downloading;
  switch (e.kind) {
    case 'undelivered':
      if (s.status !== TARGET.processing) return null;
      return e.cancelled ? { status: TARGET.cancelled, error: e.error, finished: false } : { status: TARGET.failed, error: e.error, finished: true };
    case 'downloading':
      return open ? { status: TARGET.downloading, error: null, progress: e.progress, finished: false } : null;
    case 'finished': {
      const late = s.status === TARGET.failed && s.error_code === 'firmwareTimeout';
      if (!open && !late) return null;
      if (s.to_version !== e.version) return { status: TARGET.failed, error: reason('firmwareDeviceError', { reason: `VERSION_${e.version}` }), finished: true };
      return { status: TARGET.finished, error: null, progress: 100, finished: true, firmware: e.version };
    }
    case 'failed':
      return open ? { status: TARGET.failed, error: reason('firmwareDeviceError', { reason: e.reason }), finished: true } : null;
    case 'timeout':
      return open && s.sent ? { status: TARGET.failed, error: reason('firmwareTimeout', { minutes: e.minutes }), finished: true } : null;
    case 'ended':
      return s.status === TARGET.processing && !s.notified ? { status: TARGET.cancelled, error: reason('firmwareRequestEnded'), finished: false } : null;
  }
}

/** The statuses from which `e` moves a device (sent and notified as given): what a set-based statement may select. */
export function fromStates(e: TargetEvent, with_: Partial<TargetState> = {}): TargetStatus[] {
  return ALL.filter((status) => targetTransition({ status, error_code: null, to_version: null, notified: false, sent: true, ...with_ }, e) !== null);
}
