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
import { WALLET_INDEX_FILE, WalletIndexer } from './sqlite/wallet-index.js';
import { SQLITE_FILE, SqliteStore, openSqliteStore } from './sqlite-store.js';
import { describeCoordinationContract } from './coordination-contract.js';
import { describeStoreContract, testEvent, testLeaf, type StoreHarness } from './store-contract.js';
import { describeEvidenceContract } from './store-contract-evidence.js';
import { describeSpendContract } from './store-contract-spend.js';
import { describeWalletContract } from './store-contract-wallets.js';

/** Where each store the contract opened lives, so reopen and destroy find its folder. */
const dirs = new WeakMap<object, string>();

/**
 * The contract on SQLite, committing on the event loop or on the commit thread (as the service
 * does); `linkIndexRows` small, so the wallet-link index takes links from the log between its steps.
 */
const sqliteHarness = (commitThread: boolean, linkIndexRows?: number): StoreHarness => ({
  async open() {
    const dir = tempDir();
    const store = openSqliteStore(dir, { commitThread, linkIndexRows });
    dirs.set(store, dir);
    return store;
  },
  async reopen(store) {
    const dir = dirs.get(store)!;
    await store.close();
    const reopened = openSqliteStore(dir, { commitThread, linkIndexRows });
    dirs.set(reopened, dir);
    return reopened;
  },
  async destroy(store) {
    const dir = dirs.get(store);
    if (dir && store instanceof SqliteStore) await removeTempStore(dir, store);
  },
});
for (const [name, harness] of [
  ['SQLite', sqliteHarness(false)],
  ['SQLite with the commit thread', sqliteHarness(true)],
  ['SQLite indexing wallet links every 2', sqliteHarness(false, 2)],
  ['SQLite with the commit thread, indexing wallet links every 3', sqliteHarness(true, 3)],
] as const) {
  describeStoreContract(name, harness);
  describeWalletContract(name, harness);
  describeEvidenceContract(name, harness);
  describeSpendContract(name, harness);
}
describeCoordinationContract('SQLite', sqliteHarness(false));

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

/** How far the wallet-link index in `dir` goes into the log, and how far the log goes. */
function indexProgress(dir: string): { indexed: number; logged: number } {
  const index = new Database(path.join(dir, WALLET_INDEX_FILE), { readonly: true });
  const db = new Database(path.join(dir, SQLITE_FILE), { readonly: true });
  try {
    const indexed = index.prepare('SELECT seq FROM indexed_through').pluck().get() as number;
    const logged = (db.prepare('SELECT MAX(seq) FROM wallet_link_log').pluck().get() as number | null) ?? 0;
    return { indexed, logged };
  } finally {
    index.close();
    db.close();
  }
}

/** Waits (up to 10 s) until the index in `dir` goes `links` rows into the log; the progress then. */
async function indexedAtLeast(dir: string, links: number): Promise<{ indexed: number; logged: number }> {
  const deadline = Date.now() + 10_000;
  let progress = indexProgress(dir);
  while (progress.indexed < links && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    progress = indexProgress(dir);
  }
  return progress;
}

