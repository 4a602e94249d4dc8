import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyConsistency } from './consistency.js';
import { hashLeafPreimage } from './hash.js';
import { parseHash, toHex } from './hex.js';
import { merkleRoot, rawMerkleRoot } from '../../test/merkle-reference.js';
import { MerkleTree } from './merkle-tree.js';

const LEAVES = Array.from({ length: 700 }, (_, i) =>
  toHex(hashLeafPreimage(Uint8Array.of(0x17, i >> 8, i & 255))),
);
const TREE = new MerkleTree();
for (const leaf of LEAVES) TREE.append(leaf);

const flip = (hex: string): string => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
const inputFor = (fromSize: number, toSize: number) => ({
  fromSize,
  toSize,
  fromRootHex: TREE.root(fromSize),
  toRootHex: TREE.root(toSize),
  proof: TREE.consistencyProof(fromSize, toSize),
});

describe('verifyConsistency (docs/architecture.md decision 7, RFC 6962 2.1.2 / RFC 9162 2.1.4.2 over raw nodes)', () => {
  it('accepts the proof between every pair of sizes up to 40', () => {
    for (let to = 1; to <= 40; to++) {
      for (let from = 1; from <= to; from++)
        expect(verifyConsistency(inputFor(from, to))).toEqual({ valid: true });
    }
  });

  it('follows the RFC 6962 2.1.3 examples, with the old raw root first for a power-of-two start', () => {
    const raw = (from: number, to: number): string =>
      toHex(rawMerkleRoot(LEAVES.slice(from, to).map((h) => parseHash(h))));
    // RFC 6962: 3 -> 7 is [c, d, g, l]; 4 -> 7 is [l]; 6 -> 7 is [i, j, k].
    expect(TREE.consistencyProof(3, 7)).toEqual([LEAVES[2], LEAVES[3], raw(0, 2), raw(4, 7)]);
    expect(TREE.consistencyProof(4, 7)).toEqual([raw(0, 4), raw(4, 7)]);
    expect(TREE.consistencyProof(6, 7)).toEqual([raw(4, 6), LEAVES[6], raw(0, 4)]);
  });

  it('uses the committed roots that merkleRoot gives', () => {
    const input = inputFor(3, 7);
    expect(input.fromRootHex).toBe(merkleRoot(LEAVES.slice(0, 3)));
    expect(input.toRootHex).toBe(merkleRoot(LEAVES.slice(0, 7)));
    // RFC 6962's example sizes: 3 -> 7 needs 4 nodes; a power-of-two start carries the old raw root first.
    expect(input.proof).toHaveLength(4);
    expect(TREE.consistencyProof(4, 7)[0]).toBe(toHex(TREE.rawRoot(4)));
  });

  it('accepts random pairs up to 700 leaves and rejects every tampered variant', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 700 }), fc.integer({ min: 1, max: 700 }), (a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const input = inputFor(from, to);
        expect(verifyConsistency(input)).toEqual({ valid: true });
        input.proof.forEach((_, i) => {
          const proof = input.proof.map((h, j) => (i === j ? flip(h) : h));
          expect(verifyConsistency({ ...input, proof }).valid).toBe(false);
        });
        if (input.proof.length > 0) {
          expect(verifyConsistency({ ...input, proof: input.proof.slice(0, -1) }).valid).toBe(false);
          expect(verifyConsistency({ ...input, proof: input.proof.slice(1) }).valid).toBe(false);
          expect(verifyConsistency({ ...input, proof: [...input.proof, input.proof[0]!] }).valid).toBe(false);
        }
        expect(verifyConsistency({ ...input, fromRootHex: flip(input.fromRootHex) }).valid).toBe(false);
        expect(verifyConsistency({ ...input, toRootHex: flip(input.toRootHex) }).valid).toBe(false);
        if (to < 700) expect(verifyConsistency({ ...input, toSize: to + 1 }).valid).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it('detects a rewritten leaf: the later tree must extend the earlier one', () => {
    const other = new MerkleTree();
    LEAVES.slice(0, 20).forEach((leaf, i) => other.append(i === 5 ? LEAVES[600]! : leaf));
    const result = verifyConsistency({
      fromSize: 10,
      toSize: 20,
      fromRootHex: TREE.root(10),
      toRootHex: other.root(20),
      proof: other.consistencyProof(10, 20),
    });
    expect(result.valid).toBe(false);
    expect(result.error).toMatch(/earlier root/);
  });

  it('equal sizes: valid with an empty proof and equal roots only', () => {
    expect(verifyConsistency(inputFor(9, 9))).toEqual({ valid: true });
    expect(verifyConsistency({ ...inputFor(9, 9), toRootHex: TREE.root(8) }).error).toMatch(/differ/);
    expect(verifyConsistency({ ...inputFor(9, 9), proof: [LEAVES[0]!] }).error).toMatch(/must be empty/);
  });

  it('explains malformed input in plain words and never throws', () => {
    const good = inputFor(5, 9);
    expect(verifyConsistency({ ...good, fromSize: 0 }).error).toMatch(/fromSize/);
    expect(verifyConsistency({ ...good, toSize: 4 }).error).toMatch(/larger/);
    expect(verifyConsistency({ ...good, fromRootHex: good.fromRootHex.toUpperCase() }).error).toMatch(
      /earlier root/,
    );
    expect(verifyConsistency({ ...good, proof: ['xyz'] }).error).toMatch(/proof node 1/);
    expect(verifyConsistency({ ...good, proof: [] }).error).toMatch(/empty/);
    fc.assert(
      fc.property(fc.anything(), (junk) => {
        expect(verifyConsistency(junk as Parameters<typeof verifyConsistency>[0]).valid).toBe(false);
        expect(
          verifyConsistency({ ...good, proof: junk } as Parameters<typeof verifyConsistency>[0]).valid,
        ).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
