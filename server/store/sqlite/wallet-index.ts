/**
 * The wallet-link index: each wallet's links to leaves, keyed by wallet, in a SQLite file of its own
 * beside the database (WALLET_INDEX_FILE), derived from the database's link log.
 *
 * Commits append each link to `wallet_link_log` in the order they come (the table's last page), and
 * the log is the record of links. Lifecycle reads want a wallet's links together, and writing them
 * that way dirties pages all over an index keyed by wallet. Done in the database, those writes held
 * the one write lock every commit needs (merges of 16,384 links took 35–45 ms, up to 80 ms with
 * their checkpoint); in this file they take a lock of their own, on a thread of their own
 * (wallet-index-worker.ts), and without an fsync of their own: the index holds nothing the log does
 * not, and is rebuilt from it if lost or if it belongs to another copy of the database.
 *
 * `indexed_through` says how far into the log the index goes; readers take the index up to there
 * and the log after it (events.ts), so a link is readable from its commit on.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { preparePrivateDatabaseFile } from '../private-files.js';

/** The index's file in DATA_DIR, beside the database. */
export const WALLET_INDEX_FILE = 'zap1-wallets.sqlite';

/**
 * Links waiting in the log that make a catch-up due at once. A catch-up writes about two pages per
 * wallet it touches, however many links it carries, so it waits for many; readers scan the links
 * waiting (of 200,000 links of 1,000 wallets, a page of 100 takes 0.93 ms with 16,384 waiting
 * against 0.39 ms with none).
 */
export const LINK_INDEX_ROWS = 16_384;

/** The longest a link waits in the log when fewer than LINK_INDEX_ROWS are waiting. */
export const LINK_INDEX_DELAY_MS = 1_000;

/** How often the wallet-index thread looks at the log. */
export const INDEX_POLL_MS = 100;

/** Log rows taken per catch-up transaction (a rebuild takes many). */
const CATCH_UP_ROWS = 65_536;

/** The index's layout; a file of another version is emptied and rebuilt from the log. */
const INDEX_VERSION = 1;
const INDEX_SCHEMA = `
  CREATE TABLE wallet_links (
    wallet_hash TEXT NOT NULL,
    position    INTEGER NOT NULL,
    seq         INTEGER NOT NULL,   -- the link's row in the log
    key_id      TEXT,
    PRIMARY KEY (wallet_hash, position)
  ) WITHOUT ROWID;
  -- Every log row up to seq is in wallet_links; that row's link tells this database's log from another's.
  CREATE TABLE indexed_through (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    seq         INTEGER NOT NULL,
    wallet_hash TEXT,
    position    INTEGER
  );
  INSERT INTO indexed_through (id, seq) VALUES (1, 0);
`;

interface LoggedLink {
  seq: number;
  wallet_hash: string;
  position: number;
  key_id: string | null;
}

/** The connections an indexer needs: the index, written; the database, read. */
function openConnections(indexFile: string, eventsFile: string, busyTimeoutMs: number) {
  preparePrivateDatabaseFile(indexFile);
  const index = new Database(indexFile);
  index.pragma('journal_mode = WAL');
  // No fsync per catch-up: a catch-up lost in a power cut is redone from the log.
  index.pragma('synchronous = NORMAL');
  index.pragma(`busy_timeout = ${busyTimeoutMs}`);
  const events = new Database(eventsFile, { readonly: true });
  return { index, events };
}

/**
 * Keeps the index caught up with the log. One runs on the wallet-index thread, or on the store's
 * own thread when there is no commit thread; two on one file (two stores on one database) take
 * turns on its write lock and never index a link twice.
 */
export class WalletIndexer {
  private readonly stmts;

