/**
 * Leaves and tree chunks on SQLite. Reads run on this connection; accepted events are written by
 * `SqliteLeafWriter` (leaf-writer.ts), on the commit thread when there is one. Leaves are found by
 * hash through an in-memory index (leaf-hash-index.ts), each candidate confirmed by its row.
 */
import type Database from 'better-sqlite3';
import type { CommitResult, LeafRecord, LeafStore, NewEvent, TreeChunk } from '../store.js';
import type { SqliteCommitThread } from './commit-thread.js';
import { LeafHashIndex } from './leaf-hash-index.js';
import { SqliteLeafWriter, type LeafBatch, type LeafBatchOutcome } from './leaf-writer.js';
import { LEAF_COLUMNS, blobBytes, hashBytes, leafFromRow, type LeafRow } from './rows.js';

/** Leaves read per query while the index catches up with the table. */
const INDEX_PAGE = 65_536;

/** A lookup's row (null: no such leaf), or the error reading it. */
type RowRead = { row: LeafRow | null } | { error: unknown };

interface PendingLookup {
  hash: Buffer;
  resolve: (row: LeafRow | null) => void;
  reject: (error: unknown) => void;
}

export class SqliteLeafStore implements LeafStore {
  private readonly stmts;
  private readonly index = new LeafHashIndex();
  private readonly writer: SqliteLeafWriter | null;
  /** The tail of the chain of commits: a batch looks its leaves up once the one before is indexed. */
  private commitTail: Promise<unknown> = Promise.resolve();
  /** Lookups by hash asked for in this turn of the event loop, read together (`settlePendingLookups`). */
  private pendingLookups: PendingLookup[] = [];
  private readonly rowsInOneRead: (hashes: readonly Buffer[]) => RowRead[];

  /**
   * `commitThread`: commits (and chunk saves) run there, off the event loop; reads stay here.
   * `afterCommit`: called after each commit, to keep the wallet-link index moving (wallet-index.ts).
   */
  constructor(
    db: Database.Database,
    private readonly commitThread: SqliteCommitThread | null,
    private readonly afterCommit: () => void,
  ) {
    this.writer = commitThread ? null : new SqliteLeafWriter(db);
    this.stmts = {
      leafCount: db.prepare<[], { n: number | null }>('SELECT MAX(position) AS n FROM leaves'),
      leafAt: db.prepare<[number], LeafRow>(`SELECT ${LEAF_COLUMNS} FROM leaves WHERE position = ?`),
      leavesFrom: db.prepare<[number, number], LeafRow>(
        `SELECT ${LEAF_COLUMNS} FROM leaves WHERE position >= ? ORDER BY position LIMIT ?`,
      ),
      // One string of hex for the whole range: SQLite builds it in C, and Node decodes it at once
      // (at 1,000,000 leaves about a quarter of the time of reading the hashes row by row).
      leafHex: db
        .prepare<[number, number], string | null>(
          "SELECT string_agg(hex(leaf_hash), '' ORDER BY position) FROM leaves WHERE position >= ? AND position < ?",
        )
        .pluck(),
      allChunks: db.prepare<[], { level: number; chunk_index: number; bytes: Buffer }>(
        'SELECT level, chunk_index, bytes FROM tree_chunks ORDER BY level, chunk_index',
      ),
    };
    this.rowsInOneRead = db.transaction((hashes: readonly Buffer[]) =>
      hashes.map((hash) => this.readRow(hash)),
    );
    this.catchUpIndex();
  }

  private count(): number {
    return this.stmts.leafCount.get()?.n ?? 0;
  }

  /**
   * Adds to the index every leaf the table holds beyond it: all of them when the store opens,
   * afterwards only leaves another connection wrote. Returns whether it added any.
   */
  private catchUpIndex(): boolean {
    const stored = this.count();
    const from = this.index.coveredThrough;
    while (this.index.coveredThrough < stored) {
      const count = Math.min(INDEX_PAGE, stored - this.index.coveredThrough);
      this.index.append(this.readLeafBytes(this.index.coveredThrough + 1, count), count);
    }
    return this.index.coveredThrough > from;
  }

  async leafCount(): Promise<number> {
    return this.count();
  }

  async leafByHash(leafHex: string): Promise<LeafRecord | null> {
    const hash = hashBytes(leafHex);
    const row = await new Promise<LeafRow | null>((resolve, reject) => {
      // After this turn's I/O callbacks, so that the lookups of every request read in it go together.
      if (this.pendingLookups.push({ hash, resolve, reject }) === 1)
        setImmediate(() => this.settlePendingLookups());
    });
    return row ? leafFromRow(row) : null;
  }

