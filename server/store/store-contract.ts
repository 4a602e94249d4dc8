/**
 * The store's contract: what every implementation of `Store` must do, as one test suite. Each
 * implementation's test file runs it against a real database (SQLite and PostgreSQL), so a
 * second database cannot drift from the first.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { merkleRoot } from 'zap1/testing';
import { OPERATOR_KEY_ID, StoreConflictError, type NewEvent, type Store } from './store.js';

/** How the suite gets a fresh, empty store, reopens it (same data) and throws it away. */
export interface StoreHarness {
  open(): Promise<Store>;
  reopen(store: Store): Promise<Store>;
  destroy(store: Store): Promise<void>;
}

/** Leaf hash `n` of the store tests. */
export const testLeaf = (n: number): string => n.toString(16).padStart(64, '0');
const leaf = testLeaf;
/** Event `n` of the store tests (leaf n, wallet `w<n>`, written by the operator), with `extra` over it. */
export const testEvent = (n: number, extra: Partial<NewEvent> = {}): NewEvent => ({
  leafHex: leaf(n),
  eventType: 3,
  walletHash: `w${n}`,
  serialNumber: `S${n}`,
  timestamp: null,
  trialKeyHash: null,
  keyId: OPERATOR_KEY_ID,
  ...extra,
});
const event = (n: number, wallet = `w${n}`): NewEvent => testEvent(n, { walletHash: wallet });
const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);
const TXID = 'c'.repeat(64);

