import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { backoffMs, supervise } from './supervise.mjs';

/** a stand-in child: exits when the test says so, or when killed */
class FakeChild extends EventEmitter {
  killed = null;
  kill(signal) {
    this.killed = signal;
    queueMicrotask(() => this.emit('exit', null, signal));
  }
}

/** a supervisor over fake children with a hand-driven clock and timers */
function harness() {
  const children = [];
  const timers = [];
  const lines = [];
  let clock = 0;
  const s = supervise({
    name: 'worker',
    start: () => {
      const c = new FakeChild();
      children.push(c);
      return c;
    },
    log: (l) => lines.push(l),
    now: () => clock,
    setTimer: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimer: (t) => (t.cleared = true),
  });
  return {
    s,
    children,
    timers,
    lines,
    advance: (ms) => (clock += ms),
    /** the current child crashes; the restart's timer fires */
    crash(signal = 'SIGKILL') {
      children.at(-1).emit('exit', null, signal);
      const t = timers.at(-1);
      if (!t.cleared) t.fn();
      return t.ms;
    },
  };
}

describe('supervise (npm start keeps its processes alive)', () => {
  it('backs off 1 s doubling to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffMs(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('restarts a crashed child with a growing pause and says so', () => {
    const h = harness();
    expect(h.children).toHaveLength(1);
    const pauses = [1, 2, 3, 4, 5, 6, 7].map(() => h.crash());
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(h.children).toHaveLength(8);
    expect(h.lines[0]).toBe('[start] worker was killed by SIGKILL; restarting it in 1 s (restart 1; Ctrl-C stops everything)');
    expect(h.lines[1]).toBe('[start] restarting worker');
    expect(h.s.restarts()).toBe(7);
  });

  it('starts again from 1 s after a run that lasted a stable minute', () => {
    const h = harness();
    h.crash();
    h.crash();
    h.advance(60_000);
    expect(h.crash()).toBe(1000);
    h.advance(59_000);
    expect(h.crash()).toBe(2000);
  });

  it('reports an exit code too', () => {
    const h = harness();
    h.children[0].emit('exit', 3, null);
    expect(h.lines[0]).toMatch(/^\[start\] worker exited with code 3; restarting it in 1 s/);
  });

  it('stop() ends the child for good, also while a restart is pending', async () => {
    const h = harness();
    await h.s.stop();
    expect(h.children[0].killed).toBe('SIGTERM');
    expect(h.timers).toHaveLength(0);
    expect(h.children).toHaveLength(1);

    const p = harness();
    p.children[0].emit('exit', null, 'SIGKILL'); // crashed, restart pending
    await p.s.stop();
    expect(p.timers[0].cleared).toBe(true);
    expect(p.children).toHaveLength(1);
  });

  it('brings a real process killed with SIGKILL back', async () => {
    const lines = [];
    const pids = [];
    let started;
    const startedAgain = new Promise((r) => (started = r));
    const s = supervise({
      name: 'sleeper',
      start: () => {
        const c = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
        pids.push(c.pid);
        if (pids.length === 2) started();
        return c;
      },
      log: (l) => lines.push(l),
    });
    process.kill(pids[0], 'SIGKILL');
    await startedAgain;
    expect(lines[0]).toMatch(/^\[start\] sleeper was killed by SIGKILL; restarting it in 1 s/);
    expect(pids[1]).not.toBe(pids[0]);
    const second = s.child();
    await s.stop();
    expect(second.signalCode).toBe('SIGTERM');
    expect(s.restarts()).toBe(1);
  });
});
