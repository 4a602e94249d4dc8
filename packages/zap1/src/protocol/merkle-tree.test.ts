import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_ROOT_HEX, hashLeafPreimage, hashNode } from './hash.js';
import { parseHash, toHex } from './hex.js';
import { merkleProof, merkleRoot, rawMerkleRoot } from '../../test/merkle-reference.js';
import type { ProofStep } from './merkle-tree.js';
import { MerkleTree, inclusionRanges, type ChunkLoader } from './merkle-tree.js';
import { verifyProof } from './verify-proof.js';

const leafAt = (i: number): string =>
  toHex(hashLeafPreimage(Uint8Array.of(0x42, i >> 16, (i >> 8) & 255, i & 255)));
const LEAVES = Array.from({ length: 2000 }, (_, i) => leafAt(i));

function treeOf(count: number): MerkleTree {
  const tree = new MerkleTree();
  for (const leaf of LEAVES.slice(0, count)) tree.append(leaf);
  return tree;
}
const TREE_64 = treeOf(64);
const TREE_2000 = treeOf(2000);

const flipFirstByte = (hex: string): string =>
  (parseInt(hex.slice(0, 2), 16) ^ 1).toString(16).padStart(2, '0') + hex.slice(2);

/** Every way docs/protocol.md 3.4 must catch a tampered proof that has at least one step. */
function tamperings(proof: readonly ProofStep[]): [string, ProofStep[]][] {
  const out: [string, ProofStep[]][] = [];
  proof.forEach((step, i) => {
    const replace = (s: ProofStep): ProofStep[] => proof.map((p, j) => (j === i ? s : p));
    out.push([`sibling ${i} byte flipped`, replace({ ...step, hash: flipFirstByte(step.hash) })]);
    out.push([
      `position ${i} flipped`,
      replace({ ...step, position: step.position === 'left' ? 'right' : 'left' }),
    ]);
  });
  if (proof.length > 0) out.push(['last step dropped', proof.slice(0, -1)]);
  return out;
}

