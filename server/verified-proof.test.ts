import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MerkleTree, hashLeafPreimage, toHex, verifyProof } from '../src/core/index.js';
import { UnservableProofError } from './proofs.js';
import { verifiedInclusionProof } from './verified-proof.js';

const leafAt = (i: number): string =>
  toHex(hashLeafPreimage(Uint8Array.of(0x07, i >> 16, (i >> 8) & 255, i & 255)));

function treeOf(count: number): MerkleTree {
  const tree = new MerkleTree();
  for (let i = 0; i < count; i++) tree.append(leafAt(i));
  return tree;
}

describe('verifiedInclusionProof', () => {
  it("is the tree's proof of every leaf against every earlier root, and verifies", () => {
    const tree = treeOf(70);
    for (let leafCount = 1; leafCount <= 70; leafCount++) {
      const rootHex = tree.root(leafCount);
      for (let i = 0; i < leafCount; i++) {
        const proof = verifiedInclusionProof(tree, leafAt(i), i, { rootHex, leafCount });
        expect(proof).toEqual(tree.inclusionProof(i, leafCount));
        expect(verifyProof({ leafHex: leafAt(i), proof, leafCount, rootHex }).valid).toBe(true);
      }
    }
  });

  it('serves a proof against any of many anchored roots, whatever the anchoring cadence', () => {
    const tree = treeOf(600);
    fc.assert(
      fc.property(
        // Anchor cadences: the leaf counts of successive anchored roots.
        fc.uniqueArray(fc.integer({ min: 1, max: 600 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 20 }),
        (counts, picks) => {
          const roots = [...counts]
            .sort((a, b) => a - b)
            .map((leafCount) => ({ leafCount, rootHex: tree.root(leafCount) }));
          for (const pick of picks) {
            const index = pick % roots.at(-1)!.leafCount;
            // The first anchored root that contains the leaf, as the service picks it.
            const target = roots.find((root) => root.leafCount > index)!;
            const proof = verifiedInclusionProof(tree, leafAt(index), index, target);
            expect(verifyProof({ leafHex: leafAt(index), proof, ...target }).valid).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never returns a proof that does not reach the anchored root', () => {
    const tree = treeOf(200);
    expect(() =>
      verifiedInclusionProof(tree, leafAt(5), 5, { rootHex: tree.root(199), leafCount: 200 }),
    ).toThrow(UnservableProofError);
    // The leaf hash that is not the one at that position.
    expect(() =>
      verifiedInclusionProof(tree, leafAt(6), 5, { rootHex: tree.root(200), leafCount: 200 }),
    ).toThrow(UnservableProofError);
  });
});
