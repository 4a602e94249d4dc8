/**
 * The PostgreSQL store against a real PostgreSQL server (started by the test run itself:
 * test/postgres/global-setup.ts): the contract suites every store passes, and what only several
 * instances on one database need: migrations run once when started together, gapless positions
 * under concurrent writers, quota spent atomically across them, the anchorer lease and its fence,
 * and signals between instances.
 */
import pg from 'pg';
import { POSTGRES_MIGRATIONS } from './postgres/migrations.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../../test/postgres/database.js';
import { describeCoordinationContract } from './coordination-contract.js';
import { AnchorerElection } from '../anchor/election.js';
import { openPostgresStore, type PostgresStore } from './postgres-store.js';
import {
  describeStoreContract,
  testEvent as event,
  testLeaf as leaf,
  type StoreHarness,
} from './store-contract.js';
import { describeEvidenceContract } from './store-contract-evidence.js';
import { describeSpendContract } from './store-contract-spend.js';
import { describeWalletContract } from './store-contract-wallets.js';
import { AnchorLeaseLostError, isStoreBusy } from './store.js';

const urls = new WeakMap<object, string>();

const harness: StoreHarness = {
  async open() {
    const url = await freshDatabaseUrl();
    const store = await openPostgresStore(url);
    urls.set(store, url);
    return store;
  },
  async reopen(store) {
    const url = urls.get(store);
    if (url === undefined) throw new Error('unknown store');
    await store.close();
    const reopened = await openPostgresStore(url);
    urls.set(reopened, url);
    return reopened;
  },
  async destroy(store) {
    await store.close();
  },
};

describeStoreContract('PostgreSQL', harness);
describeWalletContract('PostgreSQL', harness);
describeEvidenceContract('PostgreSQL', harness);
describeSpendContract('PostgreSQL', harness);
describeCoordinationContract('PostgreSQL', harness);

