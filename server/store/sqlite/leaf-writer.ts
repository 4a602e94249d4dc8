/**
 * The one write path of accepted events on SQLite: a batch in one durable transaction. It runs on
 * the commit thread (commit-worker.ts), or on the store's own connection when there is none.
 *
 * The leaves table has no index on leaf hashes (leaf-hash-index.ts says why): the caller, which
 * keeps the in-memory index, says which events' leaves it already knows and how many leaves its
 * index covers. Leaves stored since then by another connection are read here, inside the
 * transaction, so a duplicate is found whoever wrote the first copy.
 *
 * Wallet links go to `wallet_link_log` in rowid order, not straight to `wallet_links` (keyed by
 * wallet, so every link there dirtied a page at a random place in the commit); `mergeLinksIfDue`
 * moves them over a few thousand at a time, where links of one wallet share their pages. A link is
 * in one of the two tables, never both, and never twice: readers take the union.
 */
import type Database from 'better-sqlite3';
import { toHex } from '../../../src/core/index.js';
import { OPERATOR_KEY_ID, type CommitResult, type NewEvent, type TreeChunk } from '../store.js';
import { hashBytes } from './rows.js';

export interface LeafBatch {
  events: readonly NewEvent[];
  /** For each event, the position of its leaf if the caller's index already holds it, else null. */
  knownPositions: readonly (number | null)[];
  /** Leaves the caller's index covers (positions 1 to this). */
  indexedThrough: number;
  createdAt: string;
}

/**
 * Links in the log before they are merged into `wallet_links`. A merge writes about two pages per
 * wallet it touches, however many links it carries, and holds the commits back while it runs. Under
 * `npm run bench:service` (1,000 busy wallets), merges of 4,096 took about 20 ms each, plus the
 * checkpoints of the pages they wrote: about a tenth of the time. Merges of 16,384 take 35–45 ms
 * (up to 80 ms with a checkpoint), four times less often: events/s up about a sixth. The price is
 * a longer log for lifecycle reads to scan: a page of 100 took 0.94 ms with the log full against
 * 0.54 ms with it empty (the benchmark's database).
 */
export const LINK_MERGE_ROWS = 16_384;

/**
 * Wallets with links in the log that also make a merge due: the pages a merge writes follow the
 * wallets it touches, so where few links share a wallet a merge stays as large as one of 4,096
 * links of distinct wallets, not four times that.
 */
export const LINK_MERGE_WALLETS = 4_096;

export interface LeafBatchOutcome {
  results: CommitResult[];
  /** Leaves in the table once the batch committed. */
  leafCount: number;
}

/**
 * Merges the link log if due, after a commit. A merge that fails (a lock held elsewhere, say)
 * changed nothing: the links stay in the log, where readers see them, and the next commit tries again.
 */
export function mergeLinksQuietly(writer: SqliteLeafWriter): void {
  try {
    writer.mergeLinksIfDue();
  } catch {
    // See above: nothing to undo.
  }
}

export class SqliteLeafWriter {
  private readonly stmts;
  /** Rows in the link log as this connection last knew (whether a merge is due). */
  private loggedLinks: number;
  /** Wallets with links in the log, as this connection last knew. */
  private loggedWallets: Set<string>;

