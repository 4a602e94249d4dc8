/**
 * The one write path of accepted events on SQLite: a batch in one durable transaction. It runs on
 * the commit thread (commit-worker.ts), or on the store's own connection when there is none.
 *
 * The leaves table has no index on leaf hashes (leaf-hash-index.ts says why): the caller, which
 * keeps the in-memory index, says which events' leaves it already knows and how many leaves its
 * index covers. Leaves stored since then by another connection are read here, inside the
 * transaction, so a duplicate is found whoever wrote the first copy.
 *
 * Wallet links are appended to `wallet_link_log` in the order they come, never twice; the log is
 * the record of links, indexed by wallet in a file of its own (wallet-index.ts).
 */
import type Database from 'better-sqlite3';
import {
  OPERATOR_KEY_ID,
  type CommitResult,
  type LinkedWallet,
  type NewEvent,
  type TreeChunk,
} from '../store.js';
import { hashBytes } from './rows.js';

export interface LeafBatch {
  events: readonly NewEvent[];
  /** For each event, the position of its leaf if the caller's index already holds it, else null. */
  knownPositions: readonly (number | null)[];
  /** Leaves the caller's index covers (positions 1 to this). */
  indexedThrough: number;
  createdAt: string;
}

export interface LeafBatchOutcome {
  results: CommitResult[];
  /** Leaves in the table once the batch committed. */
  leafCount: number;
}

export class SqliteLeafWriter {
  private readonly stmts;

  constructor(private readonly db: Database.Database) {
    this.stmts = {
      leafCount: db.prepare<[], { n: number | null }>('SELECT MAX(position) AS n FROM leaves'),
      hashesAfter: db.prepare<[number], { position: number; leaf_hash: Buffer }>(
        'SELECT position, leaf_hash FROM leaves WHERE position > ? ORDER BY position',
      ),
      insertLeaf: db.prepare<
        [number, Buffer, number, string, string | null, string, number | null, string | null]
      >(
        'INSERT INTO leaves (position, leaf_hash, event_type, wallet_hash, serial_number, created_at, timestamp, counterparty) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      linked: db
        .prepare<[{ wallet: string; position: number }], number>(
          'SELECT EXISTS (SELECT 1 FROM wallet_link_log WHERE position = @position AND wallet_hash = @wallet)',
        )
        .pluck(),
      logLink: db.prepare<[string, number, string, string]>(
        'INSERT INTO wallet_link_log (wallet_hash, position, created_at, key_id) VALUES (?, ?, ?, ?)',
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
    };
  }

  /**
   * Writes the batch in one transaction, in order: spends trial quota, inserts new leaves at the
   * next positions, links wallets. Duplicates (of stored leaves or within the batch) get `exists`.
   * Throws, writing nothing, if the transaction fails.
   */
  commit(batch: LeafBatch): LeafBatchOutcome {
    const { events, knownPositions, indexedThrough, createdAt } = batch;
    if (knownPositions.length !== events.length) throw new RangeError('one known position per event');
    const run = this.db.transaction((): LeafBatchOutcome => {
      const stored = this.stmts.leafCount.get()?.n ?? 0;
      if (stored < indexedThrough) {
        throw new Error(`the index covers ${indexedThrough} leaves but the table holds ${stored}`);
      }
      // Hex of each leaf written after the caller's index was current, and of each created here.
      const unindexed = new Map<string, number>();
      if (stored > indexedThrough) {
        for (const row of this.stmts.hashesAfter.iterate(indexedThrough)) {
          unindexed.set(row.leaf_hash.toString('hex'), row.position);
        }
      }
      let next = stored + 1;
      const results: CommitResult[] = [];
      /** First-key: the refusal if `walletHash` was first written by a key other than `keyId`. */
      const ownerRefusal = (walletHash: string, wallet: LinkedWallet, keyId: string): CommitResult | null => {
        const owner = this.stmts.walletOwner.get(walletHash);
        return owner && owner.key_id !== keyId
          ? { status: 'wallet_key_mismatch', wallet, firstKeyId: owner.key_id }
          : null;
      };
      events.forEach((event, i) => {
        const counterparty = event.counterpartyWallet ?? null;
        const linksCounterparty = counterparty !== null && counterparty !== event.walletHash;
        if (event.onlyWalletFirstKey && event.keyId !== OPERATOR_KEY_ID) {
          // Every wallet the event links to, checked before quota is spent: a refused write costs
          // nothing and writes nothing. Earlier events of the batch have claimed their wallets.
          const refusal =
            ownerRefusal(event.walletHash, 'subject', event.keyId) ??
            (linksCounterparty ? ownerRefusal(counterparty, 'counterparty', event.keyId) : null);
          if (refusal) {
            results.push(refusal);
            return;
          }
        }
        const leafHex = event.leafHex.toLowerCase();
        let position = knownPositions[i] ?? unindexed.get(leafHex) ?? null;
        const newLeaf = position === null;
        // The links the event writes, each looked up once (a new leaf has none yet).
        const unlinked = (wallet: string) =>
          position === null || this.stmts.linked.get({ wallet, position }) !== 1;
        const linksSubject = unlinked(event.walletHash);
        const linksNewOwner = linksCounterparty && unlinked(counterparty);
        // A resend whose leaf and links all exist writes nothing, so it spends nothing (decision 4),
        // though its key must still be one that could write.
        const writesNothing = !newLeaf && !linksSubject && !linksNewOwner;
        if (event.trialKeyHash !== null) {
          const spent =
            !writesNothing &&
            this.stmts.spendQuota.run(createdAt, event.trialKeyHash, createdAt).changes === 1;
          if (!spent) {
            const key = this.stmts.keyState.get(event.trialKeyHash);
            const usable = key !== undefined && key.expires_at > createdAt;
            if (!usable || !writesNothing) {
              results.push({ status: !key ? 'unauthorized' : usable ? 'quota_exhausted' : 'key_expired' });
              return;
            }
          }
        }
        if (position !== null) {
          results.push({ status: 'exists', position });
        } else {
          position = next++;
          this.stmts.insertLeaf.run(
            position,
            hashBytes(leafHex),
            event.eventType,
            event.walletHash,
            event.serialNumber,
            createdAt,
            event.timestamp,
            event.counterpartyWallet ?? null,
          );
          unindexed.set(leafHex, position);
          results.push({ status: 'created', position });
        }
        if (linksSubject) this.stmts.logLink.run(event.walletHash, position, createdAt, event.keyId);
        // The new owner's lifecycle shows the transfer too; its first writer is not decided by it.
        if (linksNewOwner) this.stmts.logLink.run(counterparty, position, createdAt, event.keyId);
        this.stmts.claimWallet.run(event.walletHash, event.keyId, createdAt);
      });
      return { results, leafCount: next - 1 };
    });
    return run.immediate();
  }

  saveChunks(chunks: readonly TreeChunk[]): void {
    if (chunks.length === 0) return;
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
}
