/**
 * The SQLite store (better-sqlite3): WAL with synchronous=FULL, so a committed transaction survives
 * a power cut or kill -9 (docs/architecture.md decision 9).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { isHex64, parseHex, toHex } from '../../src/core/index.js';
import { MIGRATIONS } from './migrations.js';
import {
  StoreConflictError,
  type AnchorAttempt,
  type AnchorState,
  type AnchoredRoot,
  type AnchoredRootStats,
  type CommitResult,
  type EventPage,
  type LeafRecord,
  type NewEvent,
  type Store,
  type TreeChunk,
  type TrialKeyRecord,
} from './store.js';

interface LeafRow {
  position: number;
  leaf_hash: Buffer;
  event_type: number;
  wallet_hash: string;
  serial_number: string | null;
  created_at: string;
  timestamp: number | null;
}

interface KeyRow {
  key_hash: string;
  quota: number;
  used: number;
  created_at: string;
  expires_at: string;
}

interface AnchorRow {
  id: number;
  root_hash: string;
  leaf_count: number;
  state: AnchorState;
  opid: string | null;
  txid: string | null;
  height: number | null;
  block_time: number | null;
  attempts: number;
  last_error: string | null;
  send_started_at: string | null;
  created_at: string;
  updated_at: string;
}

interface RootRow {
  anchor_id: number;
  root_hash: string;
  leaf_count: number;
  txid: string;
  height: number;
  block_time: number | null;
  created_at: string;
}

const LEAF_COLUMNS = 'position, leaf_hash, event_type, wallet_hash, serial_number, created_at, timestamp';
const ROOT_COLUMNS = 'anchor_id, root_hash, leaf_count, txid, height, block_time, created_at';

function leafFromRow(row: LeafRow): LeafRecord {
  return {
    position: row.position,
    leafHex: toHex(row.leaf_hash),
    eventType: row.event_type,
    walletHash: row.wallet_hash,
    serialNumber: row.serial_number,
    createdAt: row.created_at,
    timestamp: row.timestamp,
  };
}

function anchorFromRow(row: AnchorRow): AnchorAttempt {
  return {
    id: row.id,
    rootHex: row.root_hash,
    leafCount: row.leaf_count,
    state: row.state,
    opid: row.opid,
    txid: row.txid,
    height: row.height,
    blockTime: row.block_time,
    attempts: row.attempts,
    lastError: row.last_error,
    sendStartedAt: row.send_started_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function rootFromRow(row: RootRow): AnchoredRoot {
  return {
    anchorId: row.anchor_id,
    rootHex: row.root_hash,
    leafCount: row.leaf_count,
    txid: row.txid,
    height: row.height,
    blockTime: row.block_time,
    createdAt: row.created_at,
  };
}

function hashBytes(hex: string): Buffer {
  const bytes = parseHex(hex, { name: 'leafHex', expectedBytes: 32 });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export interface SqliteStoreOptions {
  /** Clock for stored times (tests pin it). */
  now?: () => Date;
}

/** Opens (creating if needed) `zap1.sqlite` in `dataDir` and applies pending migrations. */
export function openSqliteStore(dataDir: string, options: SqliteStoreOptions = {}): SqliteStore {
  fs.mkdirSync(dataDir, { recursive: true });
  return new SqliteStore(new Database(path.join(dataDir, 'zap1.sqlite')), options.now ?? (() => new Date()));
}

export class SqliteStore implements Store {
  private readonly stmts;

