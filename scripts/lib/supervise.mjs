// `npm start` keeps its processes alive (README "The two commands"): a child that exits without being asked to (a
// crash, a SIGKILL) is started again after a backoff, 1 s doubling up to 30 s, back to 1 s once a run lasted a stable
// minute, and the log says so. Only stop() (Ctrl-C or SIGTERM to `npm start`) ends it for good.

export const BACKOFF = { baseMs: 1000, maxMs: 30_000, stableMs: 60_000 };

/** The pause before restart number `failures` (1, 2, ...) in a row: base doubling, at most max. */
export function backoffMs(failures, { baseMs, maxMs } = BACKOFF) {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
}

/**
 * Supervises one process. `start()` returns a ChildProcess (or anything with `kill(signal)`, `exitCode` and an
 * 'exit' event). `log(line)` gets one line per exit and restart. `now` and `setTimer` are for tests.
 * Returns { stop(signal?): Promise<void>, child(), restarts() }.
 */
export function supervise({ name, start, log = console.error, now = Date.now, setTimer = setTimeout, clearTimer = clearTimeout, backoff = BACKOFF }) {
  let child = null;
  let startedAt = 0;
  let failures = 0;
  let restarts = 0;
  let timer = null;
  let stopping = false;
  let onStopped = null;

  const run = () => {
    timer = null;
    if (stopping) return;
    startedAt = now();
    const c = start();
    child = c;
    c.once('exit', (code, signal) => {
      child = null;
      if (stopping) {
        onStopped?.();
        return;
      }
      if (now() - startedAt >= backoff.stableMs) failures = 0;
      failures += 1;
      restarts += 1;
      const delay = backoffMs(failures, backoff);
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      log(`[start] ${name} ${how}; restarting it in ${delay / 1000} s (restart ${restarts}; Ctrl-C stops everything)`);
      timer = setTimer(() => {
        log(`[start] restarting ${name}`);
        run();
      }, delay);
    });
  };
  run();

  return {
    child: () => child,
    restarts: () => restarts,
    /** stops restarting and ends the process (signal, SIGTERM by default); resolves once it is gone */
    stop(signal = 'SIGTERM') {
      stopping = true;
      if (timer) clearTimer(timer);
      timer = null;
      if (!child) return Promise.resolve();
      const c = child;
      const gone = new Promise((resolve) => (onStopped = resolve));
      c.kill(signal);
      return gone;
    },
  };
}
