/**
 * The anchorer lease on PostgreSQL: one row holding who anchors, until when (the database's clock,
 * so instances' clocks need not agree), and the fencing token, which grows whenever the lease
 * passes to another instance (server/store/postgres/anchors.ts checks it on every fenced write).
 */
import type pg from 'pg';
import type { AnchorerLease } from '../store.js';
import { transaction } from './db.js';

/** PostgreSQL's lock_not_available (55P03): `lock_timeout` ran out. */
function isLockTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '55P03';
}

export class PostgresLease implements AnchorerLease {
  constructor(private readonly pool: pg.Pool) {}

  async acquire(instanceId: string, ttlMs: number): Promise<number | null> {
    // Taken when free or expired; renewed (same token) by its holder. Anyone else gets no row back.
    // A fenced anchor write share-locks the row: wait for it briefly, never for a stalled holder.
    return transaction(this.pool, async (client) => {
      await client.query("SET LOCAL lock_timeout = '1s'");
      try {
        return await this.upsert(client, instanceId, ttlMs);
      } catch (error) {
        // Locked past the timeout: another instance is writing under the lease now.
        if (isLockTimeout(error)) return null;
        throw error;
      }
    });
  }

  private async upsert(client: pg.PoolClient, instanceId: string, ttlMs: number): Promise<number | null> {
    const result = await client.query<{ token: number }>(
      `INSERT INTO anchor_lease AS l (id, holder, token, expires_at)
       VALUES (1, $1, 1, clock_timestamp() + $2 * interval '1 millisecond')
       ON CONFLICT (id) DO UPDATE SET
         token = CASE WHEN l.holder = EXCLUDED.holder THEN l.token ELSE l.token + 1 END,
         holder = EXCLUDED.holder,
         expires_at = EXCLUDED.expires_at
       WHERE l.holder = EXCLUDED.holder OR l.expires_at <= clock_timestamp()
       RETURNING token`,
      [instanceId, ttlMs],
    );
    return result.rows[0]?.token ?? null;
  }

  async release(instanceId: string): Promise<void> {
    await this.pool.query(
      'UPDATE anchor_lease SET expires_at = clock_timestamp() WHERE id = 1 AND holder = $1',
      [instanceId],
    );
  }
}
