/**
 * The SQLite store (better-sqlite3): WAL with synchronous=FULL, so a committed transaction survives
 * a power cut or kill -9 (docs/architecture.md decision 9). One database file in DATA_DIR, and beside
 * it the wallet-link index derived from it (sqlite/wallet-index.ts); each concern of the store is its
 * own class over the same connection (server/store/sqlite/).
 */
import { SqliteEvidenceStore } from './sqlite/evidence.js';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SqliteAnchorStore } from './sqlite/anchors.js';
import { SqliteCommitThread } from './sqlite/commit-thread.js';
import { WAL_CHECKPOINT_PAGES } from './sqlite/commit-protocol.js';
import { SqliteEventLog } from './sqlite/events.js';
import { SqliteKeyStore } from './sqlite/keys.js';
import { SqliteLeafStore } from './sqlite/leaves.js';
import { MIGRATIONS } from './sqlite/migrations.js';
import {
  LINK_INDEX_ROWS,
  WALLET_INDEX_FILE,
  WalletIndexer,
  openWalletIndexReader,
} from './sqlite/wallet-index.js';
import { WalletIndexThread } from './sqlite/wallet-index-thread.js';
import { SqliteWebhookStore } from './sqlite/webhooks.js';
import { LocalSignals, MemoryLimitStore, SingleProcessLease } from './local-coordination.js';
import { ensurePrivateDir, preparePrivateDatabaseFile } from './private-files.js';
import type { AnchorStore, Store } from './store.js';

/** The database file in DATA_DIR. */
export const SQLITE_FILE = 'zap1.sqlite';

export interface SqliteStoreOptions {
  /** Clock for stored times (tests pin it). */
  now?: () => Date;
  /**
   * Commit accepted events on a worker thread with its own connection, so the disk's wait for a
   * durable commit never holds the event loop (the service does; tests mostly do not need to).
   */
  commitThread?: boolean;
  /** Wallet links waiting in the log that make the wallet-link index catch up (tests use a handful). */
  linkIndexRows?: number;
}

/**
 * How long a write waits for a lock another connection holds. Short: on the main thread the wait
 * blocks the event loop, and a lock held longer belongs to another process (answered 503). The
 * commit thread's transactions are this process's own and end within milliseconds.
 */
const BUSY_TIMEOUT_MS = 250;
/** How much of the database file reads may map (address space, not memory: the OS pages it in). */
const READ_MMAP_BYTES = 1024 ** 3;

/** Opens (creating if needed) the database in `dataDir` and applies pending migrations. */
export function openSqliteStore(dataDir: string, options: SqliteStoreOptions = {}): SqliteStore {
  ensurePrivateDir(dataDir);
  const file = path.join(dataDir, SQLITE_FILE);
  preparePrivateDatabaseFile(file);
  const thread = options.commitThread
    ? new SqliteCommitThread({ file, busyTimeoutMs: BUSY_TIMEOUT_MS })
    : null;
  return new SqliteStore(
    new Database(file),
    options.now ?? (() => new Date()),
    thread,
    options.linkIndexRows ?? LINK_INDEX_ROWS,
  );
}

export class SqliteStore implements Store {
  readonly leaves: SqliteLeafStore;
  readonly keys: SqliteKeyStore;
  readonly anchors: SqliteAnchorStore;
  readonly evidence: SqliteEvidenceStore;
  readonly events: SqliteEventLog;
  readonly webhooks: SqliteWebhookStore;
  // One process owns a SQLite database: limits, the lease and signals stay in its memory.
  readonly limits = new MemoryLimitStore();
  readonly lease = new SingleProcessLease();
  readonly signals = new LocalSignals();
  readonly kind = 'sqlite';
  private readonly pingStmt;
  /** Keeps the wallet-link index caught up: a thread beside the commit thread, or this connection's own indexer. */
  private readonly indexThread: WalletIndexThread | null = null;
  private readonly indexer: WalletIndexer | null = null;
  private readonly indexReader: Database.Database;

