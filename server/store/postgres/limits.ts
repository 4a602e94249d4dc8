/**
 * Rate limits counted in PostgreSQL, so they hold across every instance: one upsert per hit moves
 * the key's fixed window on (or starts a new one) and counts the hit, atomically under the row lock.
 */
import type pg from 'pg';
import type { LimitScope, LimitStore, RateDecision, RateRule } from '../store.js';

/** Expired windows are deleted at most this often per scope. */
const SWEEP_EVERY_MS = 60_000;

export class PostgresLimitStore implements LimitStore {
  private readonly lastSweep = new Map<LimitScope, number>();

  constructor(private readonly pool: pg.Pool) {}

  async hit(scope: LimitScope, key: string, rule: RateRule, nowMs: number): Promise<RateDecision> {
    const { limit, windowMs } = rule;
    // Hits past the limit are counted only up to limit + 1: enough to refuse, never an overflow.
    const result = await this.pool.query<{ window_start_ms: number; hits: number }>(
      `INSERT INTO rate_windows AS w (scope, key, window_start_ms, hits) VALUES ($1, $2, $3, 1)
       ON CONFLICT (scope, key) DO UPDATE SET
         window_start_ms = CASE WHEN w.window_start_ms + $4 <= $3 THEN $3 ELSE w.window_start_ms END,
         hits = CASE WHEN w.window_start_ms + $4 <= $3 THEN 1 ELSE LEAST(w.hits + 1, $5) END
       RETURNING window_start_ms, hits`,
      [scope, key, nowMs, windowMs, limit + 1],
    );
    const row = result.rows[0];
    if (!row) throw new Error('rate window upsert returned nothing');
    await this.sweep(scope, windowMs, nowMs);
    if (row.hits <= limit) return { allowed: true, retryAfterS: 0 };
    return {
      allowed: false,
      retryAfterS: Math.max(1, Math.ceil((row.window_start_ms + windowMs - nowMs) / 1000)),
    };
  }

  /** Deletes windows that ended, now and then, so the table holds only live clients. */
  private async sweep(scope: LimitScope, windowMs: number, nowMs: number): Promise<void> {
    const last = this.lastSweep.get(scope) ?? 0;
    if (nowMs - last < SWEEP_EVERY_MS) return;
    this.lastSweep.set(scope, nowMs);
    await this.pool.query('DELETE FROM rate_windows WHERE scope = $1 AND window_start_ms + $2 <= $3', [
      scope,
      windowMs,
      nowMs,
    ]);
  }
}
