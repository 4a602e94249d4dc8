/**
 * F4Jumble and its inverse (ZIP 316, "Jumbling"): an unkeyed 4-round Feistel permutation over byte
 * strings of 38 to 4,194,368 bytes, built on BLAKE2b. Unified addresses and viewing keys are
 * jumbled before their Bech32m encoding so that a string matching a target on a few characters is
 * no easier to find than a full match.
 *
 * With ℓ_H = 64, ℓ_L = min(ℓ_H, floor(ℓ_M / 2)) and ℓ_R = ℓ_M - ℓ_L, the message M = a || b is
 * mapped to c || d by x = b ⊕ G_0(a), y = a ⊕ H_0(x), d = x ⊕ G_1(y), c = y ⊕ H_1(d), where
 * H_i(u) = BLAKE2b-(8ℓ_L)("UA_F4Jumble_H" || [i, 0, 0], u) and G_i(u) is the first ℓ_R bytes of
 * BLAKE2b-512("UA_F4Jumble_G" || [i] || I2LEOSP_16(j), u) for j = 0, 1, ...
 */
import { blake2b } from '@noble/hashes/blake2.js';

const HASH_LENGTH = 64;
/** The shortest input F4Jumble is defined for (ZIP 316, Revision 1). */
export const F4JUMBLE_MIN_LENGTH = 38;
/** ℓ^MAX_M = (2^16 + 1) · ℓ_H, the longest input F4Jumble is defined for. */
export const F4JUMBLE_MAX_LENGTH = (2 ** 16 + 1) * HASH_LENGTH;

const ascii = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0));
const H_PREFIX = ascii('UA_F4Jumble_H');
const G_PREFIX = ascii('UA_F4Jumble_G');

function hRound(round: number, u: Uint8Array, outLength: number): Uint8Array {
  const personalization = Uint8Array.from([...H_PREFIX, round, 0, 0]);
  return blake2b(u, { dkLen: outLength, personalization });
}

function gRound(round: number, u: Uint8Array, outLength: number): Uint8Array {
  const out = new Uint8Array(outLength);
  const personalization = Uint8Array.from([...G_PREFIX, round, 0, 0]);
  for (let j = 0, offset = 0; offset < outLength; j++, offset += HASH_LENGTH) {
    personalization[14] = j & 0xff;
    personalization[15] = j >> 8;
    const block = blake2b(u, { dkLen: HASH_LENGTH, personalization });
    out.set(block.subarray(0, Math.min(HASH_LENGTH, outLength - offset)), offset);
  }
  return out;
}

function xorInto(target: Uint8Array, mask: Uint8Array): void {
  for (let i = 0; i < target.length; i++) target[i]! ^= mask[i]!;
}

function split(message: Uint8Array, name: string): [Uint8Array, Uint8Array] {
  if (!(message instanceof Uint8Array)) throw new TypeError(`${name} takes a Uint8Array`);
  const length = message.length;
  if (length < F4JUMBLE_MIN_LENGTH || length > F4JUMBLE_MAX_LENGTH) {
    throw new RangeError(
      `${name} is defined for ${F4JUMBLE_MIN_LENGTH} to ${F4JUMBLE_MAX_LENGTH} bytes, not ${length}`,
    );
  }
  const leftLength = Math.min(HASH_LENGTH, Math.floor(length / 2));
  return [message.slice(0, leftLength), message.slice(leftLength)];
}

/**
 * The four Feistel rounds of F4Jumble in order: a G round masks the right half with a hash of the
 * left, an H round the left half with a hash of the right. Each round undoes itself (an XOR with a
 * hash of the half it leaves alone), so the inverse is the same rounds in reverse order.
 */
type Round = { kind: 'G' | 'H'; i: number };
const ROUNDS: readonly Round[] = [
  { kind: 'G', i: 0 }, // b becomes x
  { kind: 'H', i: 0 }, // a becomes y
  { kind: 'G', i: 1 }, // x becomes d
  { kind: 'H', i: 1 }, // y becomes c
];
const INVERSE_ROUNDS: readonly Round[] = [...ROUNDS].reverse();

function runRounds(message: Uint8Array, name: string, rounds: readonly Round[]): Uint8Array {
  const [left, right] = split(message, name);
  for (const { kind, i } of rounds) {
    if (kind === 'G') xorInto(right, gRound(i, left, right.length));
    else xorInto(left, hRound(i, right, left.length));
  }
  const out = new Uint8Array(message.length);
  out.set(left);
  out.set(right, left.length);
  return out;
}

/** F4Jumble(M): throws a RangeError outside 38..4,194,368 bytes. */
export function f4jumble(message: Uint8Array): Uint8Array {
  return runRounds(message, 'f4jumble', ROUNDS);
}

/** F4Jumble^-1(c || d): the rounds undone in reverse order; throws a RangeError outside 38..4,194,368 bytes. */
export function f4jumbleInverse(jumbled: Uint8Array): Uint8Array {
  return runRounds(jumbled, 'f4jumbleInverse', INVERSE_ROUNDS);
}
