/** The event log's read side on PostgreSQL: the feed, wallet lifecycles and counts per type. */
import type pg from 'pg';
import type { EventLog, EventPage, WalletPage } from '../store.js';
import { LEAF_COLUMNS, leafFromRow, type LeafRow } from '../sqlite/rows.js';

const JOINED_LEAF_COLUMNS = LEAF_COLUMNS.split(', ')
  .map((c) => `l.${c}`)
  .join(', ');

export class PostgresEventLog implements EventLog {
  constructor(private readonly pool: pg.Pool) {}

  async listEvents(options: { limit: number; before?: number; eventType?: number }): Promise<EventPage> {
    const before = options.before ?? Number.MAX_SAFE_INTEGER;
    // One extra row tells whether an older page exists.
    const result =
      options.eventType === undefined
        ? await this.pool.query<LeafRow>(
            `SELECT ${LEAF_COLUMNS} FROM leaves WHERE position < $1 ORDER BY position DESC LIMIT $2`,
            [before, options.limit + 1],
          )
        : await this.pool.query<LeafRow>(
            `SELECT ${LEAF_COLUMNS} FROM leaves WHERE event_type = $1 AND position < $2
             ORDER BY position DESC LIMIT $3`,
            [options.eventType, before, options.limit + 1],
          );
    const leaves = result.rows.slice(0, options.limit).map(leafFromRow);
    const last = leaves[leaves.length - 1];
    return { leaves, nextBefore: result.rows.length > options.limit && last ? last.position : null };
  }

  async walletLeaves(
    walletHash: string,
    page: { limit: number; after?: number; maxPosition?: number },
  ): Promise<WalletPage> {
    const maxPosition = page.maxPosition ?? Number.MAX_SAFE_INTEGER;
    // One statement, so the page, the total and the first key come from one snapshot (another
    // instance may link this wallet to a leaf meanwhile). An empty page is one row of NULLs.
    const result = await this.pool.query<
      { total: number; first_key_id: string | null } & (
        (LeafRow & { key_id: string | null }) | { position: null }
      )
    >(
      `SELECT t.total, o.first_key_id, p.*
       FROM (SELECT COUNT(*)::bigint AS total FROM wallet_links WHERE wallet_hash = $1 AND position <= $3) t
       LEFT JOIN (SELECT key_id AS first_key_id FROM wallet_owners WHERE wallet_hash = $1) o ON true
       LEFT JOIN (
         -- One extra row tells whether a next page exists.
         SELECT ${JOINED_LEAF_COLUMNS}, w.key_id
         FROM wallet_links w JOIN leaves l ON l.position = w.position
         WHERE w.wallet_hash = $1 AND w.position > $2 AND w.position <= $3 ORDER BY w.position LIMIT $4
       ) p ON true
       ORDER BY p.position`,
      [walletHash, page.after ?? 0, maxPosition, page.limit + 1],
    );
    const first = result.rows[0];
    const rows = result.rows.flatMap((row) => (row.position === null ? [] : [row]));
    const leaves = rows.slice(0, page.limit).map((row) => ({ ...leafFromRow(row), keyId: row.key_id }));
    const last = leaves[leaves.length - 1];
    return {
      leaves,
      total: first?.total ?? 0,
      firstKeyId: first?.first_key_id ?? null,
      nextAfter: rows.length > page.limit && last ? last.position : null,
    };
  }

  async typeCounts(maxPosition?: number): Promise<Map<number, number>> {
    const result = await this.pool.query<{ event_type: number; n: number }>(
      'SELECT event_type, COUNT(*)::bigint AS n FROM leaves WHERE position <= $1 GROUP BY event_type',
      [maxPosition ?? Number.MAX_SAFE_INTEGER],
    );
    return new Map(result.rows.map((r) => [r.event_type, r.n]));
  }
}
