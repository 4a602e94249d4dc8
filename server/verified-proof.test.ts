import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MerkleTree, hashLeafPreimage, toHex, verifyProof } from 'zap1';
import { pathHashingCounts } from './path-hashing.js';
import { UnservableProofError } from './proofs.js';
import { verifiedInclusionProof } from './verified-proof.js';
import { VerifiedUpperPaths } from './verified-upper-paths.js';

const leafAt = (i: number): string =>
  toHex(hashLeafPreimage(Uint8Array.of(0x07, i >> 16, (i >> 8) & 255, i & 255)));

function treeOf(count: number): MerkleTree {
  const tree = new MerkleTree();
  for (let i = 0; i < count; i++) tree.append(leafAt(i));
  return tree;
}

describe('verifiedInclusionProof', () => {
  it("is the tree's proof of every leaf against every earlier root, and verifies", async () => {
    const tree = treeOf(70);
    for (let leafCount = 1; leafCount <= 70; leafCount++) {
      const rootHex = tree.root(leafCount);
      for (let i = 0; i < leafCount; i++) {
        const proof = await verifiedInclusionProof(tree, leafAt(i), i, { rootHex, leafCount });
        expect(proof).toEqual(tree.inclusionProof(i, leafCount));
        expect(verifyProof({ leafHex: leafAt(i), proof, leafCount, rootHex }).valid).toBe(true);
      }
    }
  });

  it('serves a proof against any of many anchored roots, whatever the anchoring cadence', async () => {
    const tree = treeOf(600);
    await fc.assert(
      fc.asyncProperty(
        // Anchor cadences: the leaf counts of successive anchored roots.
        fc.uniqueArray(fc.integer({ min: 1, max: 600 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 20 }),
        async (counts, picks) => {
          const roots = [...counts]
            .sort((a, b) => a - b)
            .map((leafCount) => ({ leafCount, rootHex: tree.root(leafCount) }));
          for (const pick of picks) {
            const index = pick % roots.at(-1)!.leafCount;
            // The first anchored root that contains the leaf, as the service picks it.
            const target = roots.find((root) => root.leafCount > index)!;
            const proof = await verifiedInclusionProof(tree, leafAt(index), index, target);
            expect(verifyProof({ leafHex: leafAt(index), proof, ...target }).valid).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never returns a proof that does not reach the anchored root', async () => {
    const tree = treeOf(200);
    await expect(
      verifiedInclusionProof(tree, leafAt(5), 5, { rootHex: tree.root(199), leafCount: 200 }),
    ).rejects.toThrow(UnservableProofError);
    // The leaf hash that is not the one at that position.
    await expect(
      verifiedInclusionProof(tree, leafAt(6), 5, { rootHex: tree.root(200), leafCount: 200 }),
    ).rejects.toThrow(UnservableProofError);
  });

  it('hashes paths asked for together on the hashing thread, and refuses only the wrong one', async () => {
    const tree = treeOf(3000);
    const target = { rootHex: tree.root(3000), leafCount: 3000 };
    const indexes = Array.from({ length: 64 }, (_, i) => i * 46);
    const before = pathHashingCounts();
    // Leaf 46 * 7 is asked for with the hash of the leaf after it.
    const outcomes = await Promise.allSettled(
      indexes.map((index) =>
        verifiedInclusionProof(tree, leafAt(index === 322 ? 323 : index), index, target),
      ),
    );
    outcomes.forEach((outcome, k) => {
      if (indexes[k] === 322) {
        expect(outcome.status).toBe('rejected');
        expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(UnservableProofError);
      } else {
        expect(outcome).toEqual({ status: 'fulfilled', value: tree.inclusionProof(indexes[k]!, 3000) });
      }
    });
    const after = pathHashingCounts();
    expect(after.onThread - before.onThread).toBe(64);
    expect(after.here - before.here).toBe(0);
  });

  describe('reusing the verified upper paths of anchored roots', () => {
    const tree = treeOf(3000);

    it("serves exactly the tree's proofs, whatever the cadence and the order of requests", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 12 }),
          fc.array(fc.nat(), { minLength: 1, maxLength: 60 }),
          async (counts, picks) => {
            const upperPaths = new VerifiedUpperPaths();
            const roots = [...counts]
              .sort((a, b) => a - b)
              .map((leafCount) => ({ leafCount, rootHex: tree.root(leafCount) }));
            // Each leaf twice: once as it comes, once again when its root's paths are kept.
            for (const pick of [...picks, ...picks]) {
              const index = pick % roots.at(-1)!.leafCount;
              const target = roots.find((root) => root.leafCount > index)!;
              const proof = await verifiedInclusionProof(tree, leafAt(index), index, target, upperPaths);
              expect(proof).toEqual(tree.inclusionProof(index, target.leafCount));
            }
          },
        ),
        { numRuns: 100 },
      );
    });

    it('hashes only below the deepest kept node once a root has been asked for', async () => {
      const upperPaths = new VerifiedUpperPaths();
      const target = { rootHex: tree.root(3000), leafCount: 3000 };
      await verifiedInclusionProof(tree, leafAt(10), 10, target, upperPaths);
      // 3,000 leaves: the path's nodes of 64 leaves or more, below the root (2048 down to 64).
      expect(upperPaths.size).toBe(6);
      const kept = upperPaths.deepest(target, [
        { start: 0, end: 3000 },
        { start: 0, end: 2048 },
        { start: 0, end: 1024 },
        { start: 0, end: 512 },
        { start: 0, end: 256 },
        { start: 0, end: 128 },
        { start: 0, end: 64 },
      ]);
      expect(kept?.depth).toBe(6);
      const expected = tree.inclusionProof(200, 3000);
      // Spoil a stored node above the kept ones (leaves 512..1023, the sibling of 0..511): the
      // whole path of leaf 200 no longer reaches the root, but the part below its kept node of 256
      // leaves (0..255; leaf 10's path kept 0..127, not 128..255) does, and the kept steps above it are the ones verified before.
      const stored = tree.nodeBytes(9, 1);
      const saved = stored.slice();
      stored.fill(0);
      try {
        await expect(verifiedInclusionProof(tree, leafAt(200), 200, target)).rejects.toThrow(
          UnservableProofError,
        );
        expect(await verifiedInclusionProof(tree, leafAt(200), 200, target, upperPaths)).toEqual(expected);
      } finally {
        stored.set(saved);
      }
    });

    it('keeps a root by its hash and its leaf count: the right hash with another count still fails', async () => {
      const upperPaths = new VerifiedUpperPaths();
      const rootHex = tree.root(3000);
      await verifiedInclusionProof(tree, leafAt(10), 10, { rootHex, leafCount: 3000 }, upperPaths);
      await expect(
        verifiedInclusionProof(tree, leafAt(10), 10, { rootHex, leafCount: 2500 }, upperPaths),
      ).rejects.toThrow(UnservableProofError);
    });

    it('still refuses a leaf that is not the one at that position, with its upper path kept', async () => {
      const upperPaths = new VerifiedUpperPaths();
      const target = { rootHex: tree.root(3000), leafCount: 3000 };
      await verifiedInclusionProof(tree, leafAt(5), 5, target, upperPaths);
      await expect(verifiedInclusionProof(tree, leafAt(6), 5, target, upperPaths)).rejects.toThrow(
        UnservableProofError,
      );
      await expect(
        verifiedInclusionProof(tree, leafAt(5), 5, { ...target, rootHex: tree.root(2999) }, upperPaths),
      ).rejects.toThrow(UnservableProofError);
    });

    it('keeps at most the entries it is given, dropping whole roots least recently used first', async () => {
      const upperPaths = new VerifiedUpperPaths(20);
      const kept: number[] = [];
      for (const leafCount of [400, 500, 600]) {
        const target = { rootHex: tree.root(leafCount), leafCount };
        for (const index of [0, 150, 300, 399]) {
          await verifiedInclusionProof(tree, leafAt(index), index, target, upperPaths);
          expect(upperPaths.size).toBeLessThanOrEqual(20);
        }
        kept.push(upperPaths.size);
      }
      // The four paths keep 8 nodes of the 400-leaf root, 10 of the 500-leaf one and 11 of the
      // 600-leaf one: the second joined the first (8 + 10 fit in 20), the third pushed both out,
      // least recently used first (18 + 11 and then 10 + 11 exceed 20).
      expect(kept).toEqual([8, 18, 11]);
      expect(upperPaths.rootCount).toBe(1);
      const newest = { rootHex: tree.root(600), leafCount: 600 };
      const newestPath = [
        { start: 0, end: 600 },
        { start: 0, end: 512 },
      ];
      expect(upperPaths.deepest(newest, newestPath)).not.toBe(null);
      const oldest = { rootHex: tree.root(400), leafCount: 400 };
      expect(
        upperPaths.deepest(oldest, [
          { start: 0, end: 400 },
          { start: 0, end: 256 },
        ]),
      ).toBe(null);
    });

    it('keeps only larger nodes of a root whose nodes of 64 leaves would not fit the bound', async () => {
      const leafCount = 3000;
      const target = { rootHex: tree.root(leafCount), leafCount };
      // Leaf 0's path: nodes of 2048 leaves down to 64 (six); with room for 80 entries, a root of
      // 3,000 leaves (about 94 nodes of 64 leaves or more) keeps those of 128 or more (five).
      const roomy = new VerifiedUpperPaths();
      await verifiedInclusionProof(tree, leafAt(0), 0, target, roomy);
      expect(roomy.size).toBe(6);
      const tight = new VerifiedUpperPaths(80);
      await verifiedInclusionProof(tree, leafAt(0), 0, target, tight);
      expect(tight.size).toBe(5);
      // Every leaf asked for: the root stays within the bound, so it is never pushed out by itself.
      for (let index = 0; index < leafCount; index += 7) {
        expect(await verifiedInclusionProof(tree, leafAt(index), index, target, tight)).toEqual(
          tree.inclusionProof(index, leafCount),
        );
      }
      // All its nodes of 128 leaves or more below the root: 42 complete ones and 3 of its right edge.
      expect(tight.rootCount).toBe(1);
      expect(tight.size).toBe(45);
    });

    it('holds nothing for roots too small to keep a node', async () => {
      const upperPaths = new VerifiedUpperPaths();
      for (let leafCount = 2; leafCount <= 64; leafCount++) {
        await verifiedInclusionProof(
          tree,
          leafAt(0),
          0,
          { rootHex: tree.root(leafCount), leafCount },
          upperPaths,
        );
      }
      expect(upperPaths.size).toBe(0);
      expect(upperPaths.rootCount).toBe(0);
    });
  });
});