  constructor(
    private readonly db: Database.Database,
    private readonly now: () => Date,
  ) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    this.migrate();
    this.stmts = this.prepare();
  }

  private migrate(): void {
    const version = Number(this.db.pragma('user_version', { simple: true }));
    if (version > MIGRATIONS.length) {
      throw new Error(`database schema version ${version} is newer than this service (${MIGRATIONS.length})`);
    }
    for (let v = version; v < MIGRATIONS.length; v++) {
      this.db.transaction(() => {
        this.db.exec(MIGRATIONS[v]!);
        this.db.pragma(`user_version = ${v + 1}`);
      })();
    }
  }

  private prepare() {
    const db = this.db;
    return {
      ping: db.prepare<[], { ok: number }>('SELECT 1 AS ok'),
      leafCount: db.prepare<[], { n: number | null }>('SELECT MAX(position) AS n FROM leaves'),
      leafByHash: db.prepare<[Buffer], LeafRow>(`SELECT ${LEAF_COLUMNS} FROM leaves WHERE leaf_hash = ?`),
      leafAt: db.prepare<[number], LeafRow>(`SELECT ${LEAF_COLUMNS} FROM leaves WHERE position = ?`),
      leafPositionByHash: db.prepare<[Buffer], { position: number }>(
        'SELECT position FROM leaves WHERE leaf_hash = ?',
      ),
      leafBytes: db.prepare<[number, number], { leaf_hash: Buffer }>(
        'SELECT leaf_hash FROM leaves WHERE position >= ? AND position < ? ORDER BY position',
      ),
      typeCounts: db.prepare<[], { event_type: number; n: number }>(
        'SELECT event_type, COUNT(*) AS n FROM leaves GROUP BY event_type',
      ),
      eventsPage: db.prepare<[number, number], LeafRow>(
        `SELECT ${LEAF_COLUMNS} FROM leaves WHERE position < ? ORDER BY position DESC LIMIT ?`,
      ),
      eventsPageByType: db.prepare<[number, number, number], LeafRow>(
        `SELECT ${LEAF_COLUMNS} FROM leaves WHERE event_type = ? AND position < ? ORDER BY position DESC LIMIT ?`,
      ),
      walletLeaves: db.prepare<[string], LeafRow>(
        `SELECT l.position, l.leaf_hash, l.event_type, l.wallet_hash, l.serial_number, l.created_at, l.timestamp
         FROM wallet_links w JOIN leaves l ON l.position = w.position WHERE w.wallet_hash = ? ORDER BY l.position`,
      ),
      insertLeaf: db.prepare<[number, Buffer, number, string, string | null, string, number | null]>(
        'INSERT INTO leaves (position, leaf_hash, event_type, wallet_hash, serial_number, created_at, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      linkWallet: db.prepare<[string, number, string]>(
        'INSERT OR IGNORE INTO wallet_links (wallet_hash, position, created_at) VALUES (?, ?, ?)',
      ),
      spendQuota: db.prepare<[string, string, string]>(
        'UPDATE api_keys SET used = used + 1, last_used_at = ? WHERE key_hash = ? AND used < quota AND expires_at > ?',
      ),
      insertKey: db.prepare<[string, number, number, string, string]>(
        'INSERT INTO api_keys (key_hash, quota, used, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      ),
      keyByHash: db.prepare<[string], KeyRow>(
        'SELECT key_hash, quota, used, created_at, expires_at FROM api_keys WHERE key_hash = ?',
      ),
      saveChunk: db.prepare<[number, number, Buffer]>(
        'INSERT OR REPLACE INTO tree_chunks (level, chunk_index, bytes) VALUES (?, ?, ?)',
      ),
      loadChunk: db.prepare<[number, number], { bytes: Buffer }>(
        'SELECT bytes FROM tree_chunks WHERE level = ? AND chunk_index = ?',
      ),
      anchorById: db.prepare<[number], AnchorRow>('SELECT * FROM anchors WHERE id = ?'),
      insertAnchor: db.prepare<[string, number, string, string]>(
        `INSERT INTO anchors (root_hash, leaf_count, state, created_at, updated_at) VALUES (?, ?, 'pending', ?, ?)`,
      ),
      inFlight: db.prepare<[], AnchorRow>(
        `SELECT * FROM anchors WHERE state IN ('pending', 'broadcast', 'confirmed') ORDER BY id`,
      ),
      latestAnchor: db.prepare<[], AnchorRow>('SELECT * FROM anchors ORDER BY id DESC LIMIT 1'),
      insertRoot: db.prepare<[number, string, number, string, number, number | null, string]>(
        `INSERT INTO anchored_roots (${ROOT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      deleteRoot: db.prepare<[number]>('DELETE FROM anchored_roots WHERE anchor_id = ?'),
      rootsAll: db.prepare<[number], RootRow>(
        `SELECT ${ROOT_COLUMNS} FROM anchored_roots WHERE height < ? ORDER BY height, anchor_id`,
      ),
      rootsNewest: db.prepare<[number, number], RootRow>(
        `SELECT ${ROOT_COLUMNS} FROM anchored_roots WHERE height < ? ORDER BY height DESC, anchor_id DESC LIMIT ?`,
      ),
      rootCount: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM anchored_roots'),
      rootStats: db.prepare<[], { n: number; first: number | null; last: number | null }>(
        'SELECT COUNT(*) AS n, MIN(height) AS first, MAX(height) AS last FROM anchored_roots',
      ),
      rootCovering: db.prepare<[number], RootRow>(
        `SELECT ${ROOT_COLUMNS} FROM anchored_roots WHERE leaf_count >= ? ORDER BY leaf_count, anchor_id LIMIT 1`,
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

  ping(): void {
    if (this.stmts.ping.get()?.ok !== 1) throw new Error('store ping failed');
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  leafCount(): number {
    return this.stmts.leafCount.get()?.n ?? 0;
  }

  leafByHash(leafHex: string): LeafRecord | null {
    const row = this.stmts.leafByHash.get(hashBytes(leafHex));
    return row ? leafFromRow(row) : null;
  }

  leafAt(position: number): LeafRecord | null {
    const row = this.stmts.leafAt.get(position);
    return row ? leafFromRow(row) : null;
  }

  leafBytes(fromPosition: number, count: number): Uint8Array {
    const out = new Uint8Array(count * 32);
    let i = 0;
    for (const row of this.stmts.leafBytes.iterate(fromPosition, fromPosition + count)) {
      out.set(row.leaf_hash, i * 32);
      i++;
    }
    if (i !== count) throw new Error(`expected ${count} leaves from position ${fromPosition}, found ${i}`);
    return out;
  }

  typeCounts(): Map<number, number> {
    return new Map(this.stmts.typeCounts.all().map((r) => [r.event_type, r.n]));
  }

  listEvents(options: { limit: number; before?: number; eventType?: number }): EventPage {
    const before = options.before ?? Number.MAX_SAFE_INTEGER;
    // One extra row tells whether an older page exists.
    const rows =
      options.eventType === undefined
        ? this.stmts.eventsPage.all(before, options.limit + 1)
        : this.stmts.eventsPageByType.all(options.eventType, before, options.limit + 1);
    const leaves = rows.slice(0, options.limit).map(leafFromRow);
    const last = leaves[leaves.length - 1];
    return { leaves, nextBefore: rows.length > options.limit && last ? last.position : null };
  }

  walletLeaves(walletHash: string): LeafRecord[] {
    return this.stmts.walletLeaves.all(walletHash).map(leafFromRow);
  }

  commitEvents(events: readonly NewEvent[], createdAt: string): CommitResult[] {
    const run = this.db.transaction((): CommitResult[] => {
      let next = this.leafCount() + 1;
      const results: CommitResult[] = [];
      for (const event of events) {
        if (event.trialKeyHash !== null) {
          const spent = this.stmts.spendQuota.run(createdAt, event.trialKeyHash, createdAt).changes;
          if (spent === 0) {
            const key = this.stmts.keyByHash.get(event.trialKeyHash);
            results.push({
              status: !key ? 'unauthorized' : key.expires_at <= createdAt ? 'key_expired' : 'quota_exhausted',
            });
            continue;
          }
        }
        const hash = hashBytes(event.leafHex);
        const existing = this.stmts.leafPositionByHash.get(hash);
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
          );
          results.push({ status: 'created', position });
        }
        this.stmts.linkWallet.run(event.walletHash, position, createdAt);
      }
      return results;
    });
    return run.immediate();
  }

  insertTrialKey(key: TrialKeyRecord): void {
    this.stmts.insertKey.run(key.keyHash, key.quota, key.used, key.createdAt, key.expiresAt);
  }

  trialKey(keyHash: string): TrialKeyRecord | null {
    const row = this.stmts.keyByHash.get(keyHash);
    return row
      ? {
          keyHash: row.key_hash,
          quota: row.quota,
          used: row.used,
          createdAt: row.created_at,
          expiresAt: row.expires_at,
        }
      : null;
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

  loadChunk(level: number, index: number): Uint8Array | undefined {
    const row = this.stmts.loadChunk.get(level, index);
    return row ? new Uint8Array(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) : undefined;
  }

  // ---- anchoring ----

  private nowIso(): string {
    return this.now().toISOString();
  }

  private attemptOrThrow(id: number): AnchorRow {
    const row = this.stmts.anchorById.get(id);
    if (!row) throw new StoreConflictError(`anchor attempt ${id} does not exist`);
    return row;
  }

  /** Runs `sql` on attempt `id` if it is in one of `from`; returns the updated attempt. */
  private transition(
    id: number,
    from: readonly AnchorState[],
    sql: string,
    params: readonly unknown[],
  ): AnchorAttempt {
    return this.db.transaction(() => {
      const row = this.attemptOrThrow(id);
      if (!from.includes(row.state)) {
        throw new StoreConflictError(`anchor attempt ${id} is ${row.state}, expected ${from.join(' or ')}`);
      }
      this.db
        .prepare(`UPDATE anchors SET ${sql}, updated_at = ? WHERE id = ?`)
        .run(...params, this.nowIso(), id);
      return anchorFromRow(this.attemptOrThrow(id));
    })();
  }

  recordAnchorIntent(input: { rootHex: string; leafCount: number }): AnchorAttempt {
    if (!isHex64(input.rootHex)) throw new RangeError('rootHex must be 64 lowercase hex characters');
    if (!Number.isSafeInteger(input.leafCount) || input.leafCount < 1) {
      throw new RangeError('leafCount must be a positive integer');
    }
    return this.db
      .transaction(() => {
        if (this.stmts.inFlight.get()) throw new StoreConflictError('an anchor is already in flight');
        if (input.leafCount > this.leafCount())
          throw new StoreConflictError('leafCount exceeds the stored leaves');
        const now = this.nowIso();
        const id = Number(
          this.stmts.insertAnchor.run(input.rootHex, input.leafCount, now, now).lastInsertRowid,
        );
        return anchorFromRow(this.attemptOrThrow(id));
      })
      .immediate();
  }

  markSendStarted(id: number, startedAt: string): AnchorAttempt {
    if (Number.isNaN(Date.parse(startedAt))) throw new RangeError('startedAt must be an RFC 3339 time');
    return this.transition(id, ['pending'], 'send_started_at = ?', [startedAt]);
  }

  setAnchorOperation(id: number, opid: string): AnchorAttempt {
    return this.transition(id, ['pending'], 'opid = ?', [opid]);
  }

  setAnchorTxid(id: number, txid: string): AnchorAttempt {
    if (!isHex64(txid)) throw new RangeError('txid must be 64 lowercase hex characters');
    return this.transition(id, ['pending', 'broadcast'], `txid = ?, state = 'broadcast'`, [txid]);
  }

  setAnchorConfirmed(id: number, height: number): AnchorAttempt {
    if (!Number.isSafeInteger(height) || height < 0)
      throw new RangeError('height must be a non-negative integer');
    return this.transition(id, ['broadcast', 'confirmed'], `height = ?, state = 'confirmed'`, [height]);
  }

  markAnchored(id: number, input: { height: number; blockTime: number | null }): AnchorAttempt {
    if (!Number.isSafeInteger(input.height) || input.height < 0) {
      throw new RangeError('height must be a non-negative integer');
    }
    return this.db
      .transaction(() => {
        const row = this.attemptOrThrow(id);
        if ((row.state !== 'broadcast' && row.state !== 'confirmed') || row.txid === null) {
          throw new StoreConflictError(
            `anchor attempt ${id} is ${row.state}; only a broadcast transaction can be anchored`,
          );
        }
        const lastLeaf = this.stmts.leafAt.get(row.leaf_count);
        if (!lastLeaf) throw new StoreConflictError(`anchor attempt ${id} covers leaves that do not exist`);
        const now = this.nowIso();
        this.db
          .prepare(
            `UPDATE anchors SET state = 'anchored', height = ?, block_time = ?, updated_at = ? WHERE id = ?`,
          )
          .run(input.height, input.blockTime, now, id);
        this.stmts.insertRoot.run(
          id,
          row.root_hash,
          row.leaf_count,
          row.txid,
          input.height,
          input.blockTime,
          lastLeaf.created_at,
        );
        return anchorFromRow(this.attemptOrThrow(id));
      })
      .immediate();
  }

  noteAnchorError(id: number, message: string): AnchorAttempt {
    return this.transition(
      id,
      ['pending', 'broadcast', 'confirmed'],
      'attempts = attempts + 1, last_error = ?',
      [message],
    );
  }

  markAnchorFailed(id: number, message: string): AnchorAttempt {
    return this.transition(id, ['pending', 'broadcast', 'confirmed'], `state = 'failed', last_error = ?`, [
      message,
    ]);
  }

  revertAnchor(id: number, reason: string): AnchorAttempt {
    return this.db
      .transaction(() => {
        const row = this.attemptOrThrow(id);
        if (row.state === 'failed' || row.state === 'pending') {
          throw new StoreConflictError(
            `anchor attempt ${id} is ${row.state}; there is no transaction to revert`,
          );
        }
        this.stmts.deleteRoot.run(id);
        this.db
          .prepare(`UPDATE anchors SET state = 'failed', last_error = ?, updated_at = ? WHERE id = ?`)
          .run(reason, this.nowIso(), id);
        return anchorFromRow(this.attemptOrThrow(id));
      })
      .immediate();
  }

  anchorAttempt(id: number): AnchorAttempt | null {
    const row = this.stmts.anchorById.get(id);
    return row ? anchorFromRow(row) : null;
  }

  listInFlightAnchors(): AnchorAttempt[] {
    return this.stmts.inFlight.all().map(anchorFromRow);
  }

  latestAnchorAttempt(): AnchorAttempt | null {
    const row = this.stmts.latestAnchor.get();
    return row ? anchorFromRow(row) : null;
  }

  anchoredRoots(options: { limit?: number; beforeHeight?: number } = {}): AnchoredRoot[] {
    const before = options.beforeHeight ?? Number.MAX_SAFE_INTEGER;
    if (options.limit === undefined) return this.stmts.rootsAll.all(before).map(rootFromRow);
    return this.stmts.rootsNewest.all(before, options.limit).map(rootFromRow).reverse();
  }

  anchoredRootCount(): number {
    return this.stmts.rootCount.get()?.n ?? 0;
  }

  anchoredRootStats(): AnchoredRootStats {
    const row = this.stmts.rootStats.get();
    return { count: row?.n ?? 0, firstHeight: row?.first ?? null, lastHeight: row?.last ?? null };
  }

  firstAnchoredRootCovering(position: number): AnchoredRoot | null {
    const row = this.stmts.rootCovering.get(position);
    return row ? rootFromRow(row) : null;
  }

  latestAnchoredRoot(): AnchoredRoot | null {
    const row = this.stmts.rootLatest.get();
    return row ? rootFromRow(row) : null;
  }

  anchoredLeafCount(): number {
    return this.stmts.anchoredLeafCount.get()?.n ?? 0;
  }

  anchoredRootBySize(leafCount: number): AnchoredRoot | null {
    const row = this.stmts.rootBySize.get(leafCount);
    return row ? rootFromRow(row) : null;
  }
}
