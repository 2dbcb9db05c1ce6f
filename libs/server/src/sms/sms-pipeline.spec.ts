import { describe, expect, it } from 'vitest';
import { applyCallback, applyCallbacks } from './sms-status.js';
import { slotWaits } from './sms-rate.js';
import { claimBatch } from './sms-dispatch.service.js';
import { addDelta, deltaRows, statDelta } from './sms-stats.js';
import { blindArray } from '../core/db.js';
import { routeNumber } from './sms-gateways.js';
import type { GatewayRow } from './sms-dispatch.repository.js';

const gw = (id: number, allowed: string[]): GatewayRow => ({ id, name: `g${id}`, allowed, command: null, url: null, from_number: null, rate_per_second: 10 });

describe('gateway callbacks never move a message backwards', () => {
  it('applies a higher status and ignores a lower or equal one', () => {
    const sent = { status: 1, gateway_status: 'sent' };
    expect(applyCallback(sent, 'delivered', null)).toEqual({ status: 2, gateway_status: 'delivered', error: null });
    expect(applyCallback({ status: 2, gateway_status: 'delivered' }, 'sent', null)).toBeNull();
    expect(applyCallback({ status: 2, gateway_status: 'delivered' }, 'delivered', null)).toBeNull();
    expect(applyCallback({ status: 1, gateway_status: 'queued' }, 'undelivered', 30003)).toEqual({
      status: 3,
      gateway_status: 'undelivered',
      error: { code: 'smsUndelivered', params: { status: 'undelivered', code: 30003 } },
    });
  });
  it('keeps a status a reply settled, and a final status once reached', () => {
    expect(applyCallback({ status: 3, gateway_status: 'sent' }, 'delivered', null)).toEqual({ status: 3, gateway_status: 'delivered', error: null });
    expect(applyCallback({ status: 3, gateway_status: 'failed' }, 'delivered', null)).toBeNull();
  });
});

describe('reports applied together (a send recorded with the callbacks that came first, a batch of callbacks)', () => {
  it('applies them in rank order whatever their arrival, with the reason of an error', () => {
    const queued = { status: 1, gateway_status: null };
    expect(applyCallbacks(queued, [{ status: 'delivered', error_code: null }, { status: 'queued', error_code: null }, { status: 'sent', error_code: null }])).toEqual({
      status: 2,
      gateway_status: 'delivered',
      error: null,
    });
    expect(applyCallbacks(queued, [{ status: 'undelivered', error_code: 30003 }, { status: 'sent', error_code: null }])).toEqual({
      status: 3,
      gateway_status: 'undelivered',
      error: { code: 'smsUndelivered', params: { status: 'undelivered', code: 30003 } },
    });
    // a reply settled it first: the gateway's statuses are kept, the §3 status is not moved
    expect(applyCallbacks({ status: 2, gateway_status: null }, [{ status: 'queued', error_code: null }])).toEqual({ status: 2, gateway_status: 'queued', error: null });
    expect(applyCallbacks({ status: 1, gateway_status: 'delivered' }, [{ status: 'sent', error_code: null }])).toEqual({ status: 1, gateway_status: 'delivered', error: null });
  });
});

describe('rate slots', () => {
  it('spaces a batch of slots by the rate after the tokens the bucket held', () => {
    expect(slotWaits(3, 5, 10)).toEqual([0, 0, 0, 100, 200]);
    expect(slotWaits(-2, 2, 1000)).toEqual([3, 4]);
    expect(slotWaits(0.5, 2, 10)).toEqual([50, 150]);
  });
  it('claims a tenth of a second of the gateway rate at once', () => {
    expect(claimBatch(10)).toBe(1);
    expect(claimBatch(25)).toBe(3);
    expect(claimBatch(1000)).toBe(100);
    expect(claimBatch(50_000)).toBe(100);
  });
});

describe('counters follow the seed definitions', () => {
  it('moves sent, received and errors by the difference of the two statuses', () => {
    expect(statDelta(null, 0)).toEqual({ created: 1, sent: 0, errors: 0, received: 0, replies: 0 });
    expect(statDelta(0, 1)).toEqual({ created: 0, sent: 1, errors: 0, received: 0, replies: 0 });
    expect(statDelta(1, 2)).toEqual({ created: 0, sent: 0, errors: 0, received: 1, replies: 0 });
    expect(statDelta(2, 3)).toEqual({ created: 0, sent: -1, errors: 1, received: -1, replies: 0 });
    expect(statDelta(0, 3)).toEqual({ created: 0, sent: 0, errors: 1, received: 0, replies: 0 });
  });
});

describe('routing by phone code', () => {
  it('takes the longest allowed code, and none when no code matches', () => {
    const gws = [gw(1, ['+49', '+1']), gw(2, ['+4915']), gw(3, ['+34'])];
    expect(routeNumber(gws, '+4915112345678')?.id).toBe(2);
    expect(routeNumber(gws, '+4930123456')?.id).toBe(1);
    expect(routeNumber(gws, '+34600000000')?.id).toBe(3);
    expect(routeNumber(gws, '+819012345678')).toBeNull();
  });
});

describe("a batch's counters, written by its status UPDATE (deltaRows)", () => {
  it('gives one row per day, column by column, and leaves days whose delta is all zero out', () => {
    const days = new Map<string, ReturnType<typeof statDelta>>();
    addDelta(days, '2026-11-28', statDelta(0, 1));
    addDelta(days, '2026-11-29', statDelta(0, 1));
    addDelta(days, '2026-11-29', statDelta(1, 2));
    addDelta(days, '2026-11-27', statDelta(1, 1));
    expect(deltaRows(days)).toEqual([['2026-11-28', '2026-11-29'], [0, 0], [1, 1], [0, 0], [0, 1], [0, 0]]);
    expect(deltaRows(new Map())).toEqual([[], [], [], [], [], []]);
  });

  it("passes arrays out of the planner's sight, so a named statement keeps its generic plan", () => {
    expect(blindArray(3, 'bigint')).toBe('(SELECT $3::bigint[])::bigint[]');
  });
});
