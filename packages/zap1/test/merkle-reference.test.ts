import { describe, expect, it } from 'vitest';
import { readZap1Json } from './vectors.js';
import { z } from 'zod';
import { EMPTY_ROOT_HEX, commitRoot, hashNode } from '../src/protocol/hash.js';
import { parseHash, toHex } from '../src/protocol/hex.js';
import {
  legacyMerkleProof,
  legacyMerkleRoot,
  merkleProof,
  merkleRoot,
  rawMerkleRoot,
} from './merkle-reference.js';

const treeVector = z.object({
  description: z.string(),
  leaves: z.array(z.string()),
  expected_root: z.string(),
});
const treeVectors = z
  .object({ vectors: z.array(treeVector).length(4) })
  .parse(readZap1Json('tree_vectors.json')).vectors;
const hashVectorTrees = z
  .object({ merkle_tree_vectors: z.array(treeVector).length(1) })
  .parse(readZap1Json('hash_vectors.json')).merkle_tree_vectors;

const L0 = '075b00df286038a7b3f6bb70054df61343e3481fba579591354a00214e9e019b';
const L1 = 'de62554ad3867a59895befa7216686c923fc86245231e8fb6bd709a20e1fd133';
const L2 = '344a05bf81faf6e2d54a0e52ea0267aff0244998eb1ee27adf5627413e92f089';
const node = (left: string, right: string): string => toHex(hashNode(parseHash(left), parseHash(right)));

describe('merkleRoot (docs/protocol.md 3.1)', () => {
  it.each(treeVectors)('tree_vectors.json: $description', ({ leaves, expected_root }) => {
    expect(merkleRoot(leaves)).toBe(expected_root);
  });

  it.each(hashVectorTrees)('hash_vectors.json: $description', ({ leaves, expected_root }) => {
    expect(merkleRoot(leaves)).toBe(expected_root);
  });

  it('carries the odd last node up unchanged: raw root of 3 leaves is H(H(L0, L1), L2)', () => {
    const raw = rawMerkleRoot([L0, L1, L2].map((h) => parseHash(h)));
    expect(toHex(raw)).toBe(node(node(L0, L1), L2));
    expect(merkleRoot([L0, L1, L2])).toBe(toHex(commitRoot(3, raw)));
  });

  it('binds the leaf count: [A,B,C] and [A,B,C,C] have different roots', () => {
    expect(merkleRoot([L0, L1, L2])).not.toBe(merkleRoot([L0, L1, L2, L2]));
  });

  it('a single leaf is its own raw root, and no leaves give the zero root', () => {
    expect(toHex(rawMerkleRoot([parseHash(L0)]))).toBe(L0);
    expect(toHex(rawMerkleRoot([]))).toBe(EMPTY_ROOT_HEX);
    expect(merkleRoot([])).toBe(EMPTY_ROOT_HEX);
  });

  it('rejects leaves that are not 64 lowercase hex, naming the position', () => {
    expect(() => merkleRoot([L0, L1.toUpperCase()])).toThrow(/leafHexes\[1\]/);
    expect(() => merkleRoot([L0.slice(2)])).toThrow(RangeError);
    expect(() => rawMerkleRoot([new Uint8Array(31)])).toThrow(RangeError);
  });
});

describe('legacyMerkleRoot (docs/protocol.md 3.2)', () => {
  it('gives the first mainnet anchor root for its two leaves', () => {
    expect(legacyMerkleRoot([L0, L1])).toBe(
      '024e36515ea30efc15a0a7962dd8f677455938079430b9eab174f46a4328a07a',
    );
  });

  it('duplicates the odd last node and commits no count', () => {
    expect(legacyMerkleRoot([L0, L1, L2])).toBe(node(node(L0, L1), node(L2, L2)));
    expect(legacyMerkleRoot([L0])).toBe(L0);
    expect(legacyMerkleRoot([])).toBe(EMPTY_ROOT_HEX);
  });
});

describe('merkleProof (docs/protocol.md 3.3)', () => {
  it('gives the left sibling for the second of two leaves (the valid_bundle.json proof)', () => {
    expect(merkleProof([L0, L1], 1)).toEqual([{ hash: L0, position: 'left' }]);
    expect(merkleProof([L0, L1], 0)).toEqual([{ hash: L1, position: 'right' }]);
  });

  it('emits no step where the node is carried up', () => {
    expect(merkleProof([L0, L1, L2], 2)).toEqual([{ hash: node(L0, L1), position: 'left' }]);
    expect(merkleProof([L0], 0)).toEqual([]);
  });

  it('legacy generation uses the node itself as the missing right sibling', () => {
    expect(legacyMerkleProof([L0, L1, L2], 2)).toEqual([
      { hash: L2, position: 'right' },
      { hash: node(L0, L1), position: 'left' },
    ]);
  });

  it('rejects an index outside the leaves', () => {
    expect(() => merkleProof([L0, L1], 2)).toThrow(RangeError);
    expect(() => merkleProof([], 0)).toThrow(RangeError);
  });
});
