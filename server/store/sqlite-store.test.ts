import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempStore, removeTempStore, tempDir } from '../test-helpers.js';
import { WAL_CHECKPOINT_PAGES } from './sqlite/commit-protocol.js';
import { MIGRATIONS } from './sqlite/migrations.js';
import { SqliteLeafWriter } from './sqlite/leaf-writer.js';
import type { NewEvent } from './store.js';
import { SQLITE_FILE, SqliteStore, openSqliteStore } from './sqlite-store.js';
import { describeCoordinationContract } from './coordination-contract.js';
import { describeStoreContract, testEvent, testLeaf, type StoreHarness } from './store-contract.js';

/** Where each store the contract opened lives, so reopen and destroy find its folder. */
const dirs = new WeakMap<object, string>();

/**
 * The contract on SQLite, committing on the event loop or on the commit thread (as the service
 * does); `linkMergeRows` small, so wallet links move from the log to wallet_links between its steps.
 */
const sqliteHarness = (commitThread: boolean, linkMergeRows?: number): StoreHarness => ({
  async open() {
    const dir = tempDir();
    const store = openSqliteStore(dir, { commitThread, linkMergeRows });
    dirs.set(store, dir);
    return store;
  },
  async reopen(store) {
    const dir = dirs.get(store)!;
    await store.close();
    const reopened = openSqliteStore(dir, { commitThread, linkMergeRows });
    dirs.set(reopened, dir);
    return reopened;
  },
  async destroy(store) {
    const dir = dirs.get(store);
    if (dir && store instanceof SqliteStore) await removeTempStore(dir, store);
  },
});
describeStoreContract('SQLite', sqliteHarness(false));
describeCoordinationContract('SQLite', sqliteHarness(false));
describeStoreContract('SQLite with the commit thread', sqliteHarness(true));
describeStoreContract('SQLite merging wallet links every 2', sqliteHarness(false, 2));
describeStoreContract('SQLite with the commit thread, merging wallet links every 3', sqliteHarness(true, 3));

describe('SQLite store on disk', () => {
  let dir: string;
  let store: SqliteStore;
  beforeEach(() => {
    ({ dir, store } = openTempStore());
  });
  afterEach(() => removeTempStore(dir, store));

  it('upgrades a version-1 database: an attempt in flight keeps its state and gains an empty send time', async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir);
    const db = new Database(path.join(dir, SQLITE_FILE));
    db.exec(MIGRATIONS[0]!);
    db.pragma('user_version = 1');
    db.prepare(
      "INSERT INTO anchors (root_hash, leaf_count, state, created_at, updated_at) VALUES (?, 1, 'pending', 't', 't')",
    ).run('a'.repeat(64));
    db.close();
    store = openSqliteStore(dir);
    expect(await store.anchors.inFlightAnchor()).toMatchObject({
      id: 1,
      state: 'pending',
      sendStartedAt: null,
    });
    const started = await store.anchors.markSendStarted(1, '2026-01-01T00:00:00.000Z');
    expect(started.sendStartedAt).toBe('2026-01-01T00:00:00.000Z');
    const check = new Database(path.join(dir, SQLITE_FILE), { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    check.close();
  });

  it('upgrades a version-6 database: leaves keep their positions and links, and are found by hash without the old index', async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir);
    const db = new Database(path.join(dir, SQLITE_FILE));
    for (const migration of MIGRATIONS.slice(0, 6)) db.exec(migration);
    db.pragma('user_version = 6');
    const insertLeaf = db.prepare(
      "INSERT INTO leaves (position, leaf_hash, event_type, wallet_hash, serial_number, created_at) VALUES (?, ?, 3, 'w_old', ?, 't')",
    );
    const link = db.prepare(
      "INSERT INTO wallet_links (wallet_hash, position, created_at) VALUES ('w_old', ?, 't')",
    );
    for (let n = 1; n <= 3; n++) {
      insertLeaf.run(n, Buffer.from(testLeaf(n), 'hex'), `S${n}`);
      link.run(n);
    }
    db.close();
    store = openSqliteStore(dir);
    const check = new Database(path.join(dir, SQLITE_FILE), { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    // Only the by-type index is left on the table; the references to it still hold.
    expect((check.pragma('index_list(leaves)') as { name: string }[]).map((i) => i.name)).toEqual([
      'leaves_by_type',
    ]);
    expect(check.pragma('foreign_key_check')).toEqual([]);
    check.close();
    expect(await store.leaves.leafByHash(testLeaf(2))).toMatchObject({ position: 2, serialNumber: 'S2' });
    expect((await store.events.walletLeaves('w_old', { limit: 10 })).total).toBe(3);
    expect(await store.leaves.commitEvents([testEvent(3), testEvent(4)], '2026-01-01T00:00:00.000Z')).toEqual(
      [
        { status: 'exists', position: 3 },
        { status: 'created', position: 4 },
      ],
    );
  });

  it('refuses a database written by a newer version of the service', async () => {
    await store.close();
    const db = new Database(path.join(dir, SQLITE_FILE));
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    db.close();
    expect(() => openSqliteStore(dir)).toThrow(/newer than this service/);
    store = openSqliteStore(path.join(dir, 'fresh'));
  });
});

