/**
 * Limits, the anchorer lease and signals for a store that one process owns (SQLite): nothing needs
 * to be shared with another instance, so they live in this process's memory.
 */
import { EventEmitter } from 'node:events';
import { RateLimiter } from '../http/rate-limit.js';
import type {
  AnchorerLease,
  LimitScope,
  LimitStore,
  RateDecision,
  RateRule,
  SignalTopic,
  Signals,
} from './store.js';

/** Fixed windows in memory, one bounded limiter per scope (server/http/rate-limit.ts). */
export class MemoryLimitStore implements LimitStore {
  private readonly limiters = new Map<string, { limiter: RateLimiter; clock: { nowMs: number } }>();

  async hit(scope: LimitScope, key: string, rule: RateRule, nowMs: number): Promise<RateDecision> {
    const { limit, windowMs } = rule;
    const id = `${scope}:${limit}:${windowMs}`;
    let entry = this.limiters.get(id);
    if (!entry) {
      const clock = { nowMs };
      entry = { limiter: new RateLimiter(limit, windowMs, () => clock.nowMs), clock };
      this.limiters.set(id, entry);
    }
    entry.clock.nowMs = nowMs;
    return entry.limiter.hit(key);
  }
}

/** The one process is always the anchorer; its token never changes. */
export class SingleProcessLease implements AnchorerLease {
  async acquire(): Promise<number> {
    return 1;
  }

  async release(): Promise<void> {}
}

/** Signals within this process (its own writes are the only ones). */
export class LocalSignals implements Signals {
  private readonly emitter = new EventEmitter();

  async notify(topic: SignalTopic): Promise<void> {
    this.emitter.emit(topic, null);
  }

  async watch(
    topic: SignalTopic,
    listener: (highestPosition: number | null) => void,
  ): Promise<() => Promise<void>> {
    this.emitter.on(topic, listener);
    return async () => {
      this.emitter.off(topic, listener);
    };
  }
}
