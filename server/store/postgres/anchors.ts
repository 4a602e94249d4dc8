/**
 * Anchoring attempts and anchored roots on PostgreSQL. Every state change is one transaction that
 * locks the attempt's row and checks its state first, so a transition the state machine does not
 * allow (docs/architecture.md "What anchored means"; its rules, shared with SQLite, in
 * ../anchor-transitions.ts) is refused with StoreConflictError, whichever instance asks. A store
 * made with a fence (`Store.fencedAnchors`) also checks, in the same transaction, that the fence
 * still holds the anchorer lease; the lease row stays share-locked until the write commits, so a
 * takeover waits for it and then sees it.
 */
import type pg from 'pg';
import {
  AnchorTransitions,
  assignmentSql,
  countsByState,
  requireAnchorable,
  requireRevertible,
  requireStateIn,
  type Assignment,
} from '../anchor-transitions.js';
import {
  AnchorLeaseLostError,
  StoreConflictError,
  type AnchorAttempt,
  type AnchorFence,
  type AnchorLogEntry,
  type AnchorState,
  type AttemptWithLog,
  type AnchorStore,
  type AnchoredAt,
  type AnchoredRoot,
  type AnchoredRootStats,
  type AnchorSpend,
} from '../store.js';
import {
  ROOT_COLUMNS,
  anchorFromRow,
  blockHashOrNull,
  feeOrNull,
  groupLog,
  requireHeight,
  requireHex64,
  requireLeafCount,
  rootFromRow,
  spendFromRow,
  spendSql,
  type AnchorRow,
  type RootRow,
  type SpendRow,
} from '../sqlite/rows.js';
import { isUniqueViolation, transaction } from './db.js';

const ANCHOR_COLUMNS =
  'id, root_hash, leaf_count, state, opid, txid, height, block_time, attempts, last_error, send_started_at, created_at, updated_at';

