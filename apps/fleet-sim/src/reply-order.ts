/** A reply held by a window: the command's order of acceptance, and how to post the reply once known (null: none). */
interface Held {
  seq: number;
  post: Promise<(() => Promise<unknown>) | null>;
}

/**
 * The knob replyOrder `reversed` (docs/fleet-sim.md "Knobs"): a watch's replies to the commands it received within a
 * window (replyWindowMs from the first of them) are held and posted newest first (by the order fleet-sim accepted the
 * commands) when the window ends, and when every reply of the window is ready. Out-of-order replies, deterministic.
 */
export class ReversedReplies {
  /** the open window of each watch, by number */
  private readonly open = new Map<string, Held[]>();

  constructor(
    /** false: fleet-sim closing */
    private readonly sleep: (ms: number) => Promise<boolean>,
    /** a promise settled() and close() wait for */
    private readonly track: (p: Promise<unknown>) => void,
  ) {}

  /**
   * The command accepted as `seq` reached the watch `number`. Answers the function to call exactly once with the way
   * to post its reply (null: it has none); the window posts it. `alive`: false when the window's replies must be
   * dropped (reset).
   */
  join(number: string, seq: number, windowMs: number, alive: () => boolean): (post: (() => Promise<unknown>) | null) => void {
    let held = this.open.get(number);
    if (!held) {
      held = [];
      this.open.set(number, held);
      this.track(this.flush(number, held, windowMs, alive));
    }
    let settle!: (post: (() => Promise<unknown>) | null) => void;
    held.push({ seq, post: new Promise((resolve) => (settle = resolve)) });
    return settle;
  }

  private async flush(number: string, held: Held[], windowMs: number, alive: () => boolean): Promise<void> {
    const running = await this.sleep(windowMs);
    if (this.open.get(number) === held) this.open.delete(number);
    const posts = await Promise.all([...held].sort((a, b) => b.seq - a.seq).map((h) => h.post));
    if (!running || !alive()) return;
    for (const post of posts) if (post) await post();
  }

  reset(): void {
    this.open.clear();
  }
}
