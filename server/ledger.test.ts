import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MerkleTree } from 'zap1';
import { merkleRoot } from 'zap1/testing';
import { Ledger, type SubmitResult } from './ledger.js';
import { openSqliteStore, type SqliteStore } from './store/sqlite-store.js';
import type { NewEvent } from './store/store.js';
import { openTempStore, removeTempStore } from './test-helpers.js';

const leaf = (n: number): string => (n + 1).toString(16).padStart(64, '0');
const event = (n: number): NewEvent => ({
  leafHex: leaf(n),
  eventType: 3,
  walletHash: `w${n}`,
  serialNumber: null,
  timestamp: null,
  trialKeyHash: null,
  keyId: 'operator',
});

let dir: string;
let store: SqliteStore;
beforeEach(() => {
  ({ dir, store } = openTempStore());
});
afterEach(() => removeTempStore(dir, store));

async function fill(ledger: Ledger, from: number, count: number): Promise<void> {
  await Promise.all(Array.from({ length: count }, (_, i) => ledger.submit(event(from + i))));
}

describe('Ledger', () => {
  it('groups concurrent submissions into few transactions and answers each with a root containing it', async () => {
    const ledger = await Ledger.open(store);
    let commits = 0;
    const original = store.leaves.commitEvents.bind(store.leaves);
    store.leaves.commitEvents = (events, createdAt) => {
      commits++;
      return original(events, createdAt);
    };
    const results = await Promise.all(Array.from({ length: 500 }, (_, i) => ledger.submit(event(i))));
    expect(commits).toBeLessThanOrEqual(2);
    expect(results.map((r) => r.status === 'created' && r.position)).toEqual(
      Array.from({ length: 500 }, (_, i) => i + 1),
    );
    expect(ledger.tree.root()).toBe(merkleRoot(Array.from({ length: 500 }, (_, i) => leaf(i))));
    expect(results[0]!.rootHex).toBe(ledger.tree.root());
  });

  it('leaves the tree untouched and rejects the batch when the commit fails', async () => {
    const ledger = await Ledger.open(store);
    await fill(ledger, 0, 3);
    const rootBefore = ledger.tree.root();
    store.leaves.commitEvents = () => Promise.reject(new Error('disk full'));
    await expect(ledger.submit(event(10))).rejects.toThrow('disk full');
    expect(ledger.size).toBe(3);
    expect(ledger.tree.root()).toBe(rootBefore);
  });

  /**
   * Holds the store's first commit until `end` is called (then it fails with `error` if given,
   * else commits); later commits run at once. `seen` hears every commit asked for, numbered.
   */
  function holdFirstCommit(seen: (call: number, events: readonly NewEvent[]) => void = () => undefined) {
    const original = store.leaves.commitEvents.bind(store.leaves);
    let end: (error?: Error) => void = () => undefined;
    const ended = new Promise<Error | undefined>((resolve) => (end = resolve));
    let calls = 0;
    store.leaves.commitEvents = async (events, createdAt) => {
      const call = ++calls;
      seen(call, events);
      if (call === 1) {
        const error = await ended;
        if (error) throw error;
      }
      return original(events, createdAt);
    };
    return end;
  }
  const inCommit = () => new Promise((resolve) => setImmediate(resolve));

  it('sends what arrived during a commit to the store before answering the committed batch', async () => {
    const ledger = await Ledger.open(store);
    const order: string[] = [];
    const release = holdFirstCommit((call, events) =>
      order.push(`commit ${call}: ${events.map((e) => e.walletHash).join(' ')}`),
    );
    const answered = (n: number) => (result: SubmitResult) => {
      order.push(`answered w${n}`);
      return result;
    };
    const first = ledger.submit(event(0)).then(answered(0));
    await inCommit(); // the first batch is in its commit
    const later = [1, 2].map((n) => ledger.submit(event(n)).then(answered(n)));
    release();
    const results = await Promise.all([first, ...later]);
    expect(order).toEqual(['commit 1: w0', 'commit 2: w1 w2', 'answered w0', 'answered w1', 'answered w2']);
    expect(results.map((r) => r.status === 'created' && r.position)).toEqual([1, 2, 3]);
    expect(results[2]!.rootHex).toBe(merkleRoot([leaf(0), leaf(1), leaf(2)]));
    expect(ledger.tree.root()).toBe(results[2]!.rootHex);
  });

  it('a failed batch rejects only its own requests; the batch sent behind it is committed and answered', async () => {
    const ledger = await Ledger.open(store);
    const fail = holdFirstCommit();
    const first = ledger.submit(event(0));
    await inCommit();
    const second = ledger.submit(event(1));
    fail(new Error('disk full'));
    await expect(first).rejects.toThrow('disk full');
    const answered = await second;
    expect(answered).toMatchObject({ status: 'created', position: 1 });
    expect(ledger.tree.root()).toBe(merkleRoot([leaf(1)]));
  });

  it('restarts from stored chunks: every full chunk of every level is read, none re-hashed', async () => {
    const n = 3 * MerkleTree.CHUNK_NODES + 100;
    const first = await Ledger.open(store);
    for (let i = 0; i < n; i += 1000) await fill(first, i, Math.min(1000, n - i));
    const root = first.tree.root();
    await store.close();

    store = openSqliteStore(dir);
    const served: string[] = [];
    const leafReads: string[] = [];
    const loadChunks = store.leaves.loadChunks.bind(store.leaves);
    store.leaves.loadChunks = async () => {
      const chunks = await loadChunks();
      served.push(...chunks.map((c) => `${c.level}:${c.index}`));
      return chunks;
    };
    const leafBytes = store.leaves.leafBytes.bind(store.leaves);
    store.leaves.leafBytes = (from, count) => {
      leafReads.push(`${from}+${count}`);
      return leafBytes(from, count);
    };
    const second = await Ledger.open(store);
    expect(second.size).toBe(n);
    expect(second.tree.root()).toBe(root);
    expect(served).toEqual(['0:0', '0:1', '0:2', '1:0']);
    // Only the partial last chunk of leaves is read from the leaves table.
    expect(leafReads).toEqual([`${3 * MerkleTree.CHUNK_NODES + 1}+100`]);
    expect(second.tree.inclusionProof(n - 1)).toEqual(first.tree.inclusionProof(n - 1));
  });

  it('rebuilds missing chunks from the leaves after a crash lost them, and stores them again', async () => {
    const n = 2 * MerkleTree.CHUNK_NODES + 5;
    const first = await Ledger.open(store);
    await fill(first, 0, n);
    const root = first.tree.root();
    await store.close();
    // Simulate a crash between the leaf commit and the chunk write.
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(`${dir}/zap1.sqlite`);
    db.prepare('DELETE FROM tree_chunks').run();
    db.close();

    store = openSqliteStore(dir);
    const second = await Ledger.open(store);
    expect(second.tree.root()).toBe(root);
    const stored = new Map((await store.leaves.loadChunks()).map((c) => [`${c.level}:${c.index}`, c.bytes]));
    expect(stored.get('0:1')?.length).toBe(MerkleTree.CHUNK_NODES * 32);
    expect(stored.get('1:0')?.length).toBe(MerkleTree.CHUNK_NODES * 32);
  });
});

describe('Ledger beside another writer on the same store', () => {
  it("applies the other's leaves in position order: before its own, on catch-up, and before a read", async () => {
    const mine = await Ledger.open(store);
    const theirs = await Ledger.open(store);
    await fill(theirs, 0, 5);
    // Its own next leaf lands at position 6: the five in between are read from the store first.
    const own = await mine.submit(event(5));
    expect(own).toMatchObject({ status: 'created', position: 6 });
    expect(mine.size).toBe(6);
    expect(own.rootHex).toBe(merkleRoot(Array.from({ length: 6 }, (_, i) => leaf(i))));

    await fill(theirs, 6, 3);
    expect(mine.size).toBe(6);
    await mine.ensureApplied(8);
    expect(mine.size).toBe(8);
    expect(await mine.catchUp()).toBe(9);
    expect(mine.tree.root()).toBe(theirs.tree.root());
    expect(mine.typeCounts().get(3)).toBe(9);
    // A duplicate of a leaf it never applied itself answers with a root that contains it.
    await fill(theirs, 9, 1);
    const again = await mine.submit(event(9));
    expect(again).toMatchObject({ status: 'exists', position: 10 });
    expect(mine.size).toBe(10);
  });
});
