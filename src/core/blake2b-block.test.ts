import { blake2b } from '@noble/hashes/blake2.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLAKE2B_BLOCK_IN_WASM,
  blake2b256Block,
  blake2b256BlockPortable,
  blake2bInitialState,
} from './blake2b-block.js';
import { LEAF_PERSONALIZATION, NODE_PERSONALIZATION, ROOT_PERSONALIZATION } from './hash.js';
import { toHex } from './hex.js';

describe('one-block BLAKE2b-256', () => {
  it('runs in WebAssembly under Node', () => {
    expect(BLAKE2B_BLOCK_IN_WASM).toBe(true);
  });

  for (const [where, hash] of [
    ['WebAssembly', blake2b256Block],
    ['JavaScript', blake2b256BlockPortable],
  ] as const) {
    describe(where, () => {
      it('agrees with a general BLAKE2b for every length 0..128 and each ZAP1 personalization', () => {
        for (const personalization of [LEAF_PERSONALIZATION, NODE_PERSONALIZATION, ROOT_PERSONALIZATION]) {
          const state = blake2bInitialState(personalization);
          for (let length = 0; length <= 128; length++) {
            const input = Uint8Array.from({ length }, (_, i) => (i * 131 + length * 7) & 0xff);
            expect(toHex(hash(state, input))).toBe(toHex(blake2b(input, { dkLen: 32, personalization })));
          }
        }
      });

      it('agrees on random inputs and personalizations', () => {
        fc.assert(
          fc.property(
            fc.uint8Array({ minLength: 16, maxLength: 16 }),
            fc.uint8Array({ maxLength: 128 }),
            (personalization, input) => {
              const expected = toHex(blake2b(input, { dkLen: 32, personalization }));
              expect(toHex(hash(blake2bInitialState(personalization), input))).toBe(expected);
            },
          ),
          { numRuns: 500 },
        );
      });

      it('hashes a message given in two parts like the same message in one', () => {
        const state = blake2bInitialState(NODE_PERSONALIZATION);
        fc.assert(
          fc.property(fc.uint8Array({ maxLength: 128 }), fc.nat(), (input, cut) => {
            const at = input.length === 0 ? 0 : cut % (input.length + 1);
            const whole = toHex(blake2b(input, { dkLen: 32, personalization: NODE_PERSONALIZATION }));
            expect(toHex(hash(state, input.subarray(0, at), input.subarray(at)))).toBe(whole);
          }),
          { numRuns: 300 },
        );
      });
    });
  }

  it('refuses inputs longer than one block and bad personalizations', () => {
    expect(() => blake2b256Block(blake2bInitialState(NODE_PERSONALIZATION), new Uint8Array(129))).toThrow(
      RangeError,
    );
    expect(() => blake2bInitialState(new Uint8Array(15))).toThrow(RangeError);
  });
});