describe('MerkleTree roots and proofs against the naive reference (docs/protocol.md 3.1, 3.3)', () => {
  it('root(size) equals merkleRoot of the prefix for every size 0..64', () => {
    for (let size = 0; size <= 64; size++) {
      expect(TREE_64.root(size)).toBe(merkleRoot(LEAVES.slice(0, size)));
      expect(toHex(TREE_64.rawRoot(size))).toBe(
        toHex(rawMerkleRoot(LEAVES.slice(0, size).map((h) => parseHash(h)))),
      );
    }
    expect(new MerkleTree().root()).toBe(EMPTY_ROOT_HEX);
  });

  it('every inclusion proof at every (index, size) up to 64 equals the 3.3 generator and verifies', () => {
    for (let size = 1; size <= 64; size++) {
      const prefix = LEAVES.slice(0, size);
      const rootHex = TREE_64.root(size);
      for (let index = 0; index < size; index++) {
        const proof = TREE_64.inclusionProof(index, size);
        expect(proof).toEqual(merkleProof(prefix, index));
        expect(verifyProof({ leafHex: prefix[index]!, proof, leafCount: size, rootHex })).toEqual({
          valid: true,
          scheme: 'ZAP1_COUNT_BOUND_V2',
        });
      }
    }
  });

  it('every tampered proof up to 64 leaves fails: sibling byte, position, leaf count, dropped step', () => {
    let checked = 0;
    for (let size = 1; size <= 64; size++) {
      const rootHex = TREE_64.root(size);
      for (let index = 0; index < size; index++) {
        const leafHex = LEAVES[index]!;
        const proof = TREE_64.inclusionProof(index, size);
        for (const [, tampered] of tamperings(proof)) {
          expect(verifyProof({ leafHex, proof: tampered, leafCount: size, rootHex }).valid).toBe(false);
          checked++;
        }
        for (const leafCount of [size - 1, size + 1].filter((n) => n >= 1)) {
          expect(verifyProof({ leafHex, proof, leafCount, rootHex })).toEqual({
            valid: false,
            scheme: 'INVALID',
          });
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it('sampled (index, size) pairs up to 2000 leaves match the naive generator and verify', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.nat(), (size, seed) => {
        const index = seed % size;
        const prefix = LEAVES.slice(0, size);
        const proof = TREE_2000.inclusionProof(index, size);
        expect(proof).toEqual(merkleProof(prefix, index));
        const rootHex = TREE_2000.root(size);
        expect(rootHex).toBe(merkleRoot(prefix));
        expect(verifyProof({ leafHex: prefix[index]!, proof, leafCount: size, rootHex }).valid).toBe(true);
        for (const [, tampered] of tamperings(proof)) {
          expect(
            verifyProof({ leafHex: prefix[index]!, proof: tampered, leafCount: size, rootHex }).valid,
          ).toBe(false);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('inclusionRanges names the node of each step, and a path within one is the lower part of the whole', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.nat(), fc.nat(), (size, seed, pick) => {
        const index = seed % size;
        const whole = TREE_2000.inclusionPath(index, size);
        const ranges = inclusionRanges(index, size);
        expect(ranges).toHaveLength(whole.length);
        expect(ranges[0] ?? { start: 0, end: size }).toEqual({ start: 0, end: size });
        if (ranges.length === 0) return;
        const depth = pick % ranges.length;
        const range = ranges[depth]!;
        expect(range.start <= index && index < range.end).toBe(true);
        const lower = TREE_2000.inclusionPath(index, size, range);
        expect(lower).toEqual(whole.slice(0, whole.length - depth));
        // Packed, the same siblings one after another, and the same sides.
        const packed = TREE_2000.inclusionSiblings(index, size, range);
        const served = TREE_2000.inclusionProof(index, size).slice(0, whole.length - depth);
        expect(toHex(packed.siblings)).toBe(served.map((step) => step.hash).join(''));
        expect([...packed.siblingOnRight]).toEqual(served.map((step) => (step.position === 'right' ? 1 : 0)));
        // The lower part hashes up to the range's own node: the raw root of those leaves.
        let node = parseHash(LEAVES[index]!);
        for (const step of lower)
          node = step.position === 'right' ? hashNode(node, step.sibling) : hashNode(step.sibling, node);
        expect(toHex(node)).toBe(
          toHex(rawMerkleRoot(LEAVES.slice(range.start, range.end).map((leaf) => parseHash(leaf)))),
        );
      }),
      { numRuns: 100 },
    );
    expect(() => TREE_2000.inclusionPath(5, 100, { start: 6, end: 10 })).toThrow(RangeError);
    expect(() => TREE_2000.inclusionPath(5, 100, { start: 0, end: 101 })).toThrow(RangeError);
    // Containing the leaf is not enough: the range must be a node on its path.
    expect(() => TREE_2000.inclusionPath(5, 100, { start: 1, end: 10 })).toThrow(RangeError);
    expect(() => TREE_2000.inclusionPath(5, 100, { start: 4, end: 5 })).toThrow(RangeError);
    expect(TREE_2000.inclusionPath(5, 100, { start: 0, end: 8 })).toHaveLength(3);
  });

  it('keeps leaves and indexes: append returns the index and leafHex reads it back', () => {
    const tree = new MerkleTree();
    expect(tree.append(LEAVES[0]!)).toBe(0);
    expect(tree.appendBytes(parseHash(LEAVES[1]!))).toBe(1);
    expect(tree.size).toBe(2);
    expect(tree.leafHex(1)).toBe(LEAVES[1]);
    expect(tree.root()).toBe(merkleRoot(LEAVES.slice(0, 2)));
  });
});

describe('MerkleTree.nodeHex', () => {
  it('is the raw root of the aligned block of leaves it names, and refuses blocks not complete yet', () => {
    for (const [level, index] of [
      [0, 0],
      [0, 1999],
      [3, 5],
      [6, 30],
      [10, 0],
    ] as const) {
      const start = index * 2 ** level;
      const block = LEAVES.slice(start, start + 2 ** level).map((h) => parseHash(h));
      expect(TREE_2000.nodeHex(level, index)).toBe(toHex(rawMerkleRoot(block)));
    }
    expect(() => TREE_2000.nodeHex(10, 1)).toThrow(RangeError);
    expect(() => TREE_2000.nodeHex(0, 2000)).toThrow(/index/);
    expect(() => TREE_2000.nodeHex(-1, 0)).toThrow(/level/);
  });
});

describe('MerkleTree argument checks', () => {
  it('rejects bad leaves with TypeError or RangeError naming the argument', () => {
    const tree = new MerkleTree();
    expect(() => tree.append(LEAVES[0]!.toUpperCase())).toThrow(/leafHex/);
    expect(() => tree.append('ab')).toThrow(RangeError);
    expect(() => tree.appendBytes(new Uint8Array(33))).toThrow(RangeError);
    expect(() => tree.appendBytes([1, 2, 3] as unknown as Uint8Array)).toThrow(TypeError);
    expect(tree.size).toBe(0);
  });

  it('rejects out-of-range sizes and indexes with a RangeError naming them', () => {
    expect(() => TREE_64.root(65)).toThrow(/size/);
    expect(() => TREE_64.root(-1)).toThrow(RangeError);
    expect(() => TREE_64.root(1.5)).toThrow(RangeError);
    expect(() => TREE_64.root('3' as unknown as number)).toThrow(TypeError);
    expect(() => TREE_64.inclusionProof(5, 5)).toThrow(/index/);
    expect(() => TREE_64.inclusionProof(0, 0)).toThrow(/size/);
    expect(() => TREE_64.leafHex(64)).toThrow(/index/);
    expect(() => TREE_64.consistencyProof(0, 5)).toThrow(/fromSize/);
    expect(() => TREE_64.consistencyProof(6, 5)).toThrow(/fromSize/);
    expect(() => TREE_64.consistencyProof(1, 65)).toThrow(/toSize/);
    expect(() => new MerkleTree().inclusionProof(0)).toThrow(/empty/);
  });
});

/** A store like the service's: full chunks from takeNewFullChunks(), leaves read back from the tree. */
function chunkStore(tree: MerkleTree): {
  chunks: Map<string, Uint8Array>;
  load: ChunkLoader;
  calls: string[];
} {
  const chunks = new Map<string, Uint8Array>();
  const calls: string[] = [];
  const save = (): void => {
    for (const { level, index, bytes } of tree.takeNewFullChunks()) chunks.set(`${level}/${index}`, bytes);
  };
  save();
  const load: ChunkLoader = (level, chunkIndex, nodeCount) => {
    calls.push(`${level}/${chunkIndex}/${nodeCount}`);
    if (level > 0) return chunks.get(`${level}/${chunkIndex}`);
    const stored = chunks.get(`0/${chunkIndex}`);
    if (stored !== undefined) return stored;
    const tail = new Uint8Array(nodeCount * 32);
    for (let i = 0; i < nodeCount; i++)
      tail.set(parseHash(tree.leafHex(chunkIndex * MerkleTree.CHUNK_NODES + i)), i * 32);
    return tail;
  };
  return { chunks, load, calls };
}

describe('MerkleTree persistence: takeNewFullChunks and restore', () => {
  const N = 5 * MerkleTree.CHUNK_NODES + 321;
  const original = new MerkleTree();
  for (let i = 0; i < N; i++) original.appendBytes(hashLeafPreimage(Uint8Array.of(7, i >> 8, i & 255)));
  const store = chunkStore(original);
  const sizes = [1, 2, 3, 1023, 1024, 1025, 2048, 4097, N - 1, N];

  const expectSameTree = (restored: MerkleTree): void => {
    expect(restored.size).toBe(N);
    for (const size of sizes) {
      expect(restored.root(size)).toBe(original.root(size));
      expect(restored.inclusionProof(size - 1, size)).toEqual(original.inclusionProof(size - 1, size));
      expect(restored.consistencyProof(Math.ceil(size / 3), size)).toEqual(
        original.consistencyProof(Math.ceil(size / 3), size),
      );
    }
    expect(restored.leafHex(N - 1)).toBe(original.leafHex(N - 1));
  };

  it('reports each completed chunk once, with CHUNK_NODES nodes of 32 bytes', () => {
    // Level 0: 5 full chunks; level 1: 2; level 2: 1 (1344 nodes); level 3 and up: none full.
    expect([...store.chunks.keys()].sort()).toEqual(['0/0', '0/1', '0/2', '0/3', '0/4', '1/0', '1/1', '2/0']);
    for (const bytes of store.chunks.values()) expect(bytes.length).toBe(MerkleTree.CHUNK_NODES * 32);
    expect(original.takeNewFullChunks()).toEqual([]);
    expect(toHex(store.chunks.get('0/1')!.subarray(0, 32))).toBe(original.leafHex(MerkleTree.CHUNK_NODES));
  });

  it('restores identical roots, proofs and consistency proofs from chunks and leaves', () => {
    store.calls.length = 0;
    const restored = MerkleTree.restore(N, store.load);
    expectSameTree(restored);
    expect(store.calls).toContain(`0/5/321`);
    expect(store.calls.filter((c) => !c.startsWith('0/'))).toEqual(['1/0/1024', '1/1/1024', '2/0/1024']);
    expect(restored.takeNewFullChunks()).toEqual([]);
  });

  it('recomputes missing or corrupt higher-level chunks and offers them for saving again', () => {
    const corrupt = Uint8Array.from(store.chunks.get('1/1')!);
    corrupt[corrupt.length - 1]! ^= 1;
    const restored = MerkleTree.restore(N, (level, chunkIndex, nodeCount) => {
      if (level === 2) return undefined;
      if (level === 1 && chunkIndex === 1) return corrupt;
      return store.load(level, chunkIndex, nodeCount);
    });
    expectSameTree(restored);
    const again = restored.takeNewFullChunks();
    expect(again.map((c) => `${c.level}/${c.index}`).sort()).toEqual(['1/1', '2/0']);
    for (const c of again) expect(c.bytes).toEqual(store.chunks.get(`${c.level}/${c.index}`));
  });

  it('keeps growing after restore exactly like a tree that was never persisted', () => {
    const restored = MerkleTree.restore(N, store.load);
    const fresh = new MerkleTree();
    for (let i = 0; i < N; i++) fresh.append(original.leafHex(i));
    fresh.takeNewFullChunks();
    const extra = 2 * MerkleTree.CHUNK_NODES;
    for (let i = 0; i < extra; i++) {
      const leaf = toHex(hashLeafPreimage(Uint8Array.of(8, i >> 8, i & 255)));
      expect(restored.append(leaf)).toBe(fresh.append(leaf));
    }
    expect(restored.root()).toBe(fresh.root());
    expect(restored.takeNewFullChunks()).toEqual(fresh.takeNewFullChunks());
    expect(restored.inclusionProof(N + 5)).toEqual(fresh.inclusionProof(N + 5));
    expect(restored.consistencyProof(N, N + extra)).toEqual(fresh.consistencyProof(N, N + extra));
  });

  it('refuses missing or short leaf chunks and a bad leaf count', () => {
    expect(() => MerkleTree.restore(N, () => undefined)).toThrow(/loadChunk\(0, 0\)/);
    expect(() => MerkleTree.restore(3, () => new Uint8Array(64))).toThrow(RangeError);
    expect(() => MerkleTree.restore(-1, store.load)).toThrow(/leafCount/);
    expect(() => MerkleTree.restore(3, 'x' as unknown as ChunkLoader)).toThrow(TypeError);
    expect(MerkleTree.restore(0, () => undefined).root()).toBe(EMPTY_ROOT_HEX);
  });

  it('restores far faster than it builds: stored levels are read, not re-hashed', () => {
    const big = new MerkleTree();
    const count = 64 * MerkleTree.CHUNK_NODES + 999;
    const leaf = new Uint8Array(32);
    let started = performance.now();
    for (let i = 0; i < count; i++) {
      leaf[0] = i & 255;
      leaf[1] = (i >> 8) & 255;
      leaf[2] = i >> 16;
      big.appendBytes(leaf);
    }
    const buildMs = performance.now() - started;
    const bigStore = chunkStore(big);
    started = performance.now();
    const restored = MerkleTree.restore(count, bigStore.load);
    const restoreMs = performance.now() - started;
    expect(restored.root()).toBe(big.root());
    expect(restoreMs).toBeLessThan(buildMs / 3);
  });
});
