import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from '../protocol/hex.js';
import {
  PRE_V5_AUTH_DIGEST,
  authDataBranch,
  authDataRoot,
  authDataRootFromBranch,
  blockCommitmentsHash,
} from './block-commitments.js';
import { blake2b } from '@noble/hashes/blake2.js';

const personal = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const node = (left: string, right: string) =>
  toHex(
    blake2b
      .create({ dkLen: 32, personalization: personal('ZcashAuthDatHash') })
      .update(Buffer.from(left + right, 'hex'))
      .digest(),
  );
const digest = (i: number) => (i + 1).toString(16).padStart(2, '0').repeat(32);
const ZERO = '00'.repeat(32);

describe('hashAuthDataRoot (ZIP 244)', () => {
  it('is the leaf itself for a block of one, and pads to a power of two with zero leaves', () => {
    expect(authDataRoot([digest(0)])).toBe(digest(0));
    expect(authDataRoot([digest(0), digest(1)])).toBe(node(digest(0), digest(1)));
    expect(authDataRoot([digest(0), digest(1), digest(2)])).toBe(
      node(node(digest(0), digest(1)), node(digest(2), ZERO)),
    );
    expect(PRE_V5_AUTH_DIGEST).toBe('ff'.repeat(32));
  });

  it('every branch of every block up to 40 transactions folds back to the root', () => {
    for (let count = 1; count <= 40; count++) {
      const digests = Array.from({ length: count }, (_, i) => digest(i));
      const root = authDataRoot(digests);
      for (let index = 0; index < count; index++) {
        expect(authDataRootFromBranch(digests[index]!, authDataBranch(digests, index), index, count)).toBe(
          root,
        );
      }
    }
  });

  it('refuses an index past the block, a branch of the wrong depth, and a padding sibling that is not padding', () => {
    const digests = Array.from({ length: 5 }, (_, i) => digest(i));
    const branch = authDataBranch(digests, 4);
    expect(() => authDataRootFromBranch(digests[4]!, branch, 5, 5)).toThrow(/does not exist in a block of 5/);
    expect(() => authDataRootFromBranch(digests[4]!, branch.slice(1), 4, 5)).toThrow(
      /has 2 levels, but a block of 5/,
    );
    const forged = [digest(9), ...branch.slice(1)];
    expect(() => authDataRootFromBranch(digests[4]!, forged, 4, 5)).toThrow(/padding past the block's last/);
  });

  it('any changed byte of a digest or a sibling moves the root (random blocks)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 33 }), fc.nat(), fc.nat(31), (count, at, byte) => {
        const digests = Array.from({ length: count }, (_, i) => digest(i + 3));
        const index = at % count;
        const root = authDataRoot(digests);
        const branch = authDataBranch(digests, index);
        const flipped = digests[index]!.slice(0, 2 * byte) + 'ee' + digests[index]!.slice(2 * byte + 2);
        fc.pre(flipped !== digests[index]);
        expect(authDataRootFromBranch(flipped, branch, index, count)).not.toBe(root);
      }),
      { numRuns: 60 },
    );
  });
});

describe('hashBlockCommitments (ZIP 244)', () => {
  it('is BLAKE2b-256 "ZcashBlockCommit" over the history root, the auth data root and 32 zero bytes', () => {
    const expected = toHex(
      blake2b
        .create({ dkLen: 32, personalization: personal('ZcashBlockCommit') })
        .update(Buffer.from('aa'.repeat(32) + 'bb'.repeat(32) + ZERO, 'hex'))
        .digest(),
    );
    expect(blockCommitmentsHash('aa'.repeat(32), 'bb'.repeat(32))).toBe(expected);
    expect(() => blockCommitmentsHash('aa', 'bb'.repeat(32))).toThrow(/chainHistoryRoot must be 64 hex/);
  });
});
