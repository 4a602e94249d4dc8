import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LeafHashIndex } from './leaf-hash-index.js';

/** `count` random 32-byte hashes, one after another. */
const randomHashes = (count: number): Uint8Array => new Uint8Array(randomBytes(count * 32));
const hashAt = (hashes: Uint8Array, i: number): Uint8Array => hashes.subarray(i * 32, i * 32 + 32);

describe('LeafHashIndex', () => {
  it('names the position of every leaf added, across many growths, and nothing for other hashes', () => {
    const index = new LeafHashIndex();
    const hashes = randomHashes(50_000);
    // In uneven pieces, as commits and catch-up add them.
    for (let added = 0; added < 50_000;) {
      const count = Math.min(1 + (added % 977), 50_000 - added);
      index.append(hashes, count, added * 32);
      added += count;
    }
    expect(index.size).toBe(50_000);
    expect(index.coveredThrough).toBe(50_000);
    for (let i = 0; i < 50_000; i++) expect(index.candidates(hashAt(hashes, i))).toContain(i + 1);
    const others = randomHashes(1_000);
    let named = 0;
    for (let i = 0; i < 1_000; i++) named += index.candidates(hashAt(others, i)).length;
    // A stranger shares a leaf's 32-bit key about once in 86,000 tries here.
    expect(named).toBeLessThanOrEqual(1);
  });

  it('names every leaf that shares a key, so the caller can tell them apart by row', () => {
    const index = new LeafHashIndex();
    const hashes = randomHashes(3);
    // The third: the first with two words swapped, so the same XOR of words but another hash.
    const third = hashAt(hashes, 2);
    third.set(hashAt(hashes, 0));
    third.set(hashAt(hashes, 0).slice(0, 4), 4);
    third.set(hashAt(hashes, 0).slice(4, 8), 0);
    index.append(hashes, 3);
    expect(index.candidates(hashAt(hashes, 0)).sort()).toEqual([1, 3]);
    expect(index.candidates(hashAt(hashes, 1))).toEqual([2]);
  });

  it('keys on the whole hash: leaves that differ only in their last byte get their own slots', () => {
    const index = new LeafHashIndex();
    const hashes = new Uint8Array(1_000 * 32);
    for (let i = 0; i < 1_000; i++) {
      hashes[i * 32 + 30] = i >> 8;
      hashes[i * 32 + 31] = i & 0xff;
    }
    index.append(hashes, 1_000);
    for (let i = 0; i < 1_000; i++) expect(index.candidates(hashAt(hashes, i))).toEqual([i + 1]);
  });

  it('refuses fewer hash bytes than the leaves it is asked to add, adding none', () => {
    const index = new LeafHashIndex();
    expect(() => index.append(randomHashes(2), 3)).toThrow(RangeError);
    expect(index.coveredThrough).toBe(0);
    expect(index.size).toBe(0);
  });
});
