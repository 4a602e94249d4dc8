import { blake2b } from '@noble/hashes/blake2.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useWasmBlake2b } from './blake2b-wasm.js';
import {
  LEAF_PERSONALIZATION,
  NODE_PERSONALIZATION,
  ROOT_PERSONALIZATION,
  commitRoot,
  hashLeafPreimage,
  hashNode,
  useNobleBlake2b,
} from './hash.js';
import { toHex } from './hex.js';

const oneShot = (input: Uint8Array, personalization: Uint8Array): string =>
  toHex(blake2b(input, { dkLen: 32, personalization }));

// Each implementation the hash module can run on: noble (the default, the browser's) and
// blake2b-wasm (the service's), held equal to a one-shot noble digest on random inputs.
describe.each([
  ['@noble/hashes', async () => useNobleBlake2b()],
  ['blake2b-wasm', async () => void expect(await useWasmBlake2b()).toBe(true)],
])('the ZAP1 hashes on %s, from one prepared hasher per personalization', (_name, install) => {
  beforeAll(install);
  afterAll(() => useNobleBlake2b());

  it('equal a one-shot BLAKE2b-256 with the same personalization, call after call', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 600 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        (preimage, left, right, leafCount) => {
          // A digest kept across later hashes must not change (the working instance is reused).
          const first = hashNode(left, right);
          const firstHex = toHex(first);
          // Twice each: a prepared hasher must carry nothing from one message into the next.
          for (let round = 0; round < 2; round++) {
            expect(toHex(hashLeafPreimage(preimage))).toBe(oneShot(preimage, LEAF_PERSONALIZATION));
            const both = new Uint8Array([...left, ...right]);
            expect(toHex(hashNode(left, right))).toBe(oneShot(both, NODE_PERSONALIZATION));
            const commitment = new Uint8Array(41);
            commitment[0] = 0x01;
            new DataView(commitment.buffer).setBigUint64(1, BigInt(leafCount), false);
            commitment.set(right, 9);
            expect(toHex(commitRoot(leafCount, right))).toBe(oneShot(commitment, ROOT_PERSONALIZATION));
          }
          expect(toHex(first)).toBe(firstHex);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses children and raw roots of the wrong length, and leaf counts below 1', () => {
    expect(() => hashNode(new Uint8Array(31), new Uint8Array(32))).toThrow(RangeError);
    expect(() => commitRoot(1, new Uint8Array(33))).toThrow(RangeError);
    expect(() => commitRoot(0, new Uint8Array(32))).toThrow(RangeError);
  });
});
