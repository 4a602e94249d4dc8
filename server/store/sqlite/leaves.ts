/** Leaves and tree chunks on SQLite; `commitEvents` is the one write path of accepted events. */
import type Database from 'better-sqlite3';
import {
  OPERATOR_KEY_ID,
  type CommitResult,
  type LeafRecord,
  type LeafStore,
  type NewEvent,
  type TreeChunk,
} from '../store.js';
import type { SqliteCommitThread } from './commit-thread.js';
import { LEAF_COLUMNS, blobBytes, hashBytes, leafFromRow, type LeafRow } from './rows.js';

export class SqliteLeafStore implements LeafStore {
  private readonly stmts;

  /** `commitThread`: commits (and chunk saves) run there, off the event loop; reads stay here. */
  constructor(
    private readonly db: Database.Database,
    private readonly commitThread: SqliteCommitThread | null = null,
  ) {
    this.stmts = {
      leafCount: db.prepare<[], { n: number | null }>('SELECT MAX(position) AS n FROM leaves'),
      leafByHash: db.prepare<[Buffer], LeafRow>(`SELECT ${LEAF_COLUMNS} FROM leaves WHERE leaf_hash = ?`),
      leafAt: db.prepare<[number], LeafRow>(`SELECT ${LEAF_COLUMNS} FROM leaves WHERE position = ?`),
      positionByHash: db.prepare<[Buffer], { position: number }>(
        'SELECT position FROM leaves WHERE leaf_hash = ?',
      ),
      leavesFrom: db.prepare<[number, number], LeafRow>(
        `SELECT ${LEAF_COLUMNS} FROM leaves WHERE position >= ? ORDER BY position LIMIT ?`,
      ),
      leafBytes: db.prepare<[number, number], { leaf_hash: Buffer }>(
        'SELECT leaf_hash FROM leaves WHERE position >= ? AND position < ? ORDER BY position',
      ),
      insertLeaf: db.prepare<
        [number, Buffer, number, string, string | null, string, number | null, string | null]
      >(
        'INSERT INTO leaves (position, leaf_hash, event_type, wallet_hash, serial_number, created_at, timestamp, counterparty) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      linkWallet: db.prepare<[string, number, string, string]>(
        'INSERT OR IGNORE INTO wallet_links (wallet_hash, position, created_at, key_id) VALUES (?, ?, ?, ?)',
      ),
      walletOwner: db.prepare<[string], { key_id: string | null }>(
        'SELECT key_id FROM wallet_owners WHERE wallet_hash = ?',
      ),
      claimWallet: db.prepare<[string, string, string]>(
        'INSERT OR IGNORE INTO wallet_owners (wallet_hash, key_id, created_at) VALUES (?, ?, ?)',
      ),
      spendQuota: db.prepare<[string, string, string]>(
        'UPDATE api_keys SET used = used + 1, last_used_at = ? WHERE key_hash = ? AND used < quota AND expires_at > ?',
      ),
      keyState: db.prepare<[string], { expires_at: string }>(
        'SELECT expires_at FROM api_keys WHERE key_hash = ?',
      ),
      saveChunk: db.prepare<[number, number, Buffer]>(
        'INSERT OR REPLACE INTO tree_chunks (level, chunk_index, bytes) VALUES (?, ?, ?)',
      ),
      allChunks: db.prepare<[], { level: number; chunk_index: number; bytes: Buffer }>(
        'SELECT level, chunk_index, bytes FROM tree_chunks ORDER BY level, chunk_index',
      ),
    };
  }

  private count(): number {
    return this.stmts.leafCount.get()?.n ?? 0;
  }

  async leafCount(): Promise<number> {
    return this.count();
  }

  async leafByHash(leafHex: string): Promise<LeafRecord | null> {
    const row = this.stmts.leafByHash.get(hashBytes(leafHex));
    return row ? leafFromRow(row) : null;
  }

  async leafAt(position: number): Promise<LeafRecord | null> {
    const row = this.stmts.leafAt.get(position);
    return row ? leafFromRow(row) : null;
  }

  async leavesFrom(fromPosition: number, limit: number): Promise<LeafRecord[]> {
    return this.stmts.leavesFrom.all(fromPosition, limit).map(leafFromRow);
  }

  async leafBytes(fromPosition: number, count: number): Promise<Uint8Array> {
    const out = new Uint8Array(count * 32);
    let i = 0;
    for (const row of this.stmts.leafBytes.iterate(fromPosition, fromPosition + count)) {
      out.set(row.leaf_hash, i * 32);
      i++;
    }
    if (i !== count) throw new Error(`expected ${count} leaves from position ${fromPosition}, found ${i}`);
    return out;
  }

  async commitEvents(events: readonly NewEvent[], createdAt: string): Promise<CommitResult[]> {
    if (this.commitThread) {
      // Malformed hex is refused here, before anything is sent, as on the main-thread path.
      for (const event of events) hashBytes(event.leafHex);
      return this.commitThread.commit(events, createdAt);
    }
    const run = this.db.transaction((): CommitResult[] => {
      let next = this.count() + 1;
      const results: CommitResult[] = [];
      for (const event of events) {
        if (event.onlyWalletFirstKey && event.keyId !== OPERATOR_KEY_ID) {
          // Checked before quota is spent: a refused write costs nothing.
          const owner = this.stmts.walletOwner.get(event.walletHash);
          if (owner && owner.key_id !== event.keyId) {
            results.push({ status: 'wallet_key_mismatch', firstKeyId: owner.key_id });
            continue;
          }
        }
        if (event.trialKeyHash !== null) {
          const spent = this.stmts.spendQuota.run(createdAt, event.trialKeyHash, createdAt).changes;
          if (spent === 0) {
            const key = this.stmts.keyState.get(event.trialKeyHash);
            results.push({
              status: !key ? 'unauthorized' : key.expires_at <= createdAt ? 'key_expired' : 'quota_exhausted',
            });
            continue;
          }
        }
        const hash = hashBytes(event.leafHex);
        const existing = this.stmts.positionByHash.get(hash);
        let position: number;
        if (existing) {
          position = existing.position;
          results.push({ status: 'exists', position });
        } else {
          position = next++;
          this.stmts.insertLeaf.run(
            position,
            hash,
            event.eventType,
            event.walletHash,
            event.serialNumber,
            createdAt,
            event.timestamp,
            event.counterpartyWallet ?? null,
          );
          results.push({ status: 'created', position });
        }
        this.stmts.linkWallet.run(event.walletHash, position, createdAt, event.keyId);
        // The new owner's lifecycle shows the transfer too; its first writer is not decided by it.
        const counterparty = event.counterpartyWallet ?? null;
        if (counterparty !== null && counterparty !== event.walletHash) {
          this.stmts.linkWallet.run(counterparty, position, createdAt, event.keyId);
        }
        this.stmts.claimWallet.run(event.walletHash, event.keyId, createdAt);
      }
      return results;
    });
    return run.immediate();
  }

  async saveChunks(chunks: readonly TreeChunk[]): Promise<void> {
    if (chunks.length === 0) return;
    if (this.commitThread) return this.commitThread.saveChunks(chunks);
    this.db.transaction(() => {
      for (const c of chunks) {
        this.stmts.saveChunk.run(
          c.level,
          c.index,
          Buffer.from(c.bytes.buffer, c.bytes.byteOffset, c.bytes.byteLength),
        );
      }
    })();
  }

  async loadChunks(): Promise<TreeChunk[]> {
    return this.stmts.allChunks
      .all()
      .map((row) => ({ level: row.level, index: row.chunk_index, bytes: blobBytes(row.bytes) }));
  }
}