  /**
   * Opens (creating if needed) the index of the database `eventsFile`, emptying one that is not its
   * own. A file SQLite cannot read as a database is removed and made anew: it holds nothing the log
   * does not.
   */
  static open(indexFile: string, eventsFile: string, busyTimeoutMs: number): WalletIndexer {
    try {
      return WalletIndexer.openOnce(indexFile, eventsFile, busyTimeoutMs);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code !== 'SQLITE_NOTADB' && code !== 'SQLITE_CORRUPT') throw error;
      for (const file of [indexFile, `${indexFile}-wal`, `${indexFile}-shm`])
        fs.rmSync(file, { force: true });
      return WalletIndexer.openOnce(indexFile, eventsFile, busyTimeoutMs);
    }
  }

  private static openOnce(indexFile: string, eventsFile: string, busyTimeoutMs: number): WalletIndexer {
    const { index, events } = openConnections(indexFile, eventsFile, busyTimeoutMs);
    try {
      return new WalletIndexer(index, events);
    } catch (error) {
      index.close();
      events.close();
      throw error;
    }
  }

  private constructor(
    private readonly index: Database.Database,
    private readonly events: Database.Database,
  ) {
    this.ensureSchema();
    this.stmts = {
      through: index.prepare<[], { seq: number; wallet_hash: string | null; position: number | null }>(
        'SELECT seq, wallet_hash, position FROM indexed_through',
      ),
      setThrough: index.prepare<[number, string | null, number | null]>(
        'UPDATE indexed_through SET seq = ?, wallet_hash = ?, position = ?',
      ),
      forget: index.prepare('DELETE FROM wallet_links'),
      insert: index.prepare<[string, number, number, string | null]>(
        'INSERT OR IGNORE INTO wallet_links (wallet_hash, position, seq, key_id) VALUES (?, ?, ?, ?)',
      ),
      lastLogged: events.prepare<[], number | null>('SELECT MAX(seq) FROM wallet_link_log').pluck(),
      loggedAt: events.prepare<[number], { wallet_hash: string; position: number }>(
        'SELECT wallet_hash, position FROM wallet_link_log WHERE seq = ?',
      ),
      // The next `limit` rows after `through`, in wallet order, so each wallet's page is written
      // once for all its links in the chunk.
      chunkAfter: events.prepare<[{ through: number; limit: number }], LoggedLink>(
        `SELECT seq, wallet_hash, position, key_id FROM wallet_link_log
           WHERE seq > @through AND seq <= (
             SELECT MAX(seq) FROM (SELECT seq FROM wallet_link_log WHERE seq > @through ORDER BY seq LIMIT @limit))
           ORDER BY wallet_hash, position`,
      ),
    };
    this.forgetIfForeign();
  }

  /** Creates the tables, or empties a file of another layout to be rebuilt. */
  private ensureSchema(): void {
    this.index
      .transaction(() => {
        if (Number(this.index.pragma('user_version', { simple: true })) === INDEX_VERSION) return;
        this.index.exec('DROP TABLE IF EXISTS wallet_links; DROP TABLE IF EXISTS indexed_through;');
        this.index.exec(INDEX_SCHEMA);
        this.index.pragma(`user_version = ${INDEX_VERSION}`);
      })
      .immediate();
  }

  /**
   * Empties the index if the log's row at `indexed_through` is not the link it recorded there: the
   * database was replaced (a backup restored, another copied in), so the index is rebuilt from its log.
   */
  private forgetIfForeign(): void {
    this.index
      .transaction(() => {
        const through = this.stmts.through.get()!;
        if (through.seq === 0) return;
        const logged = this.stmts.loggedAt.get(through.seq);
        if (logged && logged.wallet_hash === through.wallet_hash && logged.position === through.position)
          return;
        this.stmts.forget.run();
        this.stmts.setThrough.run(0, null, null);
      })
      .immediate();
  }

  /** Links in the log the index does not hold yet. */
  waiting(): number {
    return (this.stmts.lastLogged.get() ?? 0) - this.stmts.through.get()!.seq;
  }

  /** Indexes the next chunk of the log in one transaction; returns how many links it took. */
  catchUp(limit = CATCH_UP_ROWS): number {
    return this.index
      .transaction((): number => {
        // Read under the index's write lock: another indexer cannot move it meanwhile.
        const through = this.stmts.through.get()!.seq;
        const chunk = this.stmts.chunkAfter.all({ through, limit });
        if (chunk.length === 0) return 0;
        let last = chunk[0]!;
        for (const link of chunk) {
          this.stmts.insert.run(link.wallet_hash, link.position, link.seq, link.key_id);
          if (link.seq > last.seq) last = link;
        }
        this.stmts.setThrough.run(last.seq, last.wallet_hash, last.position);
        return chunk.length;
      })
      .immediate();
  }

  /**
   * A catch-up if `dueRows` links are waiting. One that cannot run now (another indexer holds the
   * file) changed nothing and is left for later: readers find those links in the log meanwhile.
   */
  catchUpIfDue(dueRows: number): number {
    try {
      return this.waiting() >= dueRows ? this.catchUp() : 0;
    } catch {
      return 0;
    }
  }

  /** Closes both connections (again: nothing). */
  close(): void {
    if (this.index.open) this.index.close();
    if (this.events.open) this.events.close();
  }
}

/** A connection that reads the index (events.ts); the index is written by its indexer only. */
export function openWalletIndexReader(indexFile: string): Database.Database {
  const reader = new Database(indexFile);
  reader.pragma('query_only = ON');
  return reader;
}
