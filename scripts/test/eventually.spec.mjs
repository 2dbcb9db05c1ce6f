import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENTUALLY_DEADLINE_MS, eventually } from './eventually.mjs';

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

/** a check whose answers are given in turn, counting its calls */
const answers = (...vs) => {
  const check = vi.fn(async () => (vs.length > 1 ? vs.shift() : vs[0]));
  return check;
};

describe('eventually', () => {
  it('returns the first truthy answer, checking once per interval', async () => {
    const check = answers(null, 0, 'ready');
    const p = eventually(check, { interval: 100 });
    await vi.advanceTimersByTimeAsync(199);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).resolves.toBe('ready');
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('returns at once when the first answer holds (no pause)', async () => {
    const check = answers({ id: 1 });
    await expect(eventually(check)).resolves.toEqual({ id: 1 });
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('with `until`, returns the answer that holds, falsy ones included', async () => {
    const p = eventually(answers(3, 2, 1, 0), { until: (v) => v === 0, interval: 10 });
    await vi.advanceTimersByTimeAsync(30);
    await expect(p).resolves.toBe(0);
  });

  it('fails after the deadline, naming what it waited for and the last answer', async () => {
    const check = answers({ status: 'RUNNING', progress: 40 });
    const p = eventually(check, { what: 'import 7', deadline: 1000, interval: 300, until: (r) => r.status === 'FINISHED' });
    const failed = expect(p).rejects.toThrow('timed out after 1000 ms waiting for import 7 (last: {"status":"RUNNING","progress":40})');
    await vi.advanceTimersByTimeAsync(1000);
    await failed;
    // at 0, 300, 600, 900 and the deadline itself (the last pause is cut short), never after it
    expect(check).toHaveBeenCalledTimes(5);
  });

  it('has a deadline when the call names none', async () => {
    const p = eventually(() => false);
    const failed = expect(p).rejects.toThrow(`timed out after ${EVENTUALLY_DEADLINE_MS} ms waiting for the condition (last: false)`);
    await vi.advanceTimersByTimeAsync(EVENTUALLY_DEADLINE_MS);
    await failed;
  });

  it("a check's error fails the wait at once, unless errors are ignored (then the last one is named)", async () => {
    await expect(eventually(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');

    let n = 0;
    const flaky = () => {
      if (++n < 3) throw new Error(`refused ${n}`);
      return 'up';
    };
    const p = eventually(flaky, { ignoreErrors: true, interval: 10 });
    await vi.advanceTimersByTimeAsync(20);
    await expect(p).resolves.toBe('up');

    const down = eventually(() => Promise.reject(new TypeError('fetch failed')), { ignoreErrors: true, deadline: 100, what: 'the api' });
    const failed = expect(down).rejects.toThrow('timed out after 100 ms waiting for the api (last: TypeError: fetch failed)');
    await vi.advanceTimersByTimeAsync(100);
    await failed;
  });
});