export class PostgresAnchorStore extends AnchorTransitions implements AnchorStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => Date,
    /** Null: writes without the lease (manual anchoring, "Anchor now" intents on any instance). */
    private readonly fence: AnchorFence | null = null,
  ) {
    super();
  }

  private nowIso(): string {
    return this.now().toISOString();
  }

  /** Refuses the write unless the fence still holds an unexpired lease (checked in the write's transaction). */
  private async checkFence(client: pg.PoolClient): Promise<void> {
    if (this.fence === null) return;
    const held = await client.query(
      `SELECT 1 FROM anchor_lease
       WHERE id = 1 AND holder = $1 AND token = $2 AND expires_at > clock_timestamp() FOR SHARE`,
      [this.fence.instanceId, this.fence.token],
    );
    if (held.rowCount === 0) {
      throw new AnchorLeaseLostError(
        `instance ${this.fence.instanceId} no longer holds the anchorer lease (token ${this.fence.token})`,
      );
    }
  }

  private async lockedRow(client: pg.PoolClient, id: number): Promise<AnchorRow> {
    const result = await client.query<AnchorRow>(
      `SELECT ${ANCHOR_COLUMNS} FROM anchors WHERE id = $1 FOR UPDATE`,
      [id],
    );
    const row = result.rows[0];
    if (!row) throw new StoreConflictError(`anchor attempt ${id} does not exist`);
    return row;
  }

  private async update(client: pg.PoolClient, id: number, assignments: string, params: readonly unknown[]) {
    const n = params.length;
    const result = await client.query<AnchorRow>(
      `UPDATE anchors SET ${assignments}, updated_at = $${n + 1}, fence_token = $${n + 2}
       WHERE id = $${n + 3} RETURNING ${ANCHOR_COLUMNS}`,
      [...params, this.nowIso(), this.fence?.token ?? 0, id],
    );
    const row = result.rows[0];
    if (!row) throw new StoreConflictError(`anchor attempt ${id} does not exist`);
    return anchorFromRow(row);
  }

  protected override transition(
    id: number,
    from: readonly AnchorState[],
    set: Assignment,
  ): Promise<AnchorAttempt> {
    return transaction(this.pool, async (client) => {
      await this.checkFence(client);
      const row = await this.lockedRow(client, id);
      requireStateIn(id, row, from);
      return this.update(client, id, assignmentSql(set, '$1'), [set.value]);
    });
  }

  async recordAnchorIntent(input: { rootHex: string; leafCount: number }): Promise<AnchorAttempt> {
    requireHex64(input.rootHex, 'rootHex');
    requireLeafCount(input.leafCount);
    try {
      return await transaction(this.pool, async (client) => {
        await this.checkFence(client);
        const inFlight = await client.query(
          `SELECT 1 FROM anchors WHERE state IN ('pending', 'broadcast', 'confirmed') LIMIT 1`,
        );
        if ((inFlight.rowCount ?? 0) > 0) throw new StoreConflictError('an anchor is already in flight');
        const count = await client.query<{ n: number }>(
          'SELECT COALESCE(MAX(position), 0)::bigint AS n FROM leaves',
        );
        if (input.leafCount > (count.rows[0]?.n ?? 0))
          throw new StoreConflictError('leafCount exceeds the stored leaves');
        const now = this.nowIso();
        const inserted = await client.query<AnchorRow>(
          `INSERT INTO anchors (root_hash, leaf_count, state, created_at, updated_at, fence_token)
           VALUES ($1, $2, 'pending', $3, $3, $4) RETURNING ${ANCHOR_COLUMNS}`,
          [input.rootHex, input.leafCount, now, this.fence?.token ?? 0],
        );
        const row = inserted.rows[0];
        if (!row) throw new Error('insert returned no anchor');
        return anchorFromRow(row);
      });
    } catch (error) {
      // Another instance recorded its intent between our check and our insert.
      if (isUniqueViolation(error, 'anchors_one_in_flight')) {
        throw new StoreConflictError('an anchor is already in flight');
      }
      throw error;
    }
  }

  async markAnchored(id: number, input: AnchoredAt): Promise<AnchorAttempt> {
    requireHeight(input.height);
    const blockHash = blockHashOrNull(input.blockHash);
    const feeZat = feeOrNull(input.feeZat);
    try {
      return await transaction(this.pool, async (client) => {
        await this.checkFence(client);
        const row = await this.lockedRow(client, id);
        requireAnchorable(id, row);
        const lastLeaf = await client.query<{ created_at: string }>(
          'SELECT created_at FROM leaves WHERE position = $1',
          [row.leaf_count],
        );
        const createdAt = lastLeaf.rows[0]?.created_at;
        if (createdAt === undefined)
          throw new StoreConflictError(`anchor attempt ${id} covers leaves that do not exist`);
        const updated = await this.update(client, id, `state = 'anchored', height = $1, block_time = $2`, [
          input.height,
          input.blockTime,
        ]);
        await client.query(
          `INSERT INTO anchored_roots (${ROOT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [id, row.root_hash, row.leaf_count, row.txid, input.height, input.blockTime, createdAt, blockHash],
        );
        if (feeZat !== null) {
          const spentAt = input.blockTime ?? Math.floor(this.now().getTime() / 1000);
          await client.query('INSERT INTO anchor_fees (anchor_id, fee_zat, spent_at) VALUES ($1, $2, $3)', [
            id,
            feeZat,
            spentAt,
          ]);
        }
        return updated;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'anchored_roots_one_per_size')) {
        throw new StoreConflictError(`the root of this size is already anchored (attempt ${id})`);
      }
      throw error;
    }
  }

  async updateBlockHash(
    anchorId: number,
    at: { txid: string; height: number; blockHash: string },
  ): Promise<boolean> {
    requireHex64(at.blockHash, 'blockHash');
    // Not fenced: the block hash is the chain's, whichever instance read it.
    const result = await this.pool.query(
      'UPDATE anchored_roots SET block_hash = $1 WHERE anchor_id = $2 AND txid = $3 AND height = $4',
      [at.blockHash, anchorId, at.txid, at.height],
    );
    return (result.rowCount ?? 0) > 0;
  }

  async revertAnchor(id: number, reason: string): Promise<AnchorAttempt> {
    return transaction(this.pool, async (client) => {
      await this.checkFence(client);
      const row = await this.lockedRow(client, id);
      requireRevertible(id, row);
      await client.query('DELETE FROM anchored_roots WHERE anchor_id = $1', [id]);
      return this.update(client, id, `state = 'failed', last_error = $1`, [reason]);
    });
  }

  private async oneAttempt(sql: string, params: readonly unknown[] = []): Promise<AnchorAttempt | null> {
    const result = await this.pool.query<AnchorRow>(sql, [...params]);
    const row = result.rows[0];
    return row ? anchorFromRow(row) : null;
  }

  private async oneRoot(sql: string, params: readonly unknown[] = []): Promise<AnchoredRoot | null> {
    const result = await this.pool.query<RootRow>(sql, [...params]);
    const row = result.rows[0];
    return row ? rootFromRow(row) : null;
  }

  async anchorAttempt(id: number): Promise<AnchorAttempt | null> {
    return this.oneAttempt(`SELECT ${ANCHOR_COLUMNS} FROM anchors WHERE id = $1`, [id]);
  }

  async inFlightAnchor(): Promise<AnchorAttempt | null> {
    return this.oneAttempt(
      `SELECT ${ANCHOR_COLUMNS} FROM anchors WHERE state IN ('pending', 'broadcast', 'confirmed') ORDER BY id LIMIT 1`,
    );
  }

  async latestAnchorAttempt(): Promise<AnchorAttempt | null> {
    return this.oneAttempt(`SELECT ${ANCHOR_COLUMNS} FROM anchors ORDER BY id DESC LIMIT 1`);
  }

  async recentAttemptsWithLog(limit: number): Promise<AttemptWithLog[]> {
    // One snapshot for both reads, so no change lands between the attempts and their logs.
    return transaction(this.pool, async (client) => {
      await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const attempts = (
        await client.query<AnchorRow>(`SELECT ${ANCHOR_COLUMNS} FROM anchors ORDER BY id DESC LIMIT $1`, [
          limit,
        ])
      ).rows.map(anchorFromRow);
      if (attempts.length === 0) return [];
      const ids = attempts.map((a) => a.id);
      const rows = await client.query<AnchorLogEntry & { anchor_id: number }>(
        'SELECT anchor_id, at, state, change, detail FROM anchor_log WHERE anchor_id BETWEEN $1 AND $2 ORDER BY id',
        [Math.min(...ids), Math.max(...ids)],
      );
      const logs = groupLog(rows.rows);
      return attempts.map((attempt) => ({ attempt, log: logs.get(attempt.id) ?? [] }));
    });
  }

  async anchoredRoots(options: { limit?: number; beforeHeight?: number } = {}): Promise<AnchoredRoot[]> {
    const before = options.beforeHeight ?? Number.MAX_SAFE_INTEGER;
    if (options.limit === undefined) {
      const all = await this.pool.query<RootRow>(
        `SELECT ${ROOT_COLUMNS} FROM anchored_roots WHERE height < $1 ORDER BY height, anchor_id`,
        [before],
      );
      return all.rows.map(rootFromRow);
    }
    const newest = await this.pool.query<RootRow>(
      `SELECT ${ROOT_COLUMNS} FROM anchored_roots WHERE height < $1 ORDER BY height DESC, anchor_id DESC LIMIT $2`,
      [before, options.limit],
    );
    return newest.rows.map(rootFromRow).reverse();
  }

  async anchoredRootStats(): Promise<AnchoredRootStats> {
    const result = await this.pool.query<{ n: number; first: number | null; last: number | null }>(
      'SELECT COUNT(*)::bigint AS n, MIN(height) AS first, MAX(height) AS last FROM anchored_roots',
    );
    const row = result.rows[0];
    return { count: row?.n ?? 0, firstHeight: row?.first ?? null, lastHeight: row?.last ?? null };
  }

  async anchorSpend(sinceUnixS: number | null): Promise<AnchorSpend> {
    const result =
      sinceUnixS === null
        ? await this.pool.query<SpendRow>(spendSql(''))
        : await this.pool.query<SpendRow>(spendSql('$1'), [sinceUnixS]);
    return spendFromRow(result.rows[0]);
  }

  async firstAnchoredRootCovering(position: number): Promise<AnchoredRoot | null> {
    return this.oneRoot(
      `SELECT ${ROOT_COLUMNS} FROM anchored_roots WHERE leaf_count >= $1 ORDER BY leaf_count, anchor_id LIMIT 1`,
      [position],
    );
  }

  async anchorStateCounts(): Promise<Record<AnchorState, number>> {
    const result = await this.pool.query<{ state: AnchorState; n: number }>(
      'SELECT state, COUNT(*)::bigint AS n FROM anchors GROUP BY state',
    );
    return countsByState(result.rows);
  }

  async anchoredRootsAfter(anchorId: number, limit: number): Promise<AnchoredRoot[]> {
    const result = await this.pool.query<RootRow>(
      `SELECT ${ROOT_COLUMNS} FROM anchored_roots WHERE anchor_id > $1 ORDER BY anchor_id LIMIT $2`,
      [anchorId, limit],
    );
    return result.rows.map(rootFromRow);
  }

  async anchoredRootByTxidPrefix(prefix: string): Promise<AnchoredRoot | null> {
    // A range on the unique txid index ("C" collation): every txid starting with the prefix sorts between these.
    return this.oneRoot(
      `SELECT ${ROOT_COLUMNS} FROM anchored_roots WHERE txid >= $1 AND txid <= $2 ORDER BY txid LIMIT 1`,
      [prefix, prefix.padEnd(64, 'f')],
    );
  }

  async latestAnchoredRoot(): Promise<AnchoredRoot | null> {
    return this.oneRoot(
      `SELECT ${ROOT_COLUMNS} FROM anchored_roots ORDER BY height DESC, anchor_id DESC LIMIT 1`,
    );
  }

  async anchoredLeafCount(): Promise<number> {
    const result = await this.pool.query<{ n: number }>(
      'SELECT COALESCE(MAX(leaf_count), 0)::bigint AS n FROM anchored_roots',
    );
    return result.rows[0]?.n ?? 0;
  }

  async anchoredRootBySize(leafCount: number): Promise<AnchoredRoot | null> {
    return this.oneRoot(
      `SELECT ${ROOT_COLUMNS} FROM anchored_roots WHERE leaf_count = $1 ORDER BY anchor_id LIMIT 1`,
      [leafCount],
    );
  }
}
