/** The event log's read side on SQLite: the feed, wallet lifecycles and counts per type. */
import type Database from 'better-sqlite3';
import type { EventLog, EventPage, WalletPage } from '../store.js';
import { LEAF_COLUMNS, leafFromRow, type LeafRow } from './rows.js';

export class SqliteEventLog implements EventLog {
  private readonly stmts;

  constructor(db: Database.Database) {
    this.stmts = {
      page: db.prepare<[number, number], LeafRow>(
        `SELECT ${LEAF_COLUMNS} FROM leaves WHERE position < ? ORDER BY position DESC LIMIT ?`,
      ),
      pageByType: db.prepare<[number, number, number], LeafRow>(
        `SELECT ${LEAF_COLUMNS} FROM leaves WHERE event_type = ? AND position < ? ORDER BY position DESC LIMIT ?`,
      ),
      // A wallet's links are in wallet_links or, until the next merge, in wallet_link_log (never
      // both, never twice: leaf-writer.ts). The log is at most LINK_MERGE_ROWS rows, read whole.
      walletLeaves: db.prepare<
        [{ wallet: string; after: number; max: number; limit: number }],
        LeafRow & { key_id: string | null }
      >(
        `WITH page AS (
           SELECT position, key_id FROM wallet_links
             WHERE wallet_hash = @wallet AND position > @after AND position <= @max
           UNION ALL
           SELECT position, key_id FROM wallet_link_log
             WHERE wallet_hash = @wallet AND position > @after AND position <= @max
           ORDER BY position LIMIT @limit
         )
         SELECT ${LEAF_COLUMNS.split(', ')
           .map((c) => `l.${c}`)
           .join(', ')}, page.key_id
         FROM page JOIN leaves l ON l.position = page.position ORDER BY page.position`,
      ),
      walletTotal: db
        .prepare<[{ wallet: string; max: number }], number>(
          `SELECT (SELECT COUNT(*) FROM wallet_links WHERE wallet_hash = @wallet AND position <= @max)
                + (SELECT COUNT(*) FROM wallet_link_log WHERE wallet_hash = @wallet AND position <= @max)`,
        )
        .pluck(),
      walletOwner: db.prepare<[string], { key_id: string | null }>(
        'SELECT key_id FROM wallet_owners WHERE wallet_hash = ?',
      ),
      typeCounts: db.prepare<[number], { event_type: number; n: number }>(
        'SELECT event_type, COUNT(*) AS n FROM leaves WHERE position <= ? GROUP BY event_type',
      ),
    };
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
    const maxPosition = page.maxPosition ?? Number.MAX_SAFE_INTEGER;
    // One extra row tells whether a next page exists.
    const rows = this.stmts.walletLeaves.all({
      wallet: walletHash,
      after: page.after ?? 0,
      max: maxPosition,
      limit: page.limit + 1,
    });
    const leaves = rows.slice(0, page.limit).map((row) => ({ ...leafFromRow(row), keyId: row.key_id }));
    const last = leaves[leaves.length - 1];
    return {
      leaves,
      total: this.stmts.walletTotal.get({ wallet: walletHash, max: maxPosition }) ?? 0,
      firstKeyId: this.stmts.walletOwner.get(walletHash)?.key_id ?? null,
      nextAfter: rows.length > page.limit && last ? last.position : null,
    };
  }

  async typeCounts(maxPosition?: number): Promise<Map<number, number>> {
    return new Map(
      this.stmts.typeCounts.all(maxPosition ?? Number.MAX_SAFE_INTEGER).map((r) => [r.event_type, r.n]),
    );
  }
}