  /** `linkIndexRows`: see SqliteStoreOptions. */
  constructor(
    private readonly db: Database.Database,
    now: () => Date,
    private readonly commitThread: SqliteCommitThread | null,
    linkIndexRows: number,
  ) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    // Opening may wait for another process (this is start-up, nothing is being served yet)...
    db.pragma('busy_timeout = 5000');
    migrate(db);
    // ...but once serving, a lock held elsewhere must barely block the event loop: better-sqlite3
    // is synchronous, so a wait here stalls every request. Without a commit thread nothing else in
    // this process writes: fail at once. With one, wait out its short transactions; callers answer 503.
    db.pragma(`busy_timeout = ${commitThread ? BUSY_TIMEOUT_MS : 0}`);
    // With a commit thread, checkpoints are its work (a checkpoint here would copy pages on the event
    // loop). This connection's own writes (keys, anchors, webhook cursors) checkpoint only if the
    // WAL grows twice as far, which happens only when no events are committed, and then the WAL
    // holds few distinct pages to copy.
    if (commitThread) db.pragma(`wal_autocheckpoint = ${2 * WAL_CHECKPOINT_PAGES}`);
    // Reads map the database file instead of copying each page through a system call: a first
    // proof reads a leaf's row at random among millions, mostly a page SQLite's own cache lacks.
    db.pragma(`mmap_size = ${READ_MMAP_BYTES}`);
    // The index is made current (emptied, if it is another database's) before anything reads it.
    const indexFile = path.join(path.dirname(db.name), WALLET_INDEX_FILE);
    const indexer = WalletIndexer.open(indexFile, db.name, BUSY_TIMEOUT_MS);
    let afterCommit: () => void;
    if (commitThread) {
      const behind = indexer.waiting() > 0;
      indexer.close();
      const thread = new WalletIndexThread({
        indexFile,
        eventsFile: db.name,
        busyTimeoutMs: BUSY_TIMEOUT_MS,
        dueRows: linkIndexRows,
      });
      afterCommit = () => thread.ensureRunning();
      // An index behind the log (rebuilt, or the last links of the previous run) catches up now,
      // not at the first commit: until it does, lifecycle reads scan what it lacks.
      if (behind) thread.ensureRunning();
      this.indexThread = thread;
    } else {
      afterCommit = () => indexer.catchUpIfDue(linkIndexRows);
      this.indexer = indexer;
    }
    this.indexReader = openWalletIndexReader(indexFile);
    this.leaves = new SqliteLeafStore(db, commitThread, afterCommit);
    this.keys = new SqliteKeyStore(db);
    this.anchors = new SqliteAnchorStore(db, now);
    this.evidence = new SqliteEvidenceStore(db, (anchorId) => this.anchors.rootChanged(anchorId));
    this.events = new SqliteEventLog(db, this.indexReader);
    this.webhooks = new SqliteWebhookStore(db);
    this.pingStmt = db.prepare<[], { ok: number }>('SELECT 1 AS ok');
  }

  /** No other instance can hold the lease, so every write of this process is the anchorer's. */
  fencedAnchors(): AnchorStore {
    return this.anchors;
  }

  async ping(): Promise<void> {
    if (this.pingStmt.get()?.ok !== 1) throw new Error('store ping failed');
  }

  async close(): Promise<void> {
    // Lookups asked for just before are read while the database is still open.
    if (this.db.open) this.leaves.settlePendingLookups();
    await this.commitThread?.close();
    await this.indexThread?.close();
    this.indexer?.close();
    if (this.indexReader.open) this.indexReader.close();
    if (this.db.open) this.db.close();
  }
}

/**
 * Applies the migrations not yet applied, each in its own transaction; `user_version` counts them.
 * Foreign keys are off meanwhile, so a migration can rebuild a table others refer to (SQLite's
 * way to change a constraint); each migration checks them before it commits.
 */
function migrate(db: Database.Database): void {
  const version = Number(db.pragma('user_version', { simple: true }));
  if (version > MIGRATIONS.length) {
    throw new Error(`database schema version ${version} is newer than this service (${MIGRATIONS.length})`);
  }
  if (version === MIGRATIONS.length) return;
  db.pragma('foreign_keys = OFF');
  try {
    for (let v = version; v < MIGRATIONS.length; v++) {
      db.transaction(() => {
        db.exec(MIGRATIONS[v]!);
        const broken = db.pragma('foreign_key_check') as unknown[];
        if (broken.length > 0)
          throw new Error(`migration ${v + 1} leaves ${broken.length} broken references`);
        db.pragma(`user_version = ${v + 1}`);
      })();
    }
  } finally {
    db.pragma('foreign_keys = ON');
  }
}