  /**
   * Reads the rows of the pending lookups in one read transaction, and settles each lookup with its
   * own row or error. Under load a turn brings dozens of requests, and each read transaction takes
   * and releases SQLite's file locks (two system calls): as profiled, one read each cost about a
   * sixth of a first proof's time on the event loop. Also called before the store closes.
   */
  settlePendingLookups(): void {
    const lookups = this.pendingLookups;
    if (lookups.length === 0) return;
    this.pendingLookups = [];
    let reads: RowRead[];
    try {
      reads = this.rowsInOneRead(lookups.map(({ hash }) => hash));
    } catch (error) {
      // The read transaction itself failed: no row was read.
      for (const { reject } of lookups) reject(error);
      return;
    }
    // A miss may be a leaf another connection stored since the index was last brought up to date:
    // the index catches up once, and each miss is read again.
    let caughtUp: RowRead | boolean = false;
    if (reads.some((read) => 'row' in read && read.row === null)) {
      try {
        caughtUp = this.catchUpIndex();
      } catch (error) {
        caughtUp = { error };
      }
    }
    lookups.forEach(({ hash, resolve, reject }, i) => {
      let read = reads[i]!;
      if ('row' in read && read.row === null && caughtUp !== false) {
        read = caughtUp === true ? this.readRow(hash) : caughtUp;
      }
      if ('error' in read) reject(read.error);
      else resolve(read.row);
    });
  }

  /** `rowOf`, with an error caught as this lookup's alone. */
  private readRow(hash: Buffer): RowRead {
    try {
      return { row: this.rowOf(hash) };
    } catch (error) {
      return { error };
    }
  }

  /** The row of the leaf with this hash (each candidate confirmed by its row), or null. */
  private rowOf(hash: Buffer): LeafRow | null {
    for (const candidate of this.index.candidates(hash)) {
      const row = this.stmts.leafAt.get(candidate);
      if (row?.leaf_hash.equals(hash)) return row;
    }
    return null;
  }

  async leafAt(position: number): Promise<LeafRecord | null> {
    const row = this.stmts.leafAt.get(position);
    return row ? leafFromRow(row) : null;
  }

  async leavesFrom(fromPosition: number, limit: number): Promise<LeafRecord[]> {
    return this.stmts.leavesFrom.all(fromPosition, limit).map(leafFromRow);
  }

  async leafBytes(fromPosition: number, count: number): Promise<Uint8Array> {
    return this.readLeafBytes(fromPosition, count);
  }

  private readLeafBytes(fromPosition: number, count: number): Uint8Array {
    const hex = this.stmts.leafHex.get(fromPosition, fromPosition + count) ?? '';
    if (hex.length !== count * 64) {
      throw new Error(`expected ${count} leaves from position ${fromPosition}, found ${hex.length / 64}`);
    }
    return blobBytes(Buffer.from(hex, 'hex'));
  }

  async commitEvents(events: readonly NewEvent[], createdAt: string): Promise<CommitResult[]> {
    // One batch at a time: each looks its leaves up in an index that holds every earlier batch's.
    const run = this.commitTail.then(() => this.commitInTurn(events, createdAt));
    this.commitTail = run.catch(() => undefined);
    return run;
  }

  private async commitInTurn(events: readonly NewEvent[], createdAt: string): Promise<CommitResult[]> {
    // Malformed hex is refused here (RangeError), before anything is written.
    const hashes = events.map((event) => hashBytes(event.leafHex));
    const batch: LeafBatch = {
      events,
      knownPositions: hashes.map((hash) => this.rowOf(hash)?.position ?? null),
      indexedThrough: this.index.coveredThrough,
      createdAt,
    };
    const outcome: LeafBatchOutcome = this.commitThread
      ? await this.commitThread.commit(batch)
      : this.writer!.commit(batch);
    this.indexOutcome(batch, hashes, outcome);
    this.afterCommit();
    return outcome.results;
  }

  /** Adds a committed batch's new leaves to the index, or reads them back if others wrote between. */
  private indexOutcome(batch: LeafBatch, hashes: readonly Buffer[], outcome: LeafBatchOutcome): void {
    const created = outcome.results.flatMap((result, i) => (result.status === 'created' ? [i] : []));
    if (
      this.index.coveredThrough === batch.indexedThrough &&
      outcome.leafCount === batch.indexedThrough + created.length
    ) {
      // The usual case: the batch's new leaves took the next positions, in the batch's order.
      const bytes = new Uint8Array(created.length * 32);
      created.forEach((eventIndex, k) => bytes.set(hashes[eventIndex]!, k * 32));
      this.index.append(bytes, created.length);
    } else {
      this.catchUpIndex();
    }
  }

  async saveChunks(chunks: readonly TreeChunk[]): Promise<void> {
    if (chunks.length === 0) return;
    if (this.commitThread) return this.commitThread.saveChunks(chunks);
    this.writer!.saveChunks(chunks);
  }

  async loadChunks(): Promise<TreeChunk[]> {
    return this.stmts.allChunks
      .all()
      .map((row) => ({ level: row.level, index: row.chunk_index, bytes: blobBytes(row.bytes) }));
  }
}
