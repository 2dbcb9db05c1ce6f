import { describe, expect, it } from 'vitest';
import { timelineItem } from './timeline-items.js';
import { compareNewestFirst, decodeCursor, encodeCursor, keysetSql, mergePage, type Position } from './timeline-keyset.js';

const p = (at: string, rank: number, id: number): Position => ({ at: `2031-01-01T10:${at}.000Z`, rank, id });

describe('the timeline keyset', () => {
  it('a cursor names one place, and anything else is no cursor', () => {
    const c = encodeCursor(p('00:00', 3, 42));
    expect(decodeCursor(c)).toEqual(p('00:00', 3, 42));
    for (const bad of ['', 'bm9uZQ', encodeCursor({ at: 'yesterday', rank: 1, id: 1 }), encodeCursor({ at: '2031-01-01T10:00:00.000Z', rank: 99, id: 1 })]) {
      expect(decodeCursor(bad), bad).toBeNull();
    }
  });

  it('orders by time, then source, then id, newest first', () => {
    const list = [p('00:00', 0, 1), p('00:01', 0, 1), p('00:00', 2, 1), p('00:00', 0, 2)];
    expect([...list].sort(compareNewestFirst)).toEqual([p('00:01', 0, 1), p('00:00', 2, 1), p('00:00', 0, 2), p('00:00', 0, 1)]);
  });

  it.each([
    ['before, its own source: a row comparison', 'before', 3, { sql: '(t, i) < ($5::timestamptz, $6::bigint)', n: 2 }],
    ['before, a source ranked lower: its rows of the same time come after', 'before', 1, { sql: 't <= $5::timestamptz', n: 1 }],
    ['before, a source ranked higher: its rows of the same time came before', 'before', 5, { sql: 't < $5::timestamptz', n: 1 }],
    ['after, its own source', 'after', 3, { sql: '(t, i) > ($5::timestamptz, $6::bigint)', n: 2 }],
    ['after, a source ranked higher', 'after', 5, { sql: 't >= $5::timestamptz', n: 1 }],
    ['after, a source ranked lower', 'after', 1, { sql: 't > $5::timestamptz', n: 1 }],
  ] as const)('%s', (_name, dir, rank, expected) => {
    const k = keysetSql(dir, rank, p('00:00', 3, 7), 't', 'i', 5);
    expect(k.sql).toBe(expected.sql);
    expect(k.values).toHaveLength(expected.n);
  });

  it('merges the sources into a page and says whether more remain', () => {
    const a = [p('00:05', 0, 1), p('00:03', 0, 2), p('00:01', 0, 3)];
    const b = [p('00:04', 1, 9), p('00:02', 1, 8)];
    expect(mergePage([a, b], 3, 'before')).toEqual({ items: [a[0], b[0], a[1]], more: true });
    expect(mergePage([a, b], 5, 'before').more).toBe(false);
    // newer than a cursor: the oldest ones first taken, answered newest first
    expect(mergePage([[...a].reverse(), [...b].reverse()], 2, 'after').items).toEqual([b[1], a[2]]);
  });
});

describe('timeline entries', () => {
  const row = (source: string, more: Record<string, unknown>) => ({ at: '2031-01-01T10:00:00.000Z', rank: 0, id: 1, source, ...more }) as never;
  it.each([
    ['a command answered, sent by a person', row('sms', { direction: 'OUTBOUND', command_key: 'LOCATE', message: 'WHERE#', status: 2, answered_at: 'x', reply: 'LOC:OK', username: 'anna', ip: '10.0.0.1', row_kind: 'commands' }), { what: 'command', state: 'answered', by: { kind: 'person', name: 'anna', from: '10.0.0.1' } }],
    ['an expired command', row('sms', { direction: 'OUTBOUND', command_key: 'STATUS', message: 'STATUS#', status: 4, error_code: 'smsExpired', error_params: { minutes: 360 }, row_kind: 'commands' }), { state: 'expired', reason: { code: 'smsExpired', text: 'Not sent within its time to live of 360 minutes' } }],
    ["a rollout's command", row('sms', { direction: 'OUTBOUND', command_key: 'FOTA_12', message: 'FOTA,...', status: 1, row_kind: 'commands' }), { by: { kind: 'firmware', name: '12' } }],
    ['a campaign', row('sms', { direction: 'OUTBOUND', command_key: 'LOCATE', message: 'WHERE#', status: 1, bulk_id: 'b-1', username: 'anna', row_kind: 'commands' }), { by: { kind: 'campaign', name: 'b-1' } }],
    ['a setting pushed to all, refused', row('sms', { direction: 'OUTBOUND', command_key: 'SETTING_5', message: 'SETTING,5,3#', status: 3, bulk_id: 'b-2', row_kind: 'settings' }), { kind: 'settings', state: 'failed', params: { setting_no: 5, value: '3' }, by: { kind: 'settings' } }],
    ['a setting pending', row('sms', { direction: 'OUTBOUND', command_key: 'SETTING_5', message: 'SETTING,5,3#', status: 1, row_kind: 'settings' }), { state: 'pending' }],
    ['an unread alarm', row('sms', { direction: 'INBOUND', sms_kind: 'alarm', event_code: 'sos', message: 'SOS:ALARM', acknowledged_at: null }), { kind: 'watch', what: 'alarm', unread: true }],
    ['a read alarm', row('sms', { direction: 'INBOUND', sms_kind: 'alarm', event_code: 'sos', message: 'SOS:ALARM', acknowledged_at: 'x' }), { unread: false }],
    ['a gap', row('gap', { gap_seconds: 3600 }), { what: 'gap', params: { from: '2031-01-01T09:00:00.000Z' }, until: '2031-01-01T10:00:00.000Z', duration_s: 3600 }],
    ['a zone exit', row('safezone', { zone_type: 0, zone_name: 'School', safe_zone_id: 4 }), { kind: 'location', what: 'zone_exit', code: 'School' }],
  ])('%s', (_name, r, expected) => {
    expect(timelineItem(r)).toMatchObject(expected);
  });
});
