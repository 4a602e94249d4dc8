import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from '../protocol/hex.js';
import { sha256d } from './block.js';
import { ChainFormatError, fromDisplayHex, toDisplayHex } from './bytes.js';
import {
  MAX_MERKLE_BRANCH_LENGTH,
  blockMerkleRoot,
  merkleBranch,
  merkleRootFromBranch,
} from './merkle-branch.js';

/** n distinct txids in display order. */
const txids = (n: number): string[] =>
  Array.from({ length: n }, (_, i) => toDisplayHex(sha256d(Uint8Array.of(i, n))));
const leaf = (txid: string): Uint8Array => fromDisplayHex(txid);
const node = (a: Uint8Array, b: Uint8Array): Uint8Array => sha256d(a, b);

describe('blockMerkleRoot', () => {
  it('is the txid itself (natural order) for a single transaction', () => {
    const [a] = txids(1);
    expect(blockMerkleRoot([a!])).toBe(toHex(leaf(a!)));
    expect(merkleBranch([a!], 0)).toEqual([]);
    expect(merkleRootFromBranch(a!, [], 0)).toBe(toHex(leaf(a!)));
  });

  it('hashes natural-order pairs and pairs an odd last node with itself', () => {
    const [a, b, c] = txids(3).map(leaf);
    const three = txids(3);
    expect(blockMerkleRoot(three.slice(0, 2))).toBe(toHex(node(a!, b!)));
    expect(blockMerkleRoot(three)).toBe(toHex(node(node(a!, b!), node(c!, c!))));
    expect(merkleBranch(three, 2)).toEqual([toHex(c!), toHex(node(a!, b!))]);
    expect(merkleBranch(three, 1)).toEqual([toHex(a!), toHex(node(c!, c!))]);
  });

  it('takes txids in either hex case and refuses malformed ones', () => {
    const ids = txids(2);
    expect(blockMerkleRoot(ids.map((t) => t.toUpperCase()))).toBe(blockMerkleRoot(ids));
    expect(() => blockMerkleRoot(['00'])).toThrow(ChainFormatError);
  });

  it('refuses an empty list or a non-list with ChainFormatError: every block has a coinbase', () => {
    for (const notTxids of [[], 'ab', null, undefined, { length: 1 }]) {
      expect(() => blockMerkleRoot(notTxids as never)).toThrow(ChainFormatError);
      expect(() => merkleBranch(notTxids as never, 0)).toThrow(ChainFormatError);
    }
    expect(() => blockMerkleRoot([])).toThrow(/non-empty array/);
  });
});

describe('merkleBranch and merkleRootFromBranch', () => {
  it('every branch of every tree of 1 to 40 transactions leads to its root', () => {
    for (let n = 1; n <= 40; n++) {
      const ids = txids(n);
      const root = blockMerkleRoot(ids);
      for (let i = 0; i < n; i++) expect(merkleRootFromBranch(ids[i]!, merkleBranch(ids, i), i)).toBe(root);
    }
  });

  it('another txid, index or sibling gives another root', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 64 }), fc.nat(), fc.nat(), (n, a, b) => {
        const ids = txids(n);
        const root = blockMerkleRoot(ids);
        const i = a % n;
        const branch = merkleBranch(ids, i);
        const other = (i + 1 + (b % (n - 1))) % n;
        if (ids[other] !== ids[i]) expect(merkleRootFromBranch(ids[other]!, branch, i)).not.toBe(root);
        const flipped = [...branch];
        const level = b % branch.length;
        flipped[level] = (flipped[level]![0] === '0' ? '1' : '0') + flipped[level]!.slice(1);
        expect(merkleRootFromBranch(ids[i]!, flipped, i)).not.toBe(root);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses malformed branches and indexes with ChainFormatError', () => {
    const ids = txids(5);
    const branch = merkleBranch(ids, 3);
    expect(branch).toHaveLength(3);
    expect(() => merkleRootFromBranch(ids[3]!, branch, 8)).toThrow(/index must be an integer in 0..7/);
    expect(() => merkleRootFromBranch(ids[3]!, branch, -1)).toThrow(ChainFormatError);
    expect(() => merkleRootFromBranch(ids[3]!, branch, 1.5)).toThrow(ChainFormatError);
    expect(() => merkleRootFromBranch(ids[3]!, [...branch.slice(0, 2), 'ab'], 3)).toThrow(/branch\[2\]/);
    expect(() => merkleRootFromBranch(ids[3]!, [...branch.slice(0, 2), 'zz'.repeat(32)], 3)).toThrow(
      ChainFormatError,
    );
    expect(() => merkleRootFromBranch('xyz', branch, 3)).toThrow(ChainFormatError);
    // A sparse array's holes are missing hashes, not levels to skip (the txid is no root).
    expect(() => merkleRootFromBranch(ids[3]!, new Array<string>(3), 3)).toThrow(/branch\[0\]/);
    const deep = Array.from({ length: MAX_MERKLE_BRANCH_LENGTH + 1 }, () => branch[0]!);
    expect(() => merkleRootFromBranch(ids[3]!, deep, 0)).toThrow(/at most 32/);
  });

  it('merkleBranch refuses an index outside the list with ChainFormatError', () => {
    const ids = txids(5);
    for (const index of [5, -1, 1.5, NaN, '0']) {
      expect(() => merkleBranch(ids, index as never)).toThrow(ChainFormatError);
    }
    expect(() => merkleBranch(ids, 5)).toThrow(/index must be an integer in 0..4/);
    expect(() => merkleBranch([ids[0]!], 5)).toThrow(/index must be an integer in 0..0/);
  });

  it("given the block's transaction count, refuses an index past it that folds to the same root", () => {
    const ids = txids(7);
    const root = blockMerkleRoot(ids);
    // Index 7 of 7 pairs with index 6 as the last node pairs with itself: the same root, no such transaction.
    const branch6 = merkleBranch(ids, 6);
    expect(merkleRootFromBranch(ids[6]!, branch6, 7)).toBe(root);
    expect(() => merkleRootFromBranch(ids[6]!, branch6, 7, 7)).toThrow(
      /index 7 does not exist in a block of 7/,
    );
    expect(merkleRootFromBranch(ids[6]!, branch6, 6, 7)).toBe(root);
    // A depth that does not fit the count, and a last node of an odd level given another sibling.
    expect(() => merkleRootFromBranch(ids[2]!, merkleBranch(ids, 2), 2, 4)).toThrow(
      /has 3 levels, but a block of 4/,
    );
    expect(() => merkleRootFromBranch(ids[6]!, [toHex(leaf(ids[5]!)), ...branch6.slice(1)], 6, 7)).toThrow(
      /must repeat the node itself/,
    );
    for (let count = 1; count <= 33; count++) {
      const all = txids(count);
      for (let index = 0; index < count; index++) {
        expect(merkleRootFromBranch(all[index]!, merkleBranch(all, index), index, count)).toBe(
          blockMerkleRoot(all),
        );
      }
    }
  });
});