describe('SQLite store: wallet links, logged then merged', () => {
  for (const commitThread of [false, true]) {
    it(`reads a wallet the same whichever table holds its links${commitThread ? ' (commit thread)' : ''}`, async () => {
      const dir = tempDir();
      const store = openSqliteStore(dir, { commitThread, linkMergeRows: 4 });
      const db = new Database(path.join(dir, SQLITE_FILE), { readonly: true });
      const logged = () => db.prepare('SELECT COUNT(*) AS n FROM wallet_link_log').get() as { n: number };
      try {
        const at = '2026-01-01T00:00:00.000Z';
        const expected: number[] = [];
        for (let n = 1; n <= 11; n++) {
          // Every leaf is linked to "shared"; every third is sent again by "shared" (already linked).
          const events = [testEvent(n, { walletHash: 'shared' }), testEvent(n, { walletHash: `own${n}` })];
          if (n % 3 === 0) events.push(testEvent(n - 1, { walletHash: 'shared' }));
          await store.leaves.commitEvents(events, at);
          expected.push(n);
          const all = await store.events.walletLeaves('shared', { limit: 100 });
          expect(all.leaves.map((l) => l.position)).toEqual(expected);
          expect(all.total).toBe(n);
          // Paged from the middle, across both tables.
          const page = await store.events.walletLeaves('shared', { limit: 2, after: Math.floor(n / 2) });
          expect(page.leaves.map((l) => l.position)).toEqual(
            expected.slice(Math.floor(n / 2), Math.floor(n / 2) + 2),
          );
          expect(page.nextAfter).toBe(n - Math.floor(n / 2) > 2 ? page.leaves[1]!.position : null);
          expect(logged().n).toBeLessThan(4 + 3);
        }
        // A merge ran (the log never kept all 22 links) and a reopened store reads the same.
        const reopened = openSqliteStore(dir, { commitThread, linkMergeRows: 4 });
        expect((await reopened.events.walletLeaves('shared', { limit: 100 })).total).toBe(11);
        expect((await reopened.events.walletLeaves('own7', { limit: 100 })).leaves).toHaveLength(1);
        await reopened.close();
      } finally {
        db.close();
        await removeTempStore(dir, store);
      }
    });
  }
});

