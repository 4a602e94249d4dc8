/** The event log's read side on SQLite: the feed, wallet lifecycles and counts per type. */
import type Database from 'better-sqlite3';
import type { EventLog, EventPage, WalletPage } from '../store.js';
import { LEAF_COLUMNS, leafFromRow, type LeafRow } from './rows.js';

/** A wallet's link to a leaf, and the key that made it. */
interface WalletLink {
  position: number;
  key_id: string | null;
}

/** A wallet's links in the wallet-link index, as far as it goes. */
interface IndexedLinks {
  /** The log row the index goes up to. */
  through: number;
  page: WalletLink[];
  total: number;
}

export class SqliteEventLog implements EventLog {
  private readonly stmts;

  /** `walletPage` in one read transaction of the database (its log and leaves in one snapshot). */
  private readonly readWallet: (wallet: string, limit: number, after: number, max: number) => WalletPage;

  /** The index's part of a page, in one read transaction of the index. */
  private readonly readIndexed: (
    wallet: string,
    limit: number,
    after: number,
    max: number,
    lastLogged: number,
  ) => IndexedLinks;

  /** `walletIndex`: a connection to the wallet-link index (wallet-index.ts). */
  constructor(db: Database.Database, walletIndex: Database.Database) {
    this.stmts = {
      page: db.prepare<[number, number], LeafRow>(
        `SELECT ${LEAF_COLUMNS} FROM leaves WHERE position < ? ORDER BY position DESC LIMIT ?`,
      ),
      pageByType: db.prepare<[number, number, number], LeafRow>(
        `SELECT ${LEAF_COLUMNS} FROM leaves WHERE event_type = ? AND position < ? ORDER BY position DESC LIMIT ?`,
      ),
      // A wallet's links: in the index up to where it goes, in the log after that (wallet-index.ts).
      // The log after the index is short and has no index by wallet: it is scanned once per read.
      lastLogged: db.prepare<[], number | null>('SELECT MAX(seq) FROM wallet_link_log').pluck(),
      loggedAfter: db.prepare<[{ wallet: string; through: number; last: number; max: number }], WalletLink>(
        `SELECT position, key_id FROM wallet_link_log
           WHERE seq > @through AND seq <= @last AND wallet_hash = @wallet AND position <= @max`,
      ),
      indexedThrough: walletIndex.prepare<[], number>('SELECT seq FROM indexed_through').pluck(),
      // Links the database's snapshot holds (seq <= @cap): the index may have been read later.
      indexedPage: walletIndex.prepare<
        [{ wallet: string; after: number; max: number; cap: number; limit: number }],
        WalletLink
      >(
        `SELECT position, key_id FROM wallet_links
           WHERE wallet_hash = @wallet AND position > @after AND position <= @max AND seq <= @cap
           ORDER BY position LIMIT @limit`,
      ),
      indexedTotal: walletIndex
        .prepare<[{ wallet: string; max: number; cap: number }], number>(
          'SELECT COUNT(*) FROM wallet_links WHERE wallet_hash = @wallet AND position <= @max AND seq <= @cap',
        )
        .pluck(),
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
    this.readIndexed = walletIndex.transaction(
      (wallet: string, limit: number, after: number, max: number, lastLogged: number): IndexedLinks => {
        const through = this.stmts.indexedThrough.get() ?? 0;
        const cap = Math.min(through, lastLogged);
        return {
          through,
          page: this.stmts.indexedPage.all({ wallet, after, max, cap, limit }),
          total: this.stmts.indexedTotal.get({ wallet, max, cap }) ?? 0,
        };
      },
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

  /**
   * A page of the wallet's leaves, run in one read transaction of the database. The links are those
   * of its snapshot's log (up to `last`): the index's up to where it goes, the log's after that.
   * Whichever of the two snapshots is older, each link is counted once: the log is never rewritten.
   */
  private walletPage(wallet: string, limit: number, after: number, max: number): WalletPage {
    const last = this.stmts.lastLogged.get() ?? 0;
    // One extra link tells whether a next page exists.
    const indexed = this.readIndexed(wallet, limit + 1, after, max, last);
    const logged = this.stmts.loggedAfter.all({ wallet, through: indexed.through, last, max });
    const links = [...indexed.page, ...logged.filter((link) => link.position > after)]
      .sort((a, b) => a.position - b.position)
      .slice(0, limit + 1);
    const keyOf = new Map(links.slice(0, limit).map((link) => [link.position, link.key_id]));
    const leaves = this.stmts.leavesAt
      .all(JSON.stringify([...keyOf.keys()]))
      .map((row) => ({ ...leafFromRow(row), keyId: keyOf.get(row.position) ?? null }));
    const lastLeaf = leaves[leaves.length - 1];
    return {
      leaves,
      total: indexed.total + logged.length,
      firstKeyId: this.stmts.walletOwner.get(wallet)?.key_id ?? null,
      nextAfter: links.length > limit && lastLeaf ? lastLeaf.position : null,
    };
  }

  async linksAwaitingIndex(): Promise<number> {
    return Math.max(0, (this.stmts.lastLogged.get() ?? 0) - (this.stmts.indexedThrough.get() ?? 0));
  }

  async typeCounts(maxPosition?: number): Promise<Map<number, number>> {
    return new Map(
      this.stmts.typeCounts.all(maxPosition ?? Number.MAX_SAFE_INTEGER).map((r) => [r.event_type, r.n]),
    );
  }
}
