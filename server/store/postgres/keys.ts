/** Trial keys on PostgreSQL, stored only as the SHA-256 of the key (quota is spent by zap1_commit_events). */
import type pg from 'pg';
import type { KeyStore, TrialKeyRecord } from '../store.js';
import { KEY_COLUMNS, keyFromRow, type KeyRow } from '../sqlite/rows.js';

export class PostgresKeyStore implements KeyStore {
  constructor(private readonly pool: pg.Pool) {}

  async insertTrialKey(key: TrialKeyRecord): Promise<void> {
    await this.pool.query(
      'INSERT INTO api_keys (key_hash, quota, used, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [key.keyHash, key.quota, key.used, key.createdAt, key.expiresAt],
    );
  }

  async trialKey(keyHash: string): Promise<TrialKeyRecord | null> {
    const result = await this.pool.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE key_hash = $1`, [
      keyHash,
    ]);
    const row = result.rows[0];
    return row ? keyFromRow(row) : null;
  }
}