describe('SqliteLeafWriter merging links', () => {
  /** Runs `check` on a connection to a freshly migrated database, then removes it. */
  const withMigratedDatabase = async (check: (db: Database.Database) => void) => {
    const dir = tempDir();
    await openSqliteStore(dir).close();
    const db = new Database(path.join(dir, SQLITE_FILE));
    try {
      check(db);
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  const count = (db: Database.Database, table: string) =>
    (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  const at = '2026-01-01T00:00:00.000Z';

  it('moves every logged link and turns foreign keys back on after the merge', async () => {
    await withMigratedDatabase((db) => {
      db.pragma('foreign_keys = ON');
      const writer = new SqliteLeafWriter(db, 3);
      const batch = (events: NewEvent[], indexedThrough: number) =>
        writer.commit({ events, knownPositions: events.map(() => null), indexedThrough, createdAt: at });
      batch([testEvent(1), testEvent(2)], 0);
      expect(writer.mergeLinksIfDue()).toBe(0); // 2 logged, under 3
      batch([testEvent(3)], 2);
      expect(writer.mergeLinksIfDue()).toBe(3);
      expect([count(db, 'wallet_links'), count(db, 'wallet_link_log')]).toEqual([3, 0]);
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    });
  });

  it('is due after so many links, or after links of so many wallets, also as a new writer finds the log', async () => {
    await withMigratedDatabase((db) => {
      let stored = 0;
      const link = (writer: SqliteLeafWriter, walletHash: string) => {
        stored++;
        writer.commit({
          events: [testEvent(stored, { walletHash })],
          knownPositions: [null],
          indexedThrough: stored - 1,
          createdAt: at,
        });
      };
      // At most 5 links or 3 wallets.
      const writer = new SqliteLeafWriter(db, 5, 3);
      for (let i = 0; i < 4; i++) link(writer, 'busy');
      link(writer, 'second');
      // 5 links of 2 wallets: due by the links.
      expect(writer.mergeLinksIfDue()).toBe(5);
      link(writer, 'busy');
      link(writer, 'second');
      expect(writer.mergeLinksIfDue()).toBe(0); // 2 links of 2 wallets
      link(writer, 'third');
      // A writer opened now counts the wallets already in the log: 3, so due by the wallets.
      expect(new SqliteLeafWriter(db, 5, 3).mergeLinksIfDue()).toBe(3);
      expect(writer.mergeLinksIfDue()).toBe(0); // nothing left to merge
      expect([count(db, 'wallet_links'), count(db, 'wallet_link_log')]).toEqual([8, 0]);
    });
  });
});

describe('SQLite store: two connections on one file', () => {
  // One process owns a database, but if another wrote to it, a leaf must still be stored once.
  for (const commitThread of [false, true]) {
    it(`finds the other's leaves and never stores one twice${commitThread ? ' (commit thread)' : ''}`, async () => {
      const dir = tempDir();
      const first = openSqliteStore(dir, { commitThread });
      const second = openSqliteStore(dir, { commitThread });
      try {
        const at = '2026-01-01T00:00:00.000Z';
        expect(await first.leaves.commitEvents([testEvent(1), testEvent(2)], at)).toEqual([
          { status: 'created', position: 1 },
          { status: 'created', position: 2 },
        ]);
        // The second store's index was built before those leaves: it learns them from the table.
        expect(await second.leaves.leafByHash(testLeaf(2))).toMatchObject({ position: 2 });
        expect(await second.leaves.commitEvents([testEvent(1), testEvent(3), testEvent(3)], at)).toEqual([
          { status: 'exists', position: 1 },
          { status: 'created', position: 3 },
          { status: 'exists', position: 3 },
        ]);
        expect(await first.leaves.commitEvents([testEvent(3), testEvent(4)], at)).toEqual([
          { status: 'exists', position: 3 },
          { status: 'created', position: 4 },
        ]);
        expect(await second.leaves.leafByHash(testLeaf(4))).toMatchObject({ position: 4 });
        expect(await first.leaves.leafCount()).toBe(4);
      } finally {
        await second.close();
        await removeTempStore(dir, first);
      }
    });
  }
});

describe('SQLite store with the commit thread', () => {
  it('checkpoints its WAL: a busy service does not fill the disk with it', async () => {
    const dir = tempDir();
    const store = openSqliteStore(dir, { commitThread: true });
    try {
      const wal = path.join(dir, `${SQLITE_FILE}-wal`);
      const reader = new Database(path.join(dir, SQLITE_FILE), { readonly: true });
      const pageSize = Number(reader.pragma('page_size', { simple: true }));
      reader.close();
      let largest = 0;
      // Small commits, as under load from many clients: each writes every page it touched (its
      // wallets' link pages, the table's last page) into the WAL again, well over twice the
      // checkpoint interval in all.
      for (let batch = 0; batch < 2_000; batch++) {
        const events = Array.from({ length: 20 }, (_, i) => ({
          leafHex: randomBytes(32).toString('hex'),
          eventType: 0x01,
          walletHash: `wallet_${(batch * 20 + i) % 997}`,
          serialNumber: `SN-${batch}-${i}`,
          timestamp: null,
          trialKeyHash: null,
          keyId: 'operator',
        }));
        const results = await store.leaves.commitEvents(events, new Date().toISOString());
        expect(results.every((r) => r.status === 'created')).toBe(true);
        largest = Math.max(largest, fs.statSync(wal).size);
      }
      expect(await store.leaves.leafCount()).toBe(40_000);
      // Never much more than one checkpoint interval (plus the batch that crossed it).
      expect(largest).toBeGreaterThan(0);
      expect(largest).toBeLessThan(1.25 * WAL_CHECKPOINT_PAGES * (pageSize + 24));
    } finally {
      await removeTempStore(dir, store);
    }
  });
});

describe('SQLite store files', () => {
  it('creates the data folder 0700 and the database with its WAL files 0600, and tightens an older 0644 file', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'zap1-perm-'));
    const dataDir = path.join(parent, 'data', 'nested');
    const modeOf = (file: string): number => fs.statSync(file).mode & 0o777;
    try {
      const store = openSqliteStore(dataDir);
      await store.ping();
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(path.join(parent, 'data'))).toBe(0o700);
      const file = path.join(dataDir, SQLITE_FILE);
      expect(modeOf(file)).toBe(0o600);
      // WAL mode made its companions; they must be no wider than the database.
      expect(modeOf(`${file}-wal`)).toBe(0o600);
      expect(modeOf(`${file}-shm`)).toBe(0o600);
      await store.close();

      fs.chmodSync(file, 0o644);
      const reopened = openSqliteStore(dataDir);
      expect(modeOf(file)).toBe(0o600);
      await reopened.close();
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});
