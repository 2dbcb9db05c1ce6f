// The one way tests wait for something that happens elsewhere (a worker, a gateway, a browser, a process): poll a
// condition until it holds, within a deadline. Never a fixed sleep. Shared by the api integration specs, fleet-sim's
// specs and the e2e setup (docs/architecture.md, "Tests"). It reads time through the global setTimeout and Date.now,
// so fake timers drive it too (eventually.spec.mjs).

/** The deadline when a call names none: under the integration specs' 30 s test timeout, so this error speaks first. */
export const EVENTUALLY_DEADLINE_MS = 15_000;
/** The pause between two checks when a call names none. */
export const EVENTUALLY_INTERVAL_MS = 50;

const show = (v) => {
  if (v instanceof Error) return `${v.name}: ${v.message}`;
  let s;
  try {
    s = JSON.stringify(v);
  } catch {
    s = String(v);
  }
  s ??= String(v);
  return s.length > 300 ? `${s.slice(0, 300)}...` : s;
};

/**
 * Calls `check` until its answer holds, then returns that answer. An answer holds when `until(answer)` is true, or,
 * without `until`, when the answer is truthy. After `deadline` ms it throws an error naming `what` and the last answer
 * (or the last error). A `check` that throws fails the wait at once, unless `ignoreErrors` (a server still starting).
 * @template T
 * @param {() => T | Promise<T>} check
 * @param {{ what?: string, deadline?: number, interval?: number, until?: (v: Awaited<T>) => boolean, ignoreErrors?: boolean }} [opts]
 */
export async function eventually(check, opts = {}) {
  const { what = 'the condition', deadline = EVENTUALLY_DEADLINE_MS, interval = EVENTUALLY_INTERVAL_MS, until, ignoreErrors = false } = opts;
  const end = Date.now() + deadline;
  let last;
  for (;;) {
    try {
      const v = await check();
      last = v;
      if (until ? until(v) : v) return v;
    } catch (err) {
      if (!ignoreErrors) throw err;
      last = err;
    }
    if (Date.now() >= end) throw new Error(`timed out after ${deadline} ms waiting for ${what} (last: ${show(last)})`);
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(interval, end - Date.now()))));
  }
}