describe('PostgreSQL: several instances on one database', () => {
  let url: string;
  let stores: PostgresStore[];
  beforeEach(async () => {
    url = await freshDatabaseUrl();
    stores = [];
  });
  afterEach(async () => {
    await Promise.all(stores.map((s) => s.close()));
  });

  async function instances(n: number): Promise<PostgresStore[]> {
    const opened = await Promise.all(Array.from({ length: n }, () => openPostgresStore(url)));
    stores.push(...opened);
    return opened;
  }

  it('migrates an empty database once when instances start at the same moment', async () => {
    const [a] = await instances(4);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const versions = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
      // Each version once, every one of them.
      expect(versions.rows.map((r) => r.version)).toEqual(POSTGRES_MIGRATIONS.map((_, i) => i + 1));
    } finally {
      await client.end();
    }
    expect(await a!.leaves.leafCount()).toBe(0);
  });

  it('hands out unique, gapless positions to concurrent writers on every instance', async () => {
    const all = await instances(3);
    const writes = all.flatMap((store, i) =>
      Array.from({ length: 20 }, (_, j) => {
        const n = i * 100 + j + 1;
        // Some batches repeat another instance's leaf: it exists once, at one position.
        const batch = [event(n), event(j + 1, { walletHash: `dup${i}` })];
        return store.leaves.commitEvents(batch, '2026-01-01T00:00:00.000Z');
      }),
    );
    const results = (await Promise.all(writes)).flat();
    const created = results.flatMap((r) => (r.status === 'created' ? [r.position] : []));
    const total = await all[0]!.leaves.leafCount();
    expect([...created].sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(total).toBe(60);
    const leaves = await all[1]!.leaves.leavesFrom(1, 1000);
    expect(new Set(leaves.map((l) => l.leafHex)).size).toBe(60);
  });

  it('spends a quota of 30 at most 30 times, whichever instances the events go through', async () => {
    const all = await instances(3);
    const keyHash = 'a'.repeat(64);
    await all[0]!.keys.insertTrialKey({
      keyHash,
      quota: 30,
      used: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2027-01-01T00:00:00.000Z',
    });
    const writes = Array.from({ length: 60 }, (_, i) =>
      all[i % 3]!.leaves.commitEvents([event(i + 1, { trialKeyHash: keyHash })], '2026-01-02T00:00:00.000Z'),
    );
    const results = (await Promise.all(writes)).flat();
    expect(results.filter((r) => r.status === 'created')).toHaveLength(30);
    expect(results.filter((r) => r.status === 'quota_exhausted')).toHaveLength(30);
    expect((await all[2]!.keys.trialKey(keyHash))?.used).toBe(30);
  });

  it('gives the anchorer lease to one instance; the others take it over only once it expires or is released', async () => {
    const [a, b] = await instances(2);
    const tokenA = await a!.lease.acquire('a', 60_000);
    expect(tokenA).toBe(1);
    expect(await b!.lease.acquire('b', 60_000)).toBeNull();
    // Renewing keeps the token.
    expect(await a!.lease.acquire('a', 60_000)).toBe(tokenA);
    await a!.lease.release('a');
    const tokenB = await b!.lease.acquire('b', 60_000);
    expect(tokenB).toBe(2);
    expect(await a!.lease.acquire('a', 60_000)).toBeNull();
    // An expired lease is free for anyone, with a new token.
    await b!.lease.acquire('b', 1);
    await new Promise((r) => setTimeout(r, 20));
    expect(await a!.lease.acquire('a', 60_000)).toBe(3);
  });

  it('never gives the lease to two live processes that share an INSTANCE_ID, and passes it on at once on stop', async () => {
    const [a, b] = await instances(2);
    const first = new AnchorerElection(a!.lease, 'api1', { ttlMs: 5_000, renewMs: 50 });
    const second = new AnchorerElection(b!.lease, 'api1', { ttlMs: 5_000, renewMs: 50 });
    try {
      await first.start();
      await second.start();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect([first.holds(), second.holds()]).toEqual([true, false]);
      const token = first.fence()!.token;
      await first.stop();
      const deadline = Date.now() + 2_000;
      while (!second.holds() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      // Released, not expired: taken over well within the lease's 5 s, with a new token.
      expect(second.holds()).toBe(true);
      expect(second.fence()!.token).toBeGreaterThan(token);
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  it('refuses a fenced anchor write once its instance lost the lease, and keeps the attempt as the new holder left it', async () => {
    const [a, b] = await instances(2);
    await a!.leaves.commitEvents([event(1)], '2026-01-01T00:00:00.000Z');
    const tokenA = await a!.lease.acquire('a', 1);
    const fencedA = a!.fencedAnchors({ instanceId: 'a', token: tokenA! });
    await new Promise((r) => setTimeout(r, 20));
    // a's lease expired: b takes over and moves the attempt.
    const tokenB = await b!.lease.acquire('b', 60_000);
    expect(tokenB).toBe(tokenA! + 1);
    await expect(fencedA.recordAnchorIntent({ rootHex: leaf(9), leafCount: 1 })).rejects.toBeInstanceOf(
      AnchorLeaseLostError,
    );
    const fencedB = b!.fencedAnchors({ instanceId: 'b', token: tokenB! });
    const attempt = await fencedB.recordAnchorIntent({ rootHex: leaf(9), leafCount: 1 });
    await expect(fencedA.markSendStarted(attempt.id, '2026-01-01T00:00:00.000Z')).rejects.toBeInstanceOf(
      AnchorLeaseLostError,
    );
    expect((await a!.anchors.anchorAttempt(attempt.id))?.sendStartedAt).toBeNull();
    // Even a's own stale token taken again by a later acquire is not the token it was fenced with.
    await b!.lease.release('b');
    const tokenA2 = await a!.lease.acquire('a', 60_000);
    expect(tokenA2).toBeGreaterThan(tokenB!);
    await expect(fencedA.markSendStarted(attempt.id, '2026-01-01T00:00:00.000Z')).rejects.toBeInstanceOf(
      AnchorLeaseLostError,
    );
  });

  it('allows one anchor in flight across instances and anchors a size at most once', async () => {
    const [a, b] = await instances(2);
    await a!.leaves.commitEvents([event(1), event(2)], '2026-01-01T00:00:00.000Z');
    const intents = await Promise.allSettled([
      a!.anchors.recordAnchorIntent({ rootHex: leaf(7), leafCount: 2 }),
      b!.anchors.recordAnchorIntent({ rootHex: leaf(7), leafCount: 2 }),
    ]);
    expect(intents.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const first = intents.find((r) => r.status === 'fulfilled');
    if (first?.status !== 'fulfilled') throw new Error('no intent');
    await a!.anchors.setAnchorTxid(first.value.id, 'c'.repeat(64));
    await a!.anchors.markAnchored(first.value.id, { height: 4_000_001, blockTime: null });
    const second = await b!.anchors.recordAnchorIntent({ rootHex: leaf(7), leafCount: 2 });
    await b!.anchors.setAnchorTxid(second.id, 'd'.repeat(64));
    await expect(b!.anchors.markAnchored(second.id, { height: 4_000_002, blockTime: null })).rejects.toThrow(
      /already anchored/,
    );
    expect((await a!.anchors.anchoredRoots()).map((r) => r.txid)).toEqual(['c'.repeat(64)]);
  });

  it("tells every instance about another's new leaves after the commit", async () => {
    const [a, b] = await instances(2);
    let heard = 0;
    const stop = await b!.signals.watch('leaves', () => heard++);
    await a!.leaves.commitEvents([event(1)], '2026-01-01T00:00:00.000Z');
    await expect.poll(() => heard, { timeout: 5000 }).toBe(1);
    // A batch of duplicates adds no leaf and signals nothing.
    await a!.leaves.commitEvents([event(1, { walletHash: 'again' })], '2026-01-01T00:00:00.000Z');
    await a!.signals.notify('anchor');
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toBe(1);
    await stop();
  });

  it('counts a database out of reach as busy (503 store_unavailable), not as an internal error', async () => {
    const unreachable = new URL(url);
    unreachable.port = '1';
    const client = new pg.Client({ connectionString: unreachable.toString() });
    const error: unknown = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(isStoreBusy(error)).toBe(true);
  });
});
