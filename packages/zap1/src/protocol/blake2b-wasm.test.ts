import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readZap1Json } from '../../test/vectors.js';
import { useWasmBlake2b } from './blake2b-wasm.js';
import { hashNode, installBlake2b256, nobleBlake2b256, useNobleBlake2b } from './hash.js';
import { toHex } from './hex.js';
import { leafHash } from './leaf-hash.js';
import { MerkleTree } from './merkle-tree.js';

const hashVectors = z
  .object({
    vectors: z.array(
      z.object({
        event_type: z.string(),
        input_fields: z.record(z.string(), z.union([z.string(), z.number()])),
        expected_hash: z.string(),
      }),
    ),
  })
  .parse(readZap1Json('hash_vectors.json')).vectors;
const treeVectors = z
  .object({ vectors: z.array(z.object({ leaves: z.array(z.string()), expected_root: z.string() })) })
  .parse(readZap1Json('tree_vectors.json')).vectors;

describe('the ZAP1 hashes on blake2b-wasm', () => {
  beforeAll(async () => {
    expect(await useWasmBlake2b()).toBe(true);
  });
  afterAll(() => useNobleBlake2b());

  it('gives every shipped leaf and tree vector', () => {
    for (const vector of hashVectors)
      expect(leafHash({ ...vector.input_fields, event_type: vector.event_type })).toBe(vector.expected_hash);
    for (const vector of treeVectors) {
      const tree = new MerkleTree();
      for (const leaf of vector.leaves) tree.append(leaf);
      expect(tree.root()).toBe(vector.expected_root);
    }
  });

  it('builds the same tree as noble, root after root, over random leaves', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }), { minLength: 1, maxLength: 300 }),
        async (leaves) => {
          const onWasm = new MerkleTree();
          const wasmRoots = leaves.map((leaf) => (onWasm.appendBytes(leaf), onWasm.root()));
          useNobleBlake2b();
          const onNoble = new MerkleTree();
          const nobleRoots = leaves.map((leaf) => (onNoble.appendBytes(leaf), onNoble.root()));
          expect(await useWasmBlake2b()).toBe(true);
          expect(wasmRoots).toEqual(nobleRoots);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('installing a BLAKE2b-256', () => {
  afterAll(() => useNobleBlake2b());

  it('refuses one that differs from noble anywhere, and keeps hashing as before', () => {
    const left = new Uint8Array(32).fill(1);
    const before = toHex(hashNode(left, left));
    // Ignores the second part of a message: right for one-part messages only.
    expect(() =>
      installBlake2b256((personalization) => (input) => nobleBlake2b256(personalization)(input)),
    ).toThrow(/differs from @noble\/hashes/);
    // Another personalization.
    expect(() => installBlake2b256(() => nobleBlake2b256(new Uint8Array(16)))).toThrow(/differs/);
    expect(toHex(hashNode(left, left))).toBe(before);
  });
});
