/** The event log's read side on SQLite: the feed, wallet lifecycles and counts per type. */
import type Database from 'better-sqlite3';
import type { EventLog, EventPage, WalletPage } from '../store.js';
import { LEAF_COLUMNS, leafFromRow, type LeafRow } from './rows.js';

/** A wallet's link to a leaf, and the key that made it. */
interface WalletLink {
  position: number;
  key_id: string | null;
}

export class SqliteEventLog implements EventLog {
  private readonly stmts;

  /**
   * `walletPage` in one read transaction: a merge committing between its statements would move
   * links from the log to wallet_links under them.
   */
  private readonly readWallet: (wallet: string, limit: number, after: number, max: number) => WalletPage;

  constructor(db: Database.Database) {
    this.stmts = {
      page: db.prepare<[number, number], LeafRow>(
        `SELECT ${LEAF_COLUMNS} FROM leaves WHERE position < ? ORDER BY position DESC LIMIT ?`,
      ),
      pageByType: db.prepare<[number, number, number], LeafRow>(
        `SELECT ${LEAF_COLUMNS} FROM leaves WHERE event_type = ? AND position < ? ORDER BY position DESC LIMIT ?`,
      ),
      // A wallet's links are in wallet_links or, until the next merge, in wallet_link_log (never
      // both, never twice: leaf-writer.ts). The log has no index by wallet (leaf-writer.ts says
      // why): it is scanned once per read, for the page and the total alike.
      linkedPage: db.prepare<[{ wallet: string; after: number; max: number; limit: number }], WalletLink>(
        `SELECT position, key_id FROM wallet_links
           WHERE wallet_hash = @wallet AND position > @after AND position <= @max
           ORDER BY position LIMIT @limit`,
      ),
      linkedTotal: db
        .prepare<[{ wallet: string; max: number }], number>(
          'SELECT COUNT(*) FROM wallet_links WHERE wallet_hash = @wallet AND position <= @max',
        )
        .pluck(),
      logged: db.prepare<[{ wallet: string; max: number }], WalletLink>(
        'SELECT position, key_id FROM wallet_link_log WHERE wallet_hash = @wallet AND position <= @max',
      ),
      // The page's leaves in one statement: positions as a JSON array.
      leavesAt: db.prepare<[string], LeafRow>(
        `SELECT ${LEAF_COLUMNS} FROM leaves WHERE position IN (SELECT value FROM json_each(?)) ORDER BY position`,
      ),
      walletOwner: db.prepare<[string], { key_id: string | null }>(
        'SELECT key_id FROM wallet_owners WHERE wallet_hash = ?',
      ),
      typeCounts: db.prepare<[number], { event_type: number; n: number }>(
        'SELECT event_type, COUNT(*) AS n FROM leaves WHERE position <= ? GROUP BY event_type',
      ),
    };
    this.readWallet = db.transaction((wallet: string, limit: number, after: number, max: number) =>
      this.walletPage(wallet, limit, after, max),
    );
  }

  async listEvents(options: { limit: number; before?: number; eventType?: number }): Promise<EventPage> {
    const before = options.before ?? Number.MAX_SAFE_INTEGER;
    // One extra row tells whether an older page exists.
    const rows =
      options.eventType === undefined
        ? this.stmts.page.all(before, options.limit + 1)
        : this.stmts.pageByType.all(options.eventType, before, options.limit + 1);
    const leaves = rows.slice(0, options.limit).map(leafFromRow);
    const last = leaves[leaves.length - 1];
    return { leaves, nextBefore: rows.length > options.limit && last ? last.position : null };
  }

  async walletLeaves(
    walletHash: string,
    page: { limit: number; after?: number; maxPosition?: number },
  ): Promise<WalletPage> {
    return this.readWallet(
      walletHash,
      page.limit,
      page.after ?? 0,
      page.maxPosition ?? Number.MAX_SAFE_INTEGER,
    );
  }

  /** A page of the wallet's leaves; run in one read transaction (`readWallet`). */
  private walletPage(wallet: string, limit: number, after: number, max: number): WalletPage {
    const logged = this.stmts.logged.all({ wallet, max });
    // The first limit + 1 of both tables together (one extra tells whether a next page exists).
    const links = [
      ...this.stmts.linkedPage.all({ wallet, after, max, limit: limit + 1 }),
      ...logged.filter((link) => link.position > after),
    ]
      .sort((a, b) => a.position - b.position)
      .slice(0, limit + 1);
    const keyOf = new Map(links.slice(0, limit).map((link) => [link.position, link.key_id]));
    const leaves = this.stmts.leavesAt
      .all(JSON.stringify([...keyOf.keys()]))
      .map((row) => ({ ...leafFromRow(row), keyId: keyOf.get(row.position) ?? null }));
    const last = leaves[leaves.length - 1];
    return {
      leaves,
      total: (this.stmts.linkedTotal.get({ wallet, max }) ?? 0) + logged.length,
      firstKeyId: this.stmts.walletOwner.get(wallet)?.key_id ?? null,
      nextAfter: links.length > limit && last ? last.position : null,
    };
  }

  async typeCounts(maxPosition?: number): Promise<Map<number, number>> {
    return new Map(
      this.stmts.typeCounts.all(maxPosition ?? Number.MAX_SAFE_INTEGER).map((r) => [r.event_type, r.n]),
    );
  }
}
