/**
 * The store's contract on chain evidence: kept per anchored root with its block commitments, found
 * by txid, listed while missing or kept without the commitments (for the backfill), refused for a
 * root that is not anchored in that transaction at that height, and gone when a reorganisation
 * reverts the anchor; and on the block hash of each anchored root, given when anchored, taken from
 * the evidence kept for it, and moved when the transaction is mined again at the same height. Run
 * by each store's test file beside store-contract.ts, against the same harness.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EvidenceCommitments, Store, StoredChainEvidence } from './store.js';
import { testEvent, type StoreHarness } from './store-contract.js';

const txidOf = (n: number): string => n.toString(16).padStart(64, 'e');

const COMMITMENTS: EvidenceCommitments = {
  txCount: 3,
  authDigestBranch: ['3'.repeat(64), '4'.repeat(64)],
  chainHistoryRoot: '5'.repeat(64),
};

function evidenceOf(
  anchorId: number,
  n: number,
  height: number,
  commitments: EvidenceCommitments | null = COMMITMENTS,
): StoredChainEvidence {
  return {
    anchorId,
    txid: txidOf(n),
    height,
    blockHash: n.toString(16).padStart(64, 'b'),
    blockHeaderHex: '04000000' + 'ab'.repeat(136),
    txIndex: 1,
    merkleBranch: ['1'.repeat(64), '2'.repeat(64)],
    transactionHex: '050000800a27a726' + 'cd'.repeat(40),
    commitments,
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

  async function anchorAt(leafCount: number, height: number, blockHash?: string): Promise<number> {
    const a = await store.anchors.recordAnchorIntent({ rootHex: 'a'.repeat(64), leafCount });
    await store.anchors.setAnchorTxid(a.id, txidOf(leafCount));
    await store.anchors.markAnchored(a.id, { height, blockTime: null, blockHash });
    return a.id;
  }

  /** The block hash of anchored root `anchorId` as each way of reading roots gives it. */
  async function blockHashesOf(anchorId: number, leafCount: number): Promise<(string | null | undefined)[]> {
    const anchors = store.anchors;
    return [
      (await anchors.anchoredRoots()).find((r) => r.anchorId === anchorId)?.blockHash,
      (await anchors.anchoredRootBySize(leafCount))?.blockHash,
      (await anchors.firstAnchoredRootCovering(leafCount))?.blockHash,
      (await anchors.anchoredRootByTxidPrefix(txidOf(leafCount)))?.blockHash,
    ];
  }

  describe(`${name}: chain evidence`, () => {
    it('keeps the evidence of an anchored root, finds it by txid, and lists roots still without', async () => {
      const first = await anchorAt(2, 4_000_010);
      const second = await anchorAt(4, 4_000_020);
      expect((await store.evidence.anchoredNeedingEvidence(10)).map((r) => r.anchorId)).toEqual([
        first,
        second,
      ]);
      const kept = evidenceOf(first, 2, 4_000_010);
      expect(await store.evidence.putEvidence(kept)).toBe(true);
      expect(await store.evidence.evidenceByTxid(txidOf(2))).toEqual(kept);
      expect(await store.evidence.evidenceByTxid(txidOf(9))).toBeNull();
      expect((await store.evidence.anchoredNeedingEvidence(10)).map((r) => r.anchorId)).toEqual([second]);
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

    it('keeps the block commitments; evidence kept without them is listed to be read again', async () => {
      const first = await anchorAt(2, 4_000_010);
      const second = await anchorAt(4, 4_000_020);
      const older = evidenceOf(second, 4, 4_000_020, null);
      expect(await store.evidence.putEvidence(older)).toBe(true);
      expect(await store.evidence.evidenceByTxid(txidOf(4))).toEqual(older);
      // A block of one transaction has an empty branch: kept as such, not as "none".
      const single = evidenceOf(first, 2, 4_000_010, { ...COMMITMENTS, txCount: 1, authDigestBranch: [] });
      expect(await store.evidence.putEvidence(single)).toBe(true);
      expect(await store.evidence.evidenceByTxid(txidOf(2))).toEqual(single);
      expect((await store.evidence.anchoredNeedingEvidence(10)).map((r) => r.anchorId)).toEqual([second]);
      const read = evidenceOf(second, 4, 4_000_020);
      expect(await store.evidence.putEvidence(read)).toBe(true);
      expect(await store.evidence.evidenceByTxid(txidOf(4))).toEqual(read);
      expect(await store.evidence.anchoredNeedingEvidence(10)).toEqual([]);
    });

    it('records the block hash given when anchored, else the one the evidence was read from', async () => {
      const given = await anchorAt(2, 4_000_010, 'f'.repeat(64));
      expect(await blockHashesOf(given, 2)).toEqual(Array(4).fill('f'.repeat(64)));
      const unknown = await anchorAt(4, 4_000_020);
      expect(await blockHashesOf(unknown, 4)).toEqual([null, null, null, null]);
      // Refused evidence (another height) leaves it as it was.
      expect(await store.evidence.putEvidence(evidenceOf(unknown, 4, 4_000_021))).toBe(false);
      expect(await blockHashesOf(unknown, 4)).toEqual([null, null, null, null]);
      const kept = evidenceOf(unknown, 4, 4_000_020);
      await store.evidence.putEvidence(kept);
      expect(await blockHashesOf(unknown, 4)).toEqual(Array(4).fill(kept.blockHash));
      // Evidence read again from another block at that height (a reorganisation) moves it too.
      await store.evidence.putEvidence({ ...kept, blockHash: '9'.repeat(64) });
      expect(await blockHashesOf(unknown, 4)).toEqual(Array(4).fill('9'.repeat(64)));
      expect(await blockHashesOf(given, 2)).toEqual(Array(4).fill('f'.repeat(64)));
    });

    it('moves the block hash of a root mined again at its height, and of that root only', async () => {
      const id = await anchorAt(2, 4_000_010, 'f'.repeat(64));
      const moved = { txid: txidOf(2), height: 4_000_010, blockHash: '8'.repeat(64) };
      expect(await store.anchors.updateBlockHash(id, moved)).toBe(true);
      expect(await blockHashesOf(id, 2)).toEqual(Array(4).fill('8'.repeat(64)));
      const elsewhere = { ...moved, blockHash: '7'.repeat(64) };
      expect(await store.anchors.updateBlockHash(id, { ...elsewhere, height: 4_000_011 })).toBe(false);
      expect(await store.anchors.updateBlockHash(id, { ...elsewhere, txid: txidOf(3) })).toBe(false);
      expect(await store.anchors.updateBlockHash(id + 100, elsewhere)).toBe(false);
      await expect(
        store.anchors.updateBlockHash(id, { ...moved, blockHash: 'AB'.repeat(32) }),
      ).rejects.toThrow(RangeError);
      expect(await blockHashesOf(id, 2)).toEqual(Array(4).fill('8'.repeat(64)));
      await store.anchors.revertAnchor(id, 'reorganised');
      expect(await store.anchors.updateBlockHash(id, moved)).toBe(false);
    });

    it('drops the evidence with its root when a reorganisation reverts the anchor', async () => {
      const id = await anchorAt(2, 4_000_010);
      await store.evidence.putEvidence(evidenceOf(id, 2, 4_000_010));
      await store.anchors.revertAnchor(id, 'reorganised');
      expect(await store.evidence.evidenceByTxid(txidOf(2))).toBeNull();
      expect(await store.evidence.anchoredNeedingEvidence(10)).toEqual([]);
    });
  });
}