describe('SQLite store: wallet links, logged then indexed', () => {
  for (const commitThread of [false, true]) {
    it(`reads a wallet the same wherever its links are${commitThread ? ' (the index on its own thread)' : ''}`, async () => {
      const dir = tempDir();
      const store = openSqliteStore(dir, { commitThread, linkIndexRows: 4 });
      try {
        const at = '2026-01-01T00:00:00.000Z';
        const expected: number[] = [];
        const readsAll = async (reader: SqliteStore) => {
          const all = await reader.events.walletLeaves('shared', { limit: 100 });
          expect(all.leaves.map((l) => l.position)).toEqual(expected);
          expect(all.total).toBe(expected.length);
        };
        for (let n = 1; n <= 11; n++) {
          // Every leaf is linked to "shared"; every third is sent again by "shared" (already linked).
          const events = [testEvent(n, { walletHash: 'shared' }), testEvent(n, { walletHash: `own${n}` })];
          if (n % 3 === 0) events.push(testEvent(n - 1, { walletHash: 'shared' }));
          await store.leaves.commitEvents(events, at);
          expected.push(n);
          await readsAll(store);
          // Paged from the middle, across the index and the log.
          const page = await store.events.walletLeaves('shared', { limit: 2, after: Math.floor(n / 2) });
          expect(page.leaves.map((l) => l.position)).toEqual(
            expected.slice(Math.floor(n / 2), Math.floor(n / 2) + 2),
          );
          expect(page.nextAfter).toBe(n - Math.floor(n / 2) > 2 ? page.leaves[1]!.position : null);
          // On this thread, the index catches up after the commit that leaves 4 links waiting.
          if (!commitThread) {
            const { indexed, logged } = indexProgress(dir);
            expect(logged - indexed).toBeLessThan(4);
          }
        }
        // 22 links, once each: the repeated events linked nothing new.
        expect(indexProgress(dir).logged).toBe(22);
        // The thread catches up on its own: at once with 4 waiting, and the last few within a second.
        if (commitThread) await indexedAtLeast(dir, 22);
        expect(indexProgress(dir).indexed).toBeGreaterThanOrEqual(commitThread ? 22 : 20);
        await readsAll(store);
        // A reopened store reads the same.
        const reopened = openSqliteStore(dir, { commitThread, linkIndexRows: 4 });
        await readsAll(reopened);
        expect((await reopened.events.walletLeaves('own7', { limit: 100 })).leaves).toHaveLength(1);
        await reopened.close();
      } finally {
        await removeTempStore(dir, store);
      }
    });
  }

  it('catches up an index left behind the log when the store opens, before any commit (commit thread)', async () => {
    const dir = tempDir();
    const at = '2026-01-01T00:00:00.000Z';
    let store = openSqliteStore(dir, { linkIndexRows: 1_000 });
    try {
      await store.leaves.commitEvents(
        [1, 2, 3].map((n) => testEvent(n, { walletHash: 'behind' })),
        at,
      );
      await store.close();
      expect(indexProgress(dir)).toEqual({ indexed: 0, logged: 3 });
      store = openSqliteStore(dir, { commitThread: true });
      expect(await indexedAtLeast(dir, 3)).toEqual({ indexed: 3, logged: 3 });
      expect((await store.events.walletLeaves('behind', { limit: 10 })).total).toBe(3);
    } finally {
      await removeTempStore(dir, store);
    }
  });

  it('rebuilds an index that belongs to another database, one lost and one unreadable, before reading it', async () => {
    const dir = tempDir();
    const other = tempDir();
    const at = '2026-01-01T00:00:00.000Z';
    try {
      // Two databases whose logs differ from the first link on.
      for (const [folder, wallet] of [
        [dir, 'mine'],
        [other, 'theirs'],
      ] as const) {
        const store = openSqliteStore(folder, { linkIndexRows: 1 });
        await store.leaves.commitEvents(
          [testEvent(1, { walletHash: wallet }), testEvent(2, { walletHash: wallet })],
          at,
        );
        await store.close();
        expect(indexProgress(folder).indexed).toBe(2);
      }
      // The other database's index copied beside this one (a backup restored without its index, say).
      fs.copyFileSync(path.join(other, WALLET_INDEX_FILE), path.join(dir, WALLET_INDEX_FILE));
      let store = openSqliteStore(dir);
      expect(indexProgress(dir).indexed).toBe(0);
      expect((await store.events.walletLeaves('mine', { limit: 10 })).total).toBe(2);
      expect((await store.events.walletLeaves('theirs', { limit: 10 })).total).toBe(0);
      await store.close();
      fs.rmSync(path.join(dir, WALLET_INDEX_FILE));
      store = openSqliteStore(dir);
      expect((await store.events.walletLeaves('mine', { limit: 10 })).leaves.map((l) => l.position)).toEqual([
        1, 2,
      ]);
      await store.close();
      // Not a database at all (a disk fault, a stray copy): made anew, and the store still opens.
      fs.writeFileSync(path.join(dir, WALLET_INDEX_FILE), 'not a database '.repeat(500));
      store = openSqliteStore(dir);
      expect((await store.events.walletLeaves('mine', { limit: 10 })).total).toBe(2);
      await store.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('WalletIndexer', () => {
  const at = '2026-01-01T00:00:00.000Z';

  /**
   * Runs `check` on a migrated database in a fresh folder with one leaf logged per entry of
   * `wallets` (linked to that wallet), given a way to open indexers on it and a connection to the index.
   */
  const withLoggedLinks = async (
    wallets: string[],
    check: (indexer: () => WalletIndexer, index: Database.Database) => void,
  ) => {
    const dir = tempDir();
    await openSqliteStore(dir).close();
    const db = new Database(path.join(dir, SQLITE_FILE));
    const writer = new SqliteLeafWriter(db);
    wallets.forEach((walletHash, i) =>
      writer.commit({
        events: [testEvent(i + 1, { walletHash })],
        knownPositions: [null],
        indexedThrough: i,
        createdAt: at,
      }),
    );
    const opened: WalletIndexer[] = [];
    const indexer = () => {
      opened.push(WalletIndexer.open(path.join(dir, WALLET_INDEX_FILE), path.join(dir, SQLITE_FILE), 250));
      return opened[opened.length - 1]!;
    };
    const index = new Database(path.join(dir, WALLET_INDEX_FILE));
    try {
      check(indexer, index);
    } finally {
      for (const each of opened) each.close();
      index.close();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  const indexed = (index: Database.Database) =>
    index.prepare('SELECT wallet_hash, position, seq FROM wallet_links ORDER BY wallet_hash, position').all();

  it('takes the log in chunks, each link once, and counts what waits', async () => {
    await withLoggedLinks(['b', 'a', 'b', 'c', 'a'], (indexer, index) => {
      const first = indexer();
      expect(first.waiting()).toBe(5);
      expect(first.catchUpIfDue(6)).toBe(0); // 5 waiting, under 6
      expect(first.catchUp(2)).toBe(2);
      expect(first.waiting()).toBe(3);
      // A second indexer on the same file goes on from there.
      expect(indexer().catchUp()).toBe(3);
      expect(first.catchUp()).toBe(0);
      expect(first.waiting()).toBe(0);
      expect(indexed(index)).toEqual([
        { wallet_hash: 'a', position: 2, seq: 2 },
        { wallet_hash: 'a', position: 5, seq: 5 },
        { wallet_hash: 'b', position: 1, seq: 1 },
        { wallet_hash: 'b', position: 3, seq: 3 },
        { wallet_hash: 'c', position: 4, seq: 4 },
      ]);
    });
  });

  it('empties and rebuilds an index of another layout', async () => {
    await withLoggedLinks(['a', 'b'], (indexer, index) => {
      indexer().catchUp();
      index.pragma('user_version = 99');
      const reopened = indexer();
      expect(reopened.waiting()).toBe(2);
      expect(index.pragma('user_version', { simple: true })).toBe(1);
      expect(reopened.catchUp()).toBe(2);
      expect(indexed(index)).toHaveLength(2);
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

describe('SQLite store: lookups asked for together', () => {
  it('answers each as it would alone: leaves written elsewhere, misses and malformed hashes among them', async () => {
    const dir = tempDir();
    const writer = openSqliteStore(dir);
    const reader = openSqliteStore(dir);
    try {
      const at = '2026-01-01T00:00:00.000Z';
      await reader.leaves.commitEvents([testEvent(1)], at);
      // Written through another connection: the reader's index learns them when one is missed.
      await writer.leaves.commitEvents([testEvent(2), testEvent(3)], at);
      const asked = [testLeaf(3), testLeaf(9), testLeaf(1), 'not hex', testLeaf(2), testLeaf(9), testLeaf(3)];
      const outcomes = await Promise.allSettled(asked.map((leaf) => reader.leaves.leafByHash(leaf)));
      expect(
        outcomes.map((outcome) =>
          outcome.status === 'fulfilled' ? (outcome.value?.position ?? null) : 'refused',
        ),
      ).toEqual([3, null, 1, 'refused', 2, null, 3]);
      expect(outcomes[0]).toMatchObject({
        value: { leafHex: testLeaf(3), serialNumber: testEvent(3).serialNumber },
      });
    } finally {
      await reader.close();
      await removeTempStore(dir, writer);
    }
  });
});

describe('SQLite store: a lookup asked for just before the store closes', () => {
  for (const commitThread of [false, true]) {
    it(`is read before the database closes${commitThread ? ' (commit thread)' : ''}`, async () => {
      const dir = tempDir();
      const store = openSqliteStore(dir, { commitThread });
      try {
        await store.leaves.commitEvents([testEvent(1)], '2026-01-01T00:00:00.000Z');
        const asked = store.leaves.leafByHash(testLeaf(1));
        await store.close();
        expect(await asked).toMatchObject({ position: 1, leafHex: testLeaf(1) });
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
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
