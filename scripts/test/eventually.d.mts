export declare const EVENTUALLY_DEADLINE_MS: number;
export declare const EVENTUALLY_INTERVAL_MS: number;

export type EventuallyOptions<V> = {
  /** what is waited for, named in the timeout's error */
  what?: string;
  /** ms from the first check after which the wait fails (default EVENTUALLY_DEADLINE_MS) */
  deadline?: number;
  /** ms between two checks (default EVENTUALLY_INTERVAL_MS) */
  interval?: number;
  /** when the answer holds; without it, when it is truthy */
  until?: (v: V) => boolean;
  /** a check that throws is tried again (and its error named on timeout) instead of failing the wait */
  ignoreErrors?: boolean;
};

/** Polls `check` until its answer holds (returned) or the deadline passes (throws). */
export declare function eventually<T>(check: () => T | Promise<T>, opts: EventuallyOptions<Awaited<T>> & { until: (v: Awaited<T>) => boolean }): Promise<Awaited<T>>;
export declare function eventually<T>(check: () => T | Promise<T>, opts?: EventuallyOptions<Awaited<T>>): Promise<NonNullable<Awaited<T>>>;
