/**
 * The PostgreSQL store (`DATABASE_URL=postgres://…`), for several service instances on one
 * database (docs/architecture.md decision 9): positions sequenced in the database, limits counted
 * there, one anchorer elected by a lease with a fencing token, and LISTEN/NOTIFY telling instances
 * about each other's writes. Each concern of the store is its own class over one connection pool
 * (server/store/postgres/); the same contract suite as SQLite's checks it.
 */
import { PostgresEvidenceStore } from './postgres/evidence.js';
import type pg from 'pg';
import { PostgresAnchorStore } from './postgres/anchors.js';
import { createPool } from './postgres/db.js';
import { PostgresEventLog } from './postgres/events.js';
import { PostgresKeyStore } from './postgres/keys.js';
import { PostgresLeafStore } from './postgres/leaves.js';
import { PostgresLease } from './postgres/lease.js';
import { PostgresLimitStore } from './postgres/limits.js';
import { migratePostgres } from './postgres/migrations.js';
import { PostgresSignals } from './postgres/signals.js';
import { PostgresWebhookStore } from './postgres/webhooks.js';
import type { AnchorFence, AnchorStore, Store } from './store.js';

export interface PostgresStoreOptions {
  /** Clock for stored times (tests pin it). */
  now?: () => Date;
  /** Pool size (default 10). */
  maxConnections?: number;
}

/** Whether `url` names a PostgreSQL database (what DATABASE_URL must be). */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** Connects to the database at `url` and applies pending migrations (once, whoever starts first). */
export async function openPostgresStore(
  url: string,
  options: PostgresStoreOptions = {},
): Promise<PostgresStore> {
  const pool = createPool(url, { max: options.maxConnections ?? 10 });
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  return new PostgresStore(url, pool, options.now ?? (() => new Date()));
}

export class PostgresStore implements Store {
  readonly leaves: PostgresLeafStore;
  readonly keys: PostgresKeyStore;
  readonly anchors: PostgresAnchorStore;
  readonly evidence: PostgresEvidenceStore;
  readonly events: PostgresEventLog;
  readonly webhooks: PostgresWebhookStore;
  readonly limits: PostgresLimitStore;
  readonly lease: PostgresLease;
  readonly signals: PostgresSignals;
  readonly kind = 'postgres';
  private closed = false;

  constructor(
    url: string,
    private readonly pool: pg.Pool,
    private readonly now: () => Date,
  ) {
    this.leaves = new PostgresLeafStore(pool);
    this.keys = new PostgresKeyStore(pool);
    this.anchors = new PostgresAnchorStore(pool, now);
    this.evidence = new PostgresEvidenceStore(pool);
    this.events = new PostgresEventLog(pool);
    this.webhooks = new PostgresWebhookStore(pool);
    this.limits = new PostgresLimitStore(pool);
    this.lease = new PostgresLease(pool);
    this.signals = new PostgresSignals(url, pool);
  }

  fencedAnchors(fence: AnchorFence): AnchorStore {
    return new PostgresAnchorStore(this.pool, this.now, fence);
  }

  async ping(): Promise<void> {
    const result = await this.pool.query<{ ok: number }>('SELECT 1 AS ok');
    if (result.rows[0]?.ok !== 1) throw new Error('store ping failed');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.signals.close();
    await this.pool.end();
  }
}
