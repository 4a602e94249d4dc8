/**
 * The store's contract on what anchoring cost: the fee given when a root is anchored is kept with
 * it, at its block time (or the time of recording when the node gave none), summed per window by
 * `anchorSpend`, with the roots whose fee is unknown counted apart; a fee that is not a whole,
 * non-negative number of zatoshi is refused; a reverted anchor's fee goes with its root; and all of
 * it survives a reopen. Run by each store's test file beside store-contract.ts, on the same harness.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from './store.js';
import { testEvent, type StoreHarness } from './store-contract.js';

const txidOf = (n: number): string => n.toString(16).padStart(64, 'e');
/** Unix seconds of 2026-03-02 (a Monday) at `hour`:00 UTC. */
const at = (hour: number): number => Date.UTC(2026, 2, 2, hour) / 1000;

export function describeSpendContract(name: string, harness: StoreHarness): void {
  let store: Store;
  beforeEach(async () => {
    store = await harness.open();
    await store.leaves.commitEvents(
      Array.from({ length: 6 }, (_, i) => testEvent(i + 1)),
      new Date(Date.UTC(2026, 0, 1)).toISOString(),
    );
  });
  afterEach(async () => {
    await harness.destroy(store);
  });

  async function anchorAt(leafCount: number, blockTime: number | null, feeZat?: number | null) {
    const a = await store.anchors.recordAnchorIntent({ rootHex: 'a'.repeat(64), leafCount });
    await store.anchors.setAnchorTxid(a.id, txidOf(leafCount));
    return store.anchors.markAnchored(a.id, {
      height: 4_000_000 + leafCount,
      blockTime,
      ...(feeZat !== undefined ? { feeZat } : {}),
    });
  }

  describe(`${name}: anchor spend`, () => {
    it('sums nothing before any anchor', async () => {
      expect(await store.anchors.anchorSpend(null)).toEqual({
        anchors: 0,
        feeZat: 0,
        unpriced: 0,
        firstAt: null,
      });
      expect(await store.anchors.anchorSpend(at(0))).toEqual({
        anchors: 0,
        feeZat: 0,
        unpriced: 0,
        firstAt: null,
      });
    });

    it('sums the fees of the anchors since a time, and counts those without a fee apart', async () => {
      await anchorAt(1, at(1), 10_000);
      await anchorAt(2, at(5), 15_000);
      // Anchored before fees were kept, or paid from another wallet: no fee known.
      await anchorAt(3, at(6));
      await anchorAt(4, at(9), null);
      await anchorAt(5, at(12), 10_000);
      expect(await store.anchors.anchorSpend(null)).toEqual({
        anchors: 5,
        feeZat: 35_000,
        unpriced: 2,
        firstAt: at(1),
      });
      // The window's start is included; what was paid before it is not.
      expect(await store.anchors.anchorSpend(at(5))).toEqual({
        anchors: 4,
        feeZat: 25_000,
        unpriced: 2,
        firstAt: at(5),
      });
      expect(await store.anchors.anchorSpend(at(10))).toEqual({
        anchors: 1,
        feeZat: 10_000,
        unpriced: 0,
        firstAt: at(12),
      });
      expect(await store.anchors.anchorSpend(at(13))).toEqual({
        anchors: 0,
        feeZat: 0,
        unpriced: 0,
        firstAt: null,
      });
      const reopened = await harness.reopen(store);
      store = reopened;
      expect((await store.anchors.anchorSpend(null)).feeZat).toBe(35_000);
    });

    it('places a fee without a block time at the time it was recorded, and a root with neither only in the total', async () => {
      const before = Math.floor(Date.now() / 1000) - 60;
      await anchorAt(1, null, 10_000);
      const recent = await store.anchors.anchorSpend(before);
      expect(recent).toMatchObject({ anchors: 1, feeZat: 10_000, unpriced: 0 });
      expect(recent.firstAt).toBeGreaterThanOrEqual(before);
      await anchorAt(2, null);
      expect(await store.anchors.anchorSpend(before)).toMatchObject({ anchors: 1, feeZat: 10_000 });
      expect(await store.anchors.anchorSpend(null)).toMatchObject({
        anchors: 2,
        feeZat: 10_000,
        unpriced: 1,
      });
    });

    it('refuses a fee that is not a whole, non-negative number of zatoshi, anchoring nothing', async () => {
      for (const feeZat of [-1, 1.5, Number.NaN]) {
        const a = await store.anchors.recordAnchorIntent({ rootHex: 'a'.repeat(64), leafCount: 2 });
        await store.anchors.setAnchorTxid(a.id, txidOf(2));
        await expect(
          store.anchors.markAnchored(a.id, { height: 4_000_002, blockTime: at(1), feeZat }),
        ).rejects.toThrow(RangeError);
        expect(await store.anchors.anchoredRootBySize(2)).toBeNull();
        await store.anchors.markAnchorFailed(a.id, 'test');
      }
      expect(await store.anchors.anchorSpend(null)).toEqual({
        anchors: 0,
        feeZat: 0,
        unpriced: 0,
        firstAt: null,
      });
    });

    it('drops the fee of an anchor a reorganisation reverted', async () => {
      const kept = await anchorAt(1, at(1), 10_000);
      const reverted = await anchorAt(2, at(2), 10_000);
      await store.anchors.revertAnchor(reverted.id, 'left the chain');
      expect(await store.anchors.anchorSpend(null)).toEqual({
        anchors: 1,
        feeZat: 10_000,
        unpriced: 0,
        firstAt: at(1),
      });
      expect(kept.state).toBe('anchored');
    });
  });
}
