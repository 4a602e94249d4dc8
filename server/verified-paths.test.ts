import { describe, expect, it, vi } from 'vitest';
import { MerkleTree, hashLeafPreimage, toHex, verifyProof } from '../src/core/index.js';
import { UnservableProofError } from './proofs.js';
import { VerifiedPaths, memoLevel } from './verified-paths.js';

const leafAt = (i: number): string =>
  toHex(hashLeafPreimage(Uint8Array.of(0x07, i >> 16, (i >> 8) & 255, i & 255)));

function treeOf(count: number): MerkleTree {
  const tree = new MerkleTree();
  for (let i = 0; i < count; i++) tree.append(leafAt(i));
  return tree;
}

const target = (tree: MerkleTree, leafCount: number, anchorId = 1) => ({
  anchorId,
  rootHex: tree.root(leafCount),
  leafCount,
});

describe('VerifiedPaths', () => {
  it('gives exactly the tree proof of every covered leaf, which verifies, with and without the fill', async () => {
    const tree = treeOf(300);
    for (const leafCount of [1, 2, 3, 7, 8, 9, 31, 64, 100, 255, 300]) {
      for (const fill of [false, true]) {
        // widthBits 3: the memo starts a few levels up, so leaves are hashed below it too.
        const paths = new VerifiedPaths(tree, { widthBits: 3, warmUp: false });
        const anchored = target(tree, leafCount);
        if (fill) await paths.fillNow(anchored);
        let covered = 0;
        for (let i = 0; i < leafCount; i++) {
          const proof = paths.proof(leafAt(i), i, anchored);
          if (proof === null) continue;
          covered++;
          expect(proof).toEqual(tree.inclusionProof(i, leafCount));
          expect(verifyProof({ leafHex: leafAt(i), proof, leafCount, rootHex: anchored.rootHex }).valid).toBe(
            true,
          );
        }
        // Only the leaves after the last complete block of the memo level are left to the full path.
        const block = 2 ** memoLevel(leafCount, 3);
        expect(covered).toBe(Math.floor(leafCount / block) * block);
      }
    }
  });

  it('after the fill, a first request hashes only below the memo level, without building the tree proof', async () => {
    const tree = treeOf(1000);
    const paths = new VerifiedPaths(tree, { widthBits: 5, warmUp: false });
    const anchored = target(tree, 1000);
    await paths.fillNow(anchored);
    const full = vi.spyOn(tree, 'inclusionProof');
    for (let i = 0; i < 992; i += 7) expect(paths.proof(leafAt(i), i, anchored)).not.toBeNull();
    expect(full).not.toHaveBeenCalled();
    // The memo stays about twice its width: memory does not grow with the tree.
    expect(paths.nodeCount).toBeLessThanOrEqual(2 * 2 ** 5 + 10);
  });

  it('never returns a proof that does not reach the anchored root', async () => {
    const tree = treeOf(200);
    const wrongRoot = { anchorId: 1, rootHex: tree.root(199), leafCount: 200 };
    const paths = new VerifiedPaths(tree, { widthBits: 3, warmUp: false });
    expect(() => paths.proof(leafAt(5), 5, wrongRoot)).toThrow(UnservableProofError);
    // A fill against a root the tree does not have admits nothing, so requests still fail.
    await paths.fillNow(wrongRoot);
    expect(paths.nodeCount).toBe(0);
    expect(() => paths.proof(leafAt(50), 50, wrongRoot)).toThrow(UnservableProofError);

    // With the right root memoized, a leaf hash that is not the one at that position is refused.
    const good = new VerifiedPaths(tree, { widthBits: 3, warmUp: false });
    const anchored = target(tree, 200, 2);
    await good.fillNow(anchored);
    expect(() => good.proof(leafAt(6), 5, anchored)).toThrow(UnservableProofError);
    expect(good.proof(leafAt(5), 5, anchored)).toEqual(tree.inclusionProof(5, 200));
  });

  it('keeps roots apart: a leaf is proven against whichever anchored root is asked for', () => {
    const tree = treeOf(120);
    const paths = new VerifiedPaths(tree, { widthBits: 2, warmUp: false, maxRoots: 2 });
    for (const [anchorId, leafCount] of [
      [1, 40],
      [2, 80],
      [3, 120],
      [1, 40],
    ] as const) {
      const anchored = target(tree, leafCount, anchorId);
      expect(paths.proof(leafAt(3), 3, anchored)).toEqual(tree.inclusionProof(3, leafCount));
    }
  });

  it('picks a memo level that keeps the memo at most 2^15 nodes wide', () => {
    expect(memoLevel(1)).toBe(0);
    expect(memoLevel(32_767)).toBe(0);
    expect(memoLevel(32_768)).toBe(1);
    expect(memoLevel(1_000_000)).toBe(5);
    expect(Math.floor(1_000_000 / 2 ** memoLevel(1_000_000))).toBeLessThanOrEqual(2 ** 15);
  });
});
