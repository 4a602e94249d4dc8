/**
 * Leaves and tree chunks on PostgreSQL. `commitEvents` is one call of the `zap1_commit_events`
 * function (server/store/postgres/migrations.ts): one round trip and one durable transaction per
 * batch, positions handed out under the writers' lock, answered only after the commit.
 */
import type pg from 'pg';
import { z } from 'zod';
import type { CommitResult, LeafRecord, LeafStore, NewEvent, TreeChunk } from '../store.js';
import { LEAF_COLUMNS, blobBytes, hashBytes, leafFromRow, type LeafRow } from '../sqlite/rows.js';

/** What `zap1_commit_events` answers per event (parsed, never cast). */
const CommitResultsSchema = z.array(
  z.union([
    z.object({ status: z.enum(['created', 'exists']), position: z.number().int().min(1) }),
    z.object({ status: z.enum(['quota_exhausted', 'key_expired', 'unauthorized']) }),
    z.object({
      status: z.literal('wallet_key_mismatch'),
      wallet: z.enum(['subject', 'counterparty']),
      first_key_id: z.string().nullable(),
    }),
  ]),
);

export class PostgresLeafStore implements LeafStore {
  constructor(private readonly pool: pg.Pool) {}

  async leafCount(): Promise<number> {
    const result = await this.pool.query<{ n: number }>(
      'SELECT COALESCE(MAX(position), 0)::bigint AS n FROM leaves',
    );
    return result.rows[0]?.n ?? 0;
  }

  async leafByHash(leafHex: string): Promise<LeafRecord | null> {
    const result = await this.pool.query<LeafRow>(`SELECT ${LEAF_COLUMNS} FROM leaves WHERE leaf_hash = $1`, [
      hashBytes(leafHex),
    ]);
    const row = result.rows[0];
    return row ? leafFromRow(row) : null;
  }

  async leafAt(position: number): Promise<LeafRecord | null> {
    const result = await this.pool.query<LeafRow>(`SELECT ${LEAF_COLUMNS} FROM leaves WHERE position = $1`, [
      position,
    ]);
    const row = result.rows[0];
    return row ? leafFromRow(row) : null;
  }

  async leavesFrom(fromPosition: number, limit: number): Promise<LeafRecord[]> {
    const result = await this.pool.query<LeafRow>(
      `SELECT ${LEAF_COLUMNS} FROM leaves WHERE position >= $1 ORDER BY position LIMIT $2`,
      [fromPosition, limit],
    );
    return result.rows.map(leafFromRow);
  }

  async leafBytes(fromPosition: number, count: number): Promise<Uint8Array> {
    const result = await this.pool.query<{ leaf_hash: Buffer }>(
      'SELECT leaf_hash FROM leaves WHERE position >= $1 AND position < $2 ORDER BY position',
      [fromPosition, fromPosition + count],
    );
    if (result.rows.length !== count) {
      throw new Error(`expected ${count} leaves from position ${fromPosition}, found ${result.rows.length}`);
    }
    const out = new Uint8Array(count * 32);
    result.rows.forEach((row, i) => out.set(row.leaf_hash, i * 32));
    return out;
  }

  async commitEvents(events: readonly NewEvent[], createdAt: string): Promise<CommitResult[]> {
    if (events.length === 0) return [];
    const batch = events.map((e) => ({
      // Checked here as on SQLite: malformed hex throws RangeError before anything is sent.
      leaf_hex: hashBytes(e.leafHex).toString('hex'),
      event_type: e.eventType,
      wallet_hash: e.walletHash,
      serial_number: e.serialNumber,
      timestamp: e.timestamp,
      trial_key_hash: e.trialKeyHash,
      key_id: e.keyId,
      counterparty: e.counterpartyWallet ?? null,
      only_first_key: e.onlyWalletFirstKey ?? false,
    }));
    const result = await this.pool.query<{ results: unknown }>(
      'SELECT zap1_commit_events($1::jsonb, $2) AS results',
      [JSON.stringify(batch), createdAt],
    );
    const parsed = CommitResultsSchema.parse(result.rows[0]?.results);
    if (parsed.length !== events.length) throw new Error('commit answered a different number of results');
    return parsed.map((r): CommitResult => {
      if (r.status === 'created' || r.status === 'exists') return { status: r.status, position: r.position };
      if (r.status === 'wallet_key_mismatch')
        return { status: r.status, wallet: r.wallet, firstKeyId: r.first_key_id };
      return { status: r.status };
    });
  }

  async saveChunks(chunks: readonly TreeChunk[]): Promise<void> {
    if (chunks.length === 0) return;
    // A chunk stored again replaces itself; every instance computes the same bytes for it anyway.
    await this.pool.query(
      `INSERT INTO tree_chunks (level, chunk_index, bytes)
       SELECT * FROM unnest($1::integer[], $2::bigint[], $3::bytea[])
       ON CONFLICT (level, chunk_index) DO UPDATE SET bytes = EXCLUDED.bytes`,
      [
        chunks.map((c) => c.level),
        chunks.map((c) => c.index),
        chunks.map((c) => Buffer.from(c.bytes.buffer, c.bytes.byteOffset, c.bytes.byteLength)),
      ],
    );
  }

  async loadChunks(): Promise<TreeChunk[]> {
    const result = await this.pool.query<{ level: number; chunk_index: number; bytes: Buffer }>(
      'SELECT level, chunk_index, bytes FROM tree_chunks ORDER BY level, chunk_index',
    );
    return result.rows.map((row) => ({
      level: row.level,
      index: row.chunk_index,
      bytes: blobBytes(row.bytes),
    }));
  }
}
