/**
 * The store's contract on chain evidence: kept per anchored root, found by txid, listed while
 * missing (for the backfill), refused for a root that is not anchored in that transaction at that
 * height, and gone when a reorganisation reverts the anchor. Run by each store's test file beside
 * store-contract.ts, against the same harness.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store, StoredChainEvidence } from './store.js';
import { testEvent, type StoreHarness } from './store-contract.js';

const txidOf = (n: number): string => n.toString(16).padStart(64, 'e');

function evidenceOf(anchorId: number, n: number, height: number): StoredChainEvidence {
  return {
    anchorId,
    txid: txidOf(n),
    height,
    blockHash: n.toString(16).padStart(64, 'b'),
    blockHeaderHex: '04000000' + 'ab'.repeat(136),
    txIndex: 1,
    merkleBranch: ['1'.repeat(64), '2'.repeat(64)],
    transactionHex: '050000800a27a726' + 'cd'.repeat(40),
  };
}

export function describeEvidenceContract(name: string, harness: StoreHarness): void {
  let store: Store;
  beforeEach(async () => {
    store = await harness.open();
    await store.leaves.commitEvents(
      Array.from({ length: 4 }, (_, i) => testEvent(i + 1)),
      new Date(Date.UTC(2026, 0, 1)).toISOString(),
    );
  });
  afterEach(async () => {
    await harness.destroy(store);
  });

  async function anchorAt(leafCount: number, height: number): Promise<number> {
    const a = await store.anchors.recordAnchorIntent({ rootHex: 'a'.repeat(64), leafCount });
    await store.anchors.setAnchorTxid(a.id, txidOf(leafCount));
    await store.anchors.markAnchored(a.id, { height, blockTime: null });
    return a.id;
  }

  describe(`${name}: chain evidence`, () => {
    it('keeps the evidence of an anchored root, finds it by txid, and lists roots still without', async () => {
      const first = await anchorAt(2, 4_000_010);
      const second = await anchorAt(4, 4_000_020);
      expect((await store.evidence.anchoredWithoutEvidence(10)).map((r) => r.anchorId)).toEqual([
        first,
        second,
      ]);
      const kept = evidenceOf(first, 2, 4_000_010);
      expect(await store.evidence.putEvidence(kept)).toBe(true);
      expect(await store.evidence.evidenceByTxid(txidOf(2))).toEqual(kept);
      expect(await store.evidence.evidenceByTxid(txidOf(9))).toBeNull();
      expect((await store.evidence.anchoredWithoutEvidence(10)).map((r) => r.anchorId)).toEqual([second]);
      // Written again (another instance, a backfill): the same row, replaced.
      const again = { ...kept, txIndex: 2 };
      expect(await store.evidence.putEvidence(again)).toBe(true);
      expect(await store.evidence.evidenceByTxid(txidOf(2))).toEqual(again);
    });

    it('refuses evidence for a root not anchored, or of another transaction or height, writing nothing', async () => {
      const id = await anchorAt(2, 4_000_010);
      expect(await store.evidence.putEvidence(evidenceOf(id, 3, 4_000_010))).toBe(false);
      expect(await store.evidence.putEvidence(evidenceOf(id, 2, 4_000_011))).toBe(false);
      expect(await store.evidence.putEvidence(evidenceOf(id + 100, 2, 4_000_010))).toBe(false);
      const pending = await store.anchors.recordAnchorIntent({ rootHex: 'b'.repeat(64), leafCount: 3 });
      expect(await store.evidence.putEvidence(evidenceOf(pending.id, 3, 4_000_010))).toBe(false);
      expect(await store.evidence.evidenceByTxid(txidOf(2))).toBeNull();
      expect(await store.evidence.evidenceByTxid(txidOf(3))).toBeNull();
    });

    it('drops the evidence with its root when a reorganisation reverts the anchor', async () => {
      const id = await anchorAt(2, 4_000_010);
      await store.evidence.putEvidence(evidenceOf(id, 2, 4_000_010));
      await store.anchors.revertAnchor(id, 'reorganised');
      expect(await store.evidence.evidenceByTxid(txidOf(2))).toBeNull();
      expect(await store.evidence.anchoredWithoutEvidence(10)).toEqual([]);
    });
  });
}
