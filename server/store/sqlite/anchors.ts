/**
 * Anchoring attempts and anchored roots on SQLite. Every state change is one transaction that
 * first checks the attempt's current state, so a transition the state machine does not allow
 * (docs/architecture.md "What anchored means"; its rules, shared with PostgreSQL, in
 * ../anchor-transitions.ts) is refused with StoreConflictError.
 */
import type Database from 'better-sqlite3';
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
  StoreConflictError,
  type AnchorAttempt,
  type AnchorLogEntry,
  type AnchorState,
  type AttemptWithLog,
  type AnchorStore,
  type AnchoredAt,
  type AnchoredRoot,
  type AnchoredRootStats,
  type AnchorSpend,
} from '../store.js';
import { RootsBySize } from './roots-by-size.js';
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
} from './rows.js';

export class SqliteAnchorStore extends AnchorTransitions implements AnchorStore {
  private readonly stmts;
  private readonly rootsBySize: RootsBySize;

  constructor(
    private readonly db: Database.Database,
    private readonly now: () => Date,
  ) {
    super();
    this.rootsBySize = new RootsBySize(db);
    this.stmts = {
      byId: db.prepare<[number], AnchorRow>('SELECT * FROM anchors WHERE id = ?'),
      insert: db.prepare<[string, number, string, string]>(
        `INSERT INTO anchors (root_hash, leaf_count, state, created_at, updated_at) VALUES (?, ?, 'pending', ?, ?)`,
      ),
      inFlight: db.prepare<[], AnchorRow>(
        `SELECT * FROM anchors WHERE state IN ('pending', 'broadcast', 'confirmed') ORDER BY id LIMIT 1`,
      ),
      latest: db.prepare<[], AnchorRow>('SELECT * FROM anchors ORDER BY id DESC LIMIT 1'),
      recent: db.prepare<[number], AnchorRow>('SELECT * FROM anchors ORDER BY id DESC LIMIT ?'),
      logFrom: db.prepare<[number, number], AnchorLogEntry & { anchor_id: number }>(
        'SELECT anchor_id, at, state, change, detail FROM anchor_log WHERE anchor_id BETWEEN ? AND ? ORDER BY id',
      ),
      leafCount: db.prepare<[], { n: number | null }>('SELECT MAX(position) AS n FROM leaves'),
      leafCreatedAt: db.prepare<[number], { created_at: string }>(
        'SELECT created_at FROM leaves WHERE position = ?',
      ),
      insertRoot: db.prepare<[number, string, number, string, number, number | null, string, string | null]>(
        `INSERT INTO anchored_roots (${ROOT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      insertFee: db.prepare<[number, number, number]>(
        'INSERT INTO anchor_fees (anchor_id, fee_zat, spent_at) VALUES (?, ?, ?)',
      ),
      spendAll: db.prepare<[], SpendRow>(spendSql('')),
      spendSince: db.prepare<[number], SpendRow>(spendSql('?')),
      setBlockHash: db.prepare<[string, number, string, number]>(
        'UPDATE anchored_roots SET block_hash = ? WHERE anchor_id = ? AND txid = ? AND height = ?',
      ),
      deleteRoot: db.prepare<[number]>('DELETE FROM anchored_roots WHERE anchor_id = ?'),
      rootsAll: db.prepare<[number], RootRow>(
        `SELECT ${ROOT_COLUMNS} FROM anchored_roots WHERE height < ? ORDER BY height, anchor_id`,
      ),
      rootsNewest: db.prepare<[number, number], RootRow>(
        `SELECT ${ROOT_COLUMNS} FROM anchored_roots WHERE height < ? ORDER BY height DESC, anchor_id DESC LIMIT ?`,
      ),
      rootStats: db.prepare<[], { n: number; first: number | null; last: number | null }>(
        'SELECT COUNT(*) AS n, MIN(height) AS first, MAX(height) AS last FROM anchored_roots',
      ),
      stateCounts: db.prepare<[], { state: AnchorState; n: number }>(
        'SELECT state, COUNT(*) AS n FROM anchors GROUP BY state',
      ),
      rootsAfter: db.prepare<[number, number], RootRow>(
        `SELECT ${ROOT_COLUMNS} FROM anchored_roots WHERE anchor_id > ? ORDER BY anchor_id LIMIT ?`,
      ),
      // A range on the unique txid index: every txid that starts with the prefix sorts between these.
      rootByTxidPrefix: db.prepare<[string, string], RootRow>(
        `SELECT ${ROOT_COLUMNS} FROM anchored_roots WHERE txid >= ? AND txid <= ? ORDER BY txid LIMIT 1`,
      ),
      rootLatest: db.prepare<[], RootRow>(
        `SELECT ${ROOT_COLUMNS} FROM anchored_roots ORDER BY height DESC, anchor_id DESC LIMIT 1`,
      ),
      rootBySize: db.prepare<[number], RootRow>(
        `SELECT ${ROOT_COLUMNS} FROM anchored_roots WHERE leaf_count = ? ORDER BY anchor_id LIMIT 1`,
      ),
      anchoredLeafCount: db.prepare<[], { n: number | null }>(
        'SELECT MAX(leaf_count) AS n FROM anchored_roots',
      ),
    };
  }

  private nowIso(): string {
    return this.now().toISOString();
  }

  private nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  private rowOrThrow(id: number): AnchorRow {
    const row = this.stmts.byId.get(id);
    if (!row) throw new StoreConflictError(`anchor attempt ${id} does not exist`);
    return row;
  }

  protected override transition(id: number, from: readonly AnchorState[], set: Assignment): AnchorAttempt {
    return this.db
      .transaction(() => {
        const row = this.rowOrThrow(id);
        requireStateIn(id, row, from);
        this.db
          .prepare(`UPDATE anchors SET ${assignmentSql(set, '?')}, updated_at = ? WHERE id = ?`)
          .run(set.value, this.nowIso(), id);
        return anchorFromRow(this.rowOrThrow(id));
      })
      .immediate();
  }

  async recordAnchorIntent(input: { rootHex: string; leafCount: number }): Promise<AnchorAttempt> {
    requireHex64(input.rootHex, 'rootHex');
    requireLeafCount(input.leafCount);
    return this.db
      .transaction(() => {
        if (this.stmts.inFlight.get()) throw new StoreConflictError('an anchor is already in flight');
        if (input.leafCount > (this.stmts.leafCount.get()?.n ?? 0))
          throw new StoreConflictError('leafCount exceeds the stored leaves');
        const now = this.nowIso();
        const id = Number(this.stmts.insert.run(input.rootHex, input.leafCount, now, now).lastInsertRowid);
        return anchorFromRow(this.rowOrThrow(id));
      })
      .immediate();
  }

  async markAnchored(id: number, input: AnchoredAt): Promise<AnchorAttempt> {
    requireHeight(input.height);
    const attempt = this.markAnchoredNow(
      id,
      input,
      blockHashOrNull(input.blockHash),
      feeOrNull(input.feeZat),
    );
    this.rootsBySize.added(id);
    return attempt;
  }

  async updateBlockHash(
    anchorId: number,
    at: { txid: string; height: number; blockHash: string },
  ): Promise<boolean> {
    requireHex64(at.blockHash, 'blockHash');
    const changed = this.stmts.setBlockHash.run(at.blockHash, anchorId, at.txid, at.height).changes > 0;
    if (changed) this.rootChanged(anchorId);
    return changed;
  }

  /** The root of `anchorId` was rewritten on this connection (its block hash): the kept copy follows. */
  rootChanged(anchorId: number): void {
    this.rootsBySize.changed(anchorId);
  }

  private markAnchoredNow(
    id: number,
    input: AnchoredAt,
    blockHash: string | null,
    feeZat: number | null,
  ): AnchorAttempt {
    return this.db
      .transaction(() => {
        const row = this.rowOrThrow(id);
        requireAnchorable(id, row);
        const lastLeaf = this.stmts.leafCreatedAt.get(row.leaf_count);
        if (!lastLeaf) throw new StoreConflictError(`anchor attempt ${id} covers leaves that do not exist`);
        this.db
          .prepare(
            `UPDATE anchors SET state = 'anchored', height = ?, block_time = ?, updated_at = ? WHERE id = ?`,
          )
          .run(input.height, input.blockTime, this.nowIso(), id);
        this.stmts.insertRoot.run(
          id,
          row.root_hash,
          row.leaf_count,
          row.txid,
          input.height,
          input.blockTime,
          lastLeaf.created_at,
          blockHash,
        );
        if (feeZat !== null) this.stmts.insertFee.run(id, feeZat, input.blockTime ?? this.nowSeconds());
        return anchorFromRow(this.rowOrThrow(id));
      })
      .immediate();
  }

  async revertAnchor(id: number, reason: string): Promise<AnchorAttempt> {
    const attempt = this.revertAnchorNow(id, reason);
    this.rootsBySize.removed(id);
    return attempt;
  }

  private revertAnchorNow(id: number, reason: string): AnchorAttempt {
    return this.db
      .transaction(() => {
        const row = this.rowOrThrow(id);
        requireRevertible(id, row);
        this.stmts.deleteRoot.run(id);
        this.db
          .prepare(`UPDATE anchors SET state = 'failed', last_error = ?, updated_at = ? WHERE id = ?`)
          .run(reason, this.nowIso(), id);
        return anchorFromRow(this.rowOrThrow(id));
      })
      .immediate();
  }

  async anchorAttempt(id: number): Promise<AnchorAttempt | null> {
    const row = this.stmts.byId.get(id);
    return row ? anchorFromRow(row) : null;
  }

  async inFlightAnchor(): Promise<AnchorAttempt | null> {
    const row = this.stmts.inFlight.get();
    return row ? anchorFromRow(row) : null;
  }

  async latestAnchorAttempt(): Promise<AnchorAttempt | null> {
    const row = this.stmts.latest.get();
    return row ? anchorFromRow(row) : null;
  }

  async recentAttemptsWithLog(limit: number): Promise<AttemptWithLog[]> {
    return this.db.transaction(() => {
      const attempts = this.stmts.recent.all(limit).map(anchorFromRow);
      const ids = attempts.map((a) => a.id);
      if (ids.length === 0) return [];
      const logs = groupLog(this.stmts.logFrom.all(Math.min(...ids), Math.max(...ids)));
      return attempts.map((attempt) => ({ attempt, log: logs.get(attempt.id) ?? [] }));
    })();
  }

  async anchoredRoots(options: { limit?: number; beforeHeight?: number } = {}): Promise<AnchoredRoot[]> {
    const before = options.beforeHeight ?? Number.MAX_SAFE_INTEGER;
    if (options.limit === undefined) return this.stmts.rootsAll.all(before).map(rootFromRow);
    return this.stmts.rootsNewest.all(before, options.limit).map(rootFromRow).reverse();
  }

  async anchoredRootStats(): Promise<AnchoredRootStats> {
    const row = this.stmts.rootStats.get();
    return { count: row?.n ?? 0, firstHeight: row?.first ?? null, lastHeight: row?.last ?? null };
  }

  async anchorSpend(sinceUnixS: number | null): Promise<AnchorSpend> {
    return spendFromRow(
      sinceUnixS === null ? this.stmts.spendAll.get() : this.stmts.spendSince.get(sinceUnixS),
    );
  }

  async firstAnchoredRootCovering(position: number): Promise<AnchoredRoot | null> {
    return this.rootsBySize.firstCovering(position);
  }

  async anchorStateCounts(): Promise<Record<AnchorState, number>> {
    return countsByState(this.stmts.stateCounts.all());
  }

  async anchoredRootsAfter(anchorId: number, limit: number): Promise<AnchoredRoot[]> {
    return this.stmts.rootsAfter.all(anchorId, limit).map(rootFromRow);
  }

  async anchoredRootByTxidPrefix(prefix: string): Promise<AnchoredRoot | null> {
    const row = this.stmts.rootByTxidPrefix.get(prefix, prefix.padEnd(64, 'f'));
    return row ? rootFromRow(row) : null;
  }

  async latestAnchoredRoot(): Promise<AnchoredRoot | null> {
    const row = this.stmts.rootLatest.get();
    return row ? rootFromRow(row) : null;
  }

  async anchoredLeafCount(): Promise<number> {
    return this.stmts.anchoredLeafCount.get()?.n ?? 0;
  }

  async anchoredRootBySize(leafCount: number): Promise<AnchoredRoot | null> {
    const row = this.stmts.rootBySize.get(leafCount);
    return row ? rootFromRow(row) : null;
  }
}
