/**
 * Fixed-window rate limiter kept in memory (per client address for trial keys, per trial key for
 * events). One instance serves one process; a multi-instance deployment needs a shared one.
 */
export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until the window frees up (for Retry-After) when not allowed. */
  retryAfterS: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit for `key` if the window has room. */
  hit(key: string): RateDecision {
    const now = this.now();
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    if (w.count >= this.limit) {
      return { allowed: false, retryAfterS: Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000)) };
    }
    w.count++;
    return { allowed: true, retryAfterS: 0 };
  }

  /** Drops expired windows now and then, so the map cannot grow without bound. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}