  /**
   * `linkMergeRows`, `linkMergeWallets`: links, or wallets with links, the log gathers before a
   * merge (tests use a handful).
   */
  constructor(
    private readonly db: Database.Database,
    private readonly linkMergeRows = LINK_MERGE_ROWS,
    private readonly linkMergeWallets = Math.min(LINK_MERGE_WALLETS, linkMergeRows),
  ) {
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
          `SELECT EXISTS (SELECT 1 FROM wallet_links WHERE wallet_hash = @wallet AND position = @position)
               OR EXISTS (SELECT 1 FROM wallet_link_log WHERE wallet_hash = @wallet AND position = @position)`,
        )
        .pluck(),
      logLink: db.prepare<[string, number, string, string]>(
        'INSERT INTO wallet_link_log (wallet_hash, position, created_at, key_id) VALUES (?, ?, ?, ?)',
      ),
      loggedLinks: db.prepare<[], number>('SELECT COUNT(*) FROM wallet_link_log').pluck(),
      loggedWallets: db.prepare<[], string>('SELECT DISTINCT wallet_hash FROM wallet_link_log').pluck(),
      lastLoggedLink: db.prepare<[], number | null>('SELECT MAX(seq) FROM wallet_link_log').pluck(),
      mergeLinks: db.prepare<[number]>(
        `INSERT OR IGNORE INTO wallet_links (wallet_hash, position, created_at, key_id)
           SELECT wallet_hash, position, created_at, key_id FROM wallet_link_log WHERE seq <= ?
           ORDER BY wallet_hash, position`,
      ),
      dropMergedLinks: db.prepare<[number]>('DELETE FROM wallet_link_log WHERE seq <= ?'),
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
    this.loggedLinks = this.stmts.loggedLinks.get() ?? 0;
    this.loggedWallets = new Set(this.stmts.loggedWallets.all());
  }

  /**
   * Writes the batch in one transaction, in order: spends trial quota, inserts new leaves at the
   * next positions, links wallets. Duplicates (of stored leaves or within the batch) get `exists`.
   * Throws, writing nothing, if the transaction fails.
   */
  commit(batch: LeafBatch): LeafBatchOutcome {
    const { events, knownPositions, indexedThrough, createdAt } = batch;
    if (knownPositions.length !== events.length) throw new RangeError('one known position per event');
    const run = this.db.transaction((): LeafBatchOutcome & { logged: string[] } => {
      const stored = this.stmts.leafCount.get()?.n ?? 0;
      if (stored < indexedThrough) {
        throw new Error(`the index covers ${indexedThrough} leaves but the table holds ${stored}`);
      }
      // Hex of each leaf written after the caller's index was current, and of each created here.
      const unindexed = new Map<string, number>();
      if (stored > indexedThrough) {
        for (const row of this.stmts.hashesAfter.iterate(indexedThrough)) {
          unindexed.set(toHex(row.leaf_hash), row.position);
        }
      }
      let next = stored + 1;
      /** The wallet of each link logged. */
      const logged: string[] = [];
      const results: CommitResult[] = [];
      /** Logs the link unless it exists; a new leaf has no links yet, so nothing to look up. */
      const link = (walletHash: string, position: number, newLeaf: boolean, keyId: string): void => {
        if (!newLeaf && this.stmts.linked.get({ wallet: walletHash, position }) === 1) return;
        this.stmts.logLink.run(walletHash, position, createdAt, keyId);
        logged.push(walletHash);
      };
      events.forEach((event, i) => {
        if (event.onlyWalletFirstKey && event.keyId !== OPERATOR_KEY_ID) {
          // Checked before quota is spent: a refused write costs nothing.
          const owner = this.stmts.walletOwner.get(event.walletHash);
          if (owner && owner.key_id !== event.keyId) {
            results.push({ status: 'wallet_key_mismatch', firstKeyId: owner.key_id });
            return;
          }
        }
        if (event.trialKeyHash !== null) {
          const spent = this.stmts.spendQuota.run(createdAt, event.trialKeyHash, createdAt).changes;
          if (spent === 0) {
            const key = this.stmts.keyState.get(event.trialKeyHash);
            results.push({
              status: !key ? 'unauthorized' : key.expires_at <= createdAt ? 'key_expired' : 'quota_exhausted',
            });
            return;
          }
        }
        const leafHex = event.leafHex.toLowerCase();
        let position = knownPositions[i] ?? unindexed.get(leafHex) ?? null;
        const newLeaf = position === null;
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
        link(event.walletHash, position, newLeaf, event.keyId);
        // The new owner's lifecycle shows the transfer too; its first writer is not decided by it.
        const counterparty = event.counterpartyWallet ?? null;
        if (counterparty !== null && counterparty !== event.walletHash) {
          link(counterparty, position, newLeaf, event.keyId);
        }
        this.stmts.claimWallet.run(event.walletHash, event.keyId, createdAt);
      });
      return { results, leafCount: next - 1, logged };
    });
    const { results, leafCount, logged } = run.immediate();
    this.loggedLinks += logged.length;
    for (const wallet of logged) this.loggedWallets.add(wallet);
    return { results, leafCount };
  }

  /**
   * Merges the link log into `wallet_links` once it holds `linkMergeRows` links, or links of
   * `linkMergeWallets` wallets: one transaction, in wallet order, so a wallet's page is written
   * once for all its links. Returns how many moved. Run between commits (`mergeLinksQuietly`).
   */
  mergeLinksIfDue(): number {
    if (this.loggedLinks < this.linkMergeRows && this.loggedWallets.size < this.linkMergeWallets) return 0;
    const merge = this.db.transaction((): number => {
      const last = this.stmts.lastLoggedLink.get() ?? null;
      if (last === null) return 0;
      this.stmts.mergeLinks.run(last);
      return this.stmts.dropMergedLinks.run(last).changes;
    });
    // Each link's leaf was checked when it was logged, and leaves are never deleted: checking
    // again here was half the merge's statement time.
    this.db.pragma('foreign_keys = OFF');
    try {
      const moved = merge.immediate();
      this.loggedLinks = this.stmts.loggedLinks.get() ?? 0;
      this.loggedWallets = new Set(this.stmts.loggedWallets.all());
      return moved;
    } finally {
      this.db.pragma('foreign_keys = ON');
    }
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
