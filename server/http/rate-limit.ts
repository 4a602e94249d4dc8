/**
 * Fixed-window rate limiter kept in memory (per client address for trial keys, per trial key for
 * events). Its memory is bounded whatever the number of clients: expired windows are dropped, and
 * beyond `maxKeys` the oldest window makes room for the new one.
 */
import type { RateDecision } from '../store/store.js';

export type { RateDecision };

/** Windows kept at most: about 100 bytes each, so the default bounds a limiter to a few MB. */
export const DEFAULT_MAX_KEYS = 20_000;

export class RateLimiter {
  /** Insertion order is age order: a window that restarts moves to the end. */
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {}

  /** Windows tracked now. */
  get size(): number {
    return this.windows.size;
  }

  /** Counts one hit for `key` if the window has room. */
  hit(key: string): RateDecision {
    const now = this.now();
    this.sweep(now, false);
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.makeRoom(now);
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    if (w.count >= this.limit) {
      return { allowed: false, retryAfterS: Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000)) };
    }
    w.count++;
    return { allowed: true, retryAfterS: 0 };
  }

  /** Drops expired windows once a window length has passed since the last sweep (or now, when forced). */
  private sweep(now: number, force: boolean): void {
    if (!force && now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }

  private makeRoom(now: number): void {
    this.sweep(now, true);
    // Still full of live windows: the oldest goes (its client starts a fresh window next time).
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}
