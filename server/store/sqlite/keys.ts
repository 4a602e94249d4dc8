/** Trial keys on SQLite, stored only as the SHA-256 of the key. */
import type Database from 'better-sqlite3';
import type { KeyStore, TrialKeyRecord } from '../store.js';
import { KEY_COLUMNS, keyFromRow, type KeyRow } from './rows.js';

export class SqliteKeyStore implements KeyStore {
  private readonly stmts;

  constructor(db: Database.Database) {
    this.stmts = {
      insert: db.prepare<[string, number, number, string, string]>(
        'INSERT INTO api_keys (key_hash, quota, used, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      ),
      byHash: db.prepare<[string], KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE key_hash = ?`),
    };
  }

  async insertTrialKey(key: TrialKeyRecord): Promise<void> {
    this.stmts.insert.run(key.keyHash, key.quota, key.used, key.createdAt, key.expiresAt);
  }

  async trialKey(keyHash: string): Promise<TrialKeyRecord | null> {
    const row = this.stmts.byHash.get(keyHash);
    return row ? keyFromRow(row) : null;
  }
}
