import { describe, expect, it } from 'vitest';
import { fromStates, TARGET, targetTransition, type TargetEvent, type TargetState } from './target-state.js';

const s = (status: TargetState['status'], more: Partial<TargetState> = {}): TargetState => ({ status, error_code: null, to_version: 'W2.0', notified: true, sent: true, ...more });
const undelivered: TargetEvent = { kind: 'undelivered', error: { code: 'smsUndelivered', params: { status: 'undelivered', code: 30003 } }, cancelled: false };
const calledOff: TargetEvent = { kind: 'undelivered', error: { code: 'firmwareRequestEnded' }, cancelled: true };
const expired: TargetEvent = { kind: 'undelivered', error: { code: 'smsExpired', params: { minutes: 1440 } }, cancelled: false };

describe("a rollout device's state machine (§4 firmware activity: 0 processing, 1 downloading, 2 finished; 3 failed, 4 cancelled)", () => {
  it.each<[string, TargetState, TargetEvent, object | null]>([
    ['processing -> downloading on FOTA:DOWNLOADING', s(0), { kind: 'downloading', progress: 40 }, { status: 1, progress: 40, finished: false }],
    ['downloading stays downloading with new progress', s(1), { kind: 'downloading', progress: 80 }, { status: 1, progress: 80 }],
    ['processing -> finished on FOTA:OK of its version (firmware set)', s(0), { kind: 'finished', version: 'W2.0' }, { status: 2, progress: 100, firmware: 'W2.0', finished: true }],
    ['downloading -> finished', s(1), { kind: 'finished', version: 'W2.0' }, { status: 2, error: null }],
    ['FOTA:OK of another version -> failed (VERSION_)', s(1), { kind: 'finished', version: 'W1.9' }, { status: 3, error: { code: 'firmwareDeviceError', params: { reason: 'VERSION_W1.9' } } }],
    ['FOTA:ERR -> failed with the watch reason', s(1), { kind: 'failed', reason: 'CHECKSUM' }, { status: 3, error: { code: 'firmwareDeviceError', params: { reason: 'CHECKSUM' } }, finished: true }],
    ['a late FOTA:OK after the timeout: the device did update', s(3, { error_code: 'firmwareTimeout' }), { kind: 'finished', version: 'W2.0' }, { status: 2 }],
    ['a FOTA:OK after a watch error changes nothing', s(3, { error_code: 'firmwareDeviceError' }), { kind: 'finished', version: 'W2.0' }, null],
    ['finished takes no error afterwards', s(2), { kind: 'failed', reason: 'CHECKSUM' }, null],
    ['finished takes no progress afterwards', s(2), { kind: 'downloading', progress: 10 }, null],
    ['processing -> failed when its command was not delivered', s(0), undelivered, { status: 3, error: { code: 'smsUndelivered' }, finished: true }],
    ['processing -> failed when its command expired unsent', s(0), expired, { status: 3, error: { code: 'smsExpired' } }],
    ['processing -> cancelled when its request called the command off', s(0), calledOff, { status: 4, error: { code: 'firmwareRequestEnded' }, finished: false }],
    ['a downloading device is not failed by its SMS', s(1), undelivered, null],
    ['processing, sent, silent -> failed by its timeout', s(0), { kind: 'timeout', minutes: 60 }, { status: 3, error: { code: 'firmwareTimeout', params: { minutes: 60 } } }],
    ['downloading, silent -> failed by its timeout', s(1), { kind: 'timeout', minutes: 60 }, { status: 3 }],
    ['not sent yet: no timeout', s(0, { sent: false }), { kind: 'timeout', minutes: 60 }, null],
    ['never notified, request ended -> cancelled', s(0, { notified: false, sent: false }), { kind: 'ended' }, { status: 4, error: { code: 'firmwareRequestEnded' } }],
    ['notified, request ended: its command is on its way, it may still report', s(0), { kind: 'ended' }, null],
    ['cancelled stays cancelled', s(4), { kind: 'downloading', progress: 1 }, null],
  ])('%s', (_name, state, e, expected) => {
    const got = targetTransition(state, e);
    if (expected === null) expect(got).toBeNull();
    else expect(got).toMatchObject(expected);
  });

  it('the set-based statements move exactly the statuses the machine moves', () => {
    expect(fromStates({ kind: 'timeout', minutes: 1 })).toEqual([TARGET.processing, TARGET.downloading]);
    expect(fromStates({ kind: 'ended' }, { notified: false })).toEqual([TARGET.processing]);
    expect(fromStates({ kind: 'ended' })).toEqual([TARGET.processing]);
  });
});
