/**
 * The store's contract for what instances share (catching up with leaves, rate limits): one suite
 * every implementation runs (SQLite in one process, PostgreSQL across instances). The lease and
 * signals between instances are PostgreSQL's alone and tested in postgres-store.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testEvent as event, testLeaf as leaf, type StoreHarness } from './store-contract.js';
import type { Store } from './store.js';

export function describeCoordinationContract(name: string, harness: StoreHarness): void {
  let store: Store;
  beforeEach(async () => {
    store = await harness.open();
  });
  afterEach(async () => {
    await harness.destroy(store);
  });

  describe(`${name}: what instances share`, () => {
    it('reads leaves from a position on, in order, at most `limit` of them', async () => {
      await store.leaves.commitEvents(
        [1, 2, 3, 4].map((n) => event(n)),
        '2026-01-01T00:00:00.000Z',
      );
      const page = await store.leaves.leavesFrom(2, 2);
      expect(page.map((l) => [l.position, l.leafHex, l.serialNumber])).toEqual([
        [2, leaf(2), 'S2'],
        [3, leaf(3), 'S3'],
      ]);
      expect(await store.leaves.leavesFrom(5, 10)).toEqual([]);
    });

    it('counts rate-limit hits per scope and key in fixed windows, and says when to retry', async () => {
      const t0 = Date.UTC(2026, 0, 1);
      const hit = (key: string, at: number, scope: 'events' | 'trial_keys' = 'events') =>
        store.limits.hit(scope, key, { limit: 2, windowMs: 60_000 }, at);
      expect(await hit('k1', t0)).toEqual({ allowed: true, retryAfterS: 0 });
      expect(await hit('k1', t0 + 1000)).toEqual({ allowed: true, retryAfterS: 0 });
      expect(await hit('k1', t0 + 30_000)).toEqual({ allowed: false, retryAfterS: 30 });
      // Other keys and other scopes have windows of their own.
      expect((await hit('k2', t0 + 30_000)).allowed).toBe(true);
      expect((await hit('k1', t0 + 30_000, 'trial_keys')).allowed).toBe(true);
      // Once the window has passed, the key starts a new one.
      expect(await hit('k1', t0 + 60_000)).toEqual({ allowed: true, retryAfterS: 0 });
    });

    it('never lets concurrent hits past the limit', async () => {
      const t0 = Date.UTC(2026, 0, 1);
      const decisions = await Promise.all(
        Array.from({ length: 25 }, () =>
          store.limits.hit('events', 'busy', { limit: 10, windowMs: 60_000 }, t0),
        ),
      );
      expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    });

    it('says which kind of store it is and answers signals it sends itself', async () => {
      expect(['sqlite', 'postgres']).toContain(store.kind);
      let heard = 0;
      const stop = await store.signals.watch('anchor', () => heard++);
      await store.signals.notify('anchor');
      await expect.poll(() => heard, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
      await stop();
    });
  });
}