export function describeStoreContract(name: string, harness: StoreHarness): void {
  let store: Store;
  beforeEach(async () => {
    store = await harness.open();
  });
  afterEach(async () => {
    await harness.destroy(store);
  });

  async function fill(n: number): Promise<void> {
    await store.leaves.commitEvents(
      Array.from({ length: n }, (_, i) => event(i + 1)),
      new Date(Date.UTC(2026, 0, 1)).toISOString(),
    );
  }

  /** Records, broadcasts and anchors an attempt of `leafCount` leaves at `height`. */
  async function anchorAt(leafCount: number, height: number, txid: string, blockTime: number | null = null) {
    const a = await store.anchors.recordAnchorIntent({ rootHex: 'a'.repeat(64), leafCount });
    await store.anchors.setAnchorTxid(a.id, txid);
    return store.anchors.markAnchored(a.id, { height, blockTime });
  }

  describe(`${name}: webhooks`, () => {
    it('registers, lists, advances cursors only forward, keeps them when reopened, and deletes', async () => {
      const hook = {
        id: '00000000-0000-4000-8000-000000000001',
        url: 'https://receiver.example/zap1',
        secretHex: 'ab'.repeat(16),
        createdAt: '2026-01-01T00:00:00.000Z',
        leafCursor: 5,
        anchorCursor: 2,
      };
      await store.webhooks.registerWebhook(hook);
      expect(await store.webhooks.listWebhooks()).toEqual([hook]);
      expect(await store.webhooks.advanceWebhook(hook.id, { leafCursor: 9 })).toBe(true);
      expect(await store.webhooks.advanceWebhook(hook.id, { leafCursor: 7, anchorCursor: 3 })).toBe(true);
      store = await harness.reopen(store);
      expect(await store.webhooks.listWebhooks()).toEqual([{ ...hook, leafCursor: 9, anchorCursor: 3 }]);
      expect(await store.webhooks.deleteWebhook(hook.id)).toBe(true);
      expect(await store.webhooks.deleteWebhook(hook.id)).toBe(false);
      expect(await store.webhooks.listWebhooks()).toEqual([]);
      // A deleted webhook's cursors cannot move: its dispatcher stops there.
      expect(await store.webhooks.advanceWebhook(hook.id, { leafCursor: 10 })).toBe(false);
    });

    it('lists anchored roots after an anchor id, in the order they were anchored', async () => {
      await fill(6);
      const first = await anchorAt(2, 4_000_002, 'd'.repeat(64));
      const second = await anchorAt(6, 4_000_001, 'e'.repeat(64));
      expect((await store.anchors.anchoredRootsAfter(0, 10)).map((r) => r.anchorId)).toEqual([
        first.id,
        second.id,
      ]);
      expect((await store.anchors.anchoredRootsAfter(first.id, 10)).map((r) => r.txid)).toEqual([
        'e'.repeat(64),
      ]);
      expect(await store.anchors.anchoredRootsAfter(second.id, 10)).toEqual([]);
      expect(await store.anchors.anchoredRootsAfter(0, 1)).toHaveLength(1);
    });
  });

  describe(`${name}: leaves, keys and the event log`, () => {
    it('keeps everything when reopened', async () => {
      await fill(5);
      store = await harness.reopen(store);
      expect(await store.leaves.leafCount()).toBe(5);
      const leaves = await Promise.all([1, 2, 3, 4, 5].map((p) => store.leaves.leafAt(p)));
      expect(leaves.map((l) => l?.leafHex)).toEqual([1, 2, 3, 4, 5].map(leaf));
    });

    it('writes nothing when a batch fails part-way', async () => {
      await fill(2);
      const bad = { ...event(10), leafHex: 'not hex' };
      await expect(store.leaves.commitEvents([event(3), bad], '2026-01-01T00:00:00.000Z')).rejects.toThrow();
      expect(await store.leaves.leafCount()).toBe(2);
      expect(await store.leaves.leafByHash(leaf(3))).toBeNull();
      expect((await store.events.walletLeaves('w3', { limit: 10 })).leaves).toEqual([]);
    });

    it('pages events newest first with a cursor and a type filter, and counts them per type', async () => {
      await fill(7);
      await store.leaves.commitEvents([{ ...event(8), eventType: 4 }], '2026-01-02T00:00:00.000Z');
      const p1 = await store.events.listEvents({ limit: 3 });
      expect(p1.leaves.map((l) => l.position)).toEqual([8, 7, 6]);
      const p2 = await store.events.listEvents({ limit: 3, before: p1.nextBefore! });
      expect(p2.leaves.map((l) => l.position)).toEqual([5, 4, 3]);
      const p3 = await store.events.listEvents({ limit: 3, before: p2.nextBefore! });
      expect(p3.leaves.map((l) => l.position)).toEqual([2, 1]);
      expect(p3.nextBefore).toBeNull();
      const byType = await store.events.listEvents({ limit: 10, eventType: 4 });
      expect(byType.leaves.map((l) => l.position)).toEqual([8]);
      expect(await store.events.typeCounts()).toEqual(
        new Map([
          [3, 7],
          [4, 1],
        ]),
      );
    });

    it('spends trial quota atomically with the leaf and tells used-up from expired and unknown keys', async () => {
      const key = (keyHash: string, quota: number) => ({
        keyHash,
        quota,
        used: 0,
        createdAt: '2026-01-01T00:00:00.000Z',
        expiresAt: '2026-02-01T00:00:00.000Z',
      });
      await store.keys.insertTrialKey(key(KEY_A, 1));
      const withKey = (n: number, keyHash = KEY_A) => ({ ...event(n), trialKeyHash: keyHash });
      expect(await store.leaves.commitEvents([withKey(1), withKey(2)], '2026-01-05T00:00:00.000Z')).toEqual([
        { status: 'created', position: 1 },
        { status: 'quota_exhausted' },
      ]);
      await store.keys.insertTrialKey(key(KEY_B, 9));
      expect(await store.leaves.commitEvents([withKey(3, KEY_B)], '2026-03-01T00:00:00.000Z')).toEqual([
        { status: 'key_expired' },
      ]);
      expect(
        await store.leaves.commitEvents([withKey(4, 'c'.repeat(64))], '2026-01-05T00:00:00.000Z'),
      ).toEqual([{ status: 'unauthorized' }]);
      expect(await store.leaves.leafCount()).toBe(1);
      expect(await store.keys.trialKey(KEY_A)).toEqual({ ...key(KEY_A, 1), used: 1 });
      expect(await store.keys.trialKey('d'.repeat(64))).toBeNull();
    });

    it('stores and loads tree chunks byte for byte, a stored chunk replacing itself', async () => {
      const bytes = Uint8Array.from({ length: 64 }, (_, i) => i);
      await store.leaves.saveChunks([{ level: 2, index: 5, bytes }]);
      await store.leaves.saveChunks([{ level: 0, index: 0, bytes: bytes.slice(0, 32) }]);
      await store.leaves.saveChunks([{ level: 0, index: 0, bytes: bytes.slice(32) }]);
      expect(await store.leaves.loadChunks()).toEqual([
        { level: 0, index: 0, bytes: bytes.slice(32) },
        { level: 2, index: 5, bytes },
      ]);
    });

    it('answers a ping while open', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });

  describe(`${name}: anchoring`, () => {
    const root5 = () => merkleRoot([1, 2, 3, 4, 5].map(leaf));

    it('walks pending → broadcast → confirmed → anchored and writes the root row only when anchored', async () => {
      await fill(5);
      const anchors = store.anchors;
      const a = await anchors.recordAnchorIntent({ rootHex: root5(), leafCount: 5 });
      expect(a).toMatchObject({ state: 'pending', txid: null, leafCount: 5, sendStartedAt: null });
      expect((await anchors.inFlightAnchor())?.id).toBe(a.id);
      expect((await anchors.setAnchorOperation(a.id, 'opid-1')).opid).toBe('opid-1');
      expect((await anchors.setAnchorTxid(a.id, TXID)).state).toBe('broadcast');
      expect(await anchors.noteAnchorError(a.id, 'node slow')).toMatchObject({
        attempts: 1,
        lastError: 'node slow',
        state: 'broadcast',
      });
      expect((await anchors.setAnchorConfirmed(a.id, 4_000_010)).state).toBe('confirmed');
      expect((await anchors.anchoredRootStats()).count).toBe(0);
      expect(await anchors.anchoredLeafCount()).toBe(0);
      const blockHash = 'd'.repeat(64);
      const done = await anchors.markAnchored(a.id, {
        height: 4_000_010,
        blockTime: 1_800_000_000,
        blockHash,
      });
      expect(done.state).toBe('anchored');
      expect(await anchors.inFlightAnchor()).toBeNull();
      expect(await anchors.anchoredRoots()).toEqual([
        {
          anchorId: a.id,
          rootHex: root5(),
          leafCount: 5,
          txid: TXID,
          height: 4_000_010,
          blockTime: 1_800_000_000,
          blockHash,
          createdAt: (await store.leaves.leafAt(5))!.createdAt,
        },
      ]);
      expect(await anchors.anchoredLeafCount()).toBe(5);
      expect((await anchors.firstAnchoredRootCovering(3))?.leafCount).toBe(5);
      expect(await anchors.firstAnchoredRootCovering(6)).toBeNull();
      expect(await anchors.anchorStateCounts()).toEqual({
        pending: 0,
        broadcast: 0,
        confirmed: 0,
        anchored: 1,
        failed: 0,
      });
      expect((await anchors.anchoredRootByTxidPrefix(TXID.slice(0, 8)))?.txid).toBe(TXID);
      expect((await anchors.anchoredRootByTxidPrefix(TXID))?.txid).toBe(TXID);
      const other = TXID.startsWith('0') ? '1' : '0';
      expect(await anchors.anchoredRootByTxidPrefix(other.repeat(8))).toBeNull();
      expect((await anchors.latestAnchorAttempt())?.id).toBe(a.id);
    });

    it('logs every change of each attempt, newest attempt first, a repeated error once', async () => {
      await fill(5);
      const anchors = store.anchors;
      expect(await anchors.recentAttemptsWithLog(10)).toEqual([]);
      const a = await anchors.recordAnchorIntent({ rootHex: root5(), leafCount: 5 });
      await anchors.markSendStarted(a.id, '2026-01-01T00:00:01.000Z');
      await anchors.setAnchorTxid(a.id, TXID);
      await anchors.noteAnchorError(a.id, 'node slow');
      await anchors.noteAnchorError(a.id, 'node slow');
      await anchors.setAnchorConfirmed(a.id, 4_000_010);
      await anchors.markAnchored(a.id, { height: 4_000_010, blockTime: null });
      await store.leaves.commitEvents([event(6)], new Date(Date.UTC(2026, 0, 2)).toISOString());
      const b = await anchors.recordAnchorIntent({ rootHex: root5(), leafCount: 6 });
      await anchors.markAnchorFailed(b.id, 'wallet refused: insufficient funds');

      const recent = await anchors.recentAttemptsWithLog(10);
      expect(recent.map((r) => r.attempt.id)).toEqual([b.id, a.id]);
      expect(recent[1]?.log.map(({ state, change, detail }) => [change, state, detail])).toEqual([
        ['recorded', 'pending', null],
        ['send_started', 'pending', null],
        ['state', 'broadcast', TXID],
        ['error', 'broadcast', 'node slow'],
        ['state', 'confirmed', '4000010'],
        ['state', 'anchored', '4000010'],
      ]);
      expect(recent[1]?.log[1]?.at).toBe('2026-01-01T00:00:01.000Z');
      expect(recent[0]?.log.map(({ state, change, detail }) => [change, state, detail])).toEqual([
        ['recorded', 'pending', null],
        ['state', 'failed', 'wallet refused: insufficient funds'],
      ]);
      expect((await anchors.recentAttemptsWithLog(1)).map((r) => r.attempt.id)).toEqual([b.id]);
    });

    it('allows one anchor in flight; a failed one frees the slot', async () => {
      await fill(5);
      const anchors = store.anchors;
      const a = await anchors.recordAnchorIntent({ rootHex: root5(), leafCount: 5 });
      await expect(anchors.recordAnchorIntent({ rootHex: root5(), leafCount: 5 })).rejects.toThrow(
        StoreConflictError,
      );
      expect(await anchors.markAnchorFailed(a.id, 'z_sendmany failed')).toMatchObject({
        state: 'failed',
        lastError: 'z_sendmany failed',
      });
      await expect(anchors.markAnchored(a.id, { height: 1, blockTime: null })).rejects.toThrow(
        StoreConflictError,
      );
      const b = await anchors.recordAnchorIntent({ rootHex: root5(), leafCount: 5 });
      expect((await anchors.latestAnchorAttempt())?.id).toBe(b.id);
      expect((await anchors.anchorAttempt(a.id))?.state).toBe('failed');
    });

    it('refuses impossible transitions and intents', async () => {
      await fill(2);
      const anchors = store.anchors;
      await expect(anchors.recordAnchorIntent({ rootHex: 'a'.repeat(64), leafCount: 3 })).rejects.toThrow(
        StoreConflictError,
      );
      await expect(anchors.recordAnchorIntent({ rootHex: 'A'.repeat(64), leafCount: 1 })).rejects.toThrow(
        RangeError,
      );
      const a = await anchors.recordAnchorIntent({ rootHex: 'a'.repeat(64), leafCount: 2 });
      await expect(anchors.markAnchored(a.id, { height: 1, blockTime: null })).rejects.toThrow(
        StoreConflictError,
      );
      await expect(anchors.setAnchorConfirmed(a.id, 5)).rejects.toThrow(StoreConflictError);
      await expect(anchors.revertAnchor(a.id, 'reorg')).rejects.toThrow(StoreConflictError);
      await expect(anchors.setAnchorTxid(999, TXID)).rejects.toThrow(StoreConflictError);
      await expect(anchors.setAnchorTxid(a.id, 'C'.repeat(64))).rejects.toThrow(RangeError);
      expect(await anchors.anchorAttempt(999)).toBeNull();
    });

    it('reverts an anchored root after a reorganisation: proofs stop claiming it', async () => {
      await fill(5);
      const anchors = store.anchors;
      const a = await anchors.recordAnchorIntent({ rootHex: root5(), leafCount: 5 });
      await anchors.setAnchorTxid(a.id, TXID);
      await anchors.markAnchored(a.id, { height: 4_000_001, blockTime: null });
      expect(await anchors.firstAnchoredRootCovering(1)).not.toBeNull();
      const reverted = await anchors.revertAnchor(a.id, 'reorganised out of the chain');
      expect(reverted).toMatchObject({ state: 'failed', lastError: 'reorganised out of the chain' });
      expect(await anchors.firstAnchoredRootCovering(1)).toBeNull();
      expect((await anchors.anchoredRootStats()).count).toBe(0);
      // The same root can be anchored anew with the same txid if it is mined again.
      const b = await anchors.recordAnchorIntent({ rootHex: root5(), leafCount: 5 });
      await anchors.setAnchorTxid(b.id, TXID);
      await anchors.markAnchored(b.id, { height: 4_000_003, blockTime: null });
      expect((await anchors.latestAnchoredRoot())?.anchorId).toBe(b.id);
    });

    it('lists anchored roots by height with limit and before, keeping the newest', async () => {
      await fill(6);
      for (const [size, height] of [
        [2, 10],
        [4, 20],
        [6, 30],
      ] as const) {
        await anchorAt(size, height, leaf(size), height * 100);
      }
      const anchors = store.anchors;
      const heights = async (options?: { limit?: number; beforeHeight?: number }) =>
        (await anchors.anchoredRoots(options)).map((r) => r.height);
      expect(await heights()).toEqual([10, 20, 30]);
      expect(await heights({ limit: 2 })).toEqual([20, 30]);
      expect(await heights({ limit: 2, beforeHeight: 30 })).toEqual([10, 20]);
      expect((await anchors.firstAnchoredRootCovering(3))?.leafCount).toBe(4);
      expect((await anchors.anchoredRootBySize(6))?.height).toBe(30);
      expect(await anchors.anchoredRootBySize(5)).toBeNull();
      expect((await anchors.latestAnchoredRoot())?.height).toBe(30);
    });

    it('keeps when a send started (before z_sendmany) across reopening, for pending attempts only', async () => {
      await fill(2);
      const a = await store.anchors.recordAnchorIntent({ rootHex: 'a'.repeat(64), leafCount: 2 });
      const started = await store.anchors.markSendStarted(a.id, '2026-01-01T00:00:05.000Z');
      expect(started.sendStartedAt).toBe('2026-01-01T00:00:05.000Z');
      store = await harness.reopen(store);
      expect(await store.anchors.inFlightAnchor()).toMatchObject({
        id: a.id,
        state: 'pending',
        sendStartedAt: '2026-01-01T00:00:05.000Z',
      });
      await expect(store.anchors.markSendStarted(a.id, 'yesterday')).rejects.toThrow(RangeError);
      await store.anchors.setAnchorTxid(a.id, TXID);
      await expect(store.anchors.markSendStarted(a.id, '2026-01-01T00:00:09.000Z')).rejects.toThrow(
        StoreConflictError,
      );
    });

    it('sums up anchored roots (count, lowest and highest height) without failed or reverted attempts', async () => {
      expect(await store.anchors.anchoredRootStats()).toEqual({
        count: 0,
        firstHeight: null,
        lastHeight: null,
      });
      await fill(6);
      const ids: number[] = [];
      for (const [size, height] of [
        [2, 20],
        [4, 10],
        [6, 30],
      ] as const) {
        ids.push((await anchorAt(size, height, leaf(size))).id);
      }
      const failed = await store.anchors.recordAnchorIntent({ rootHex: 'b'.repeat(64), leafCount: 6 });
      await store.anchors.markAnchorFailed(failed.id, 'node down');
      expect(await store.anchors.anchoredRootStats()).toEqual({ count: 3, firstHeight: 10, lastHeight: 30 });
      await store.anchors.revertAnchor(ids[2]!, 'reorganised out of the chain');
      expect(await store.anchors.anchoredRootStats()).toEqual({ count: 2, firstHeight: 10, lastHeight: 20 });
    });
  });
}
