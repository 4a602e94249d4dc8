/**
 * The three BLAKE2b-256 hash functions of ZAP1 (docs/protocol.md section 1): leaf, Merkle node and
 * count-bound root commitment, each with its 16-byte personalization.
 */
import { blake2b } from '@noble/hashes/blake2.js';

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** `NordicShield_` right-padded with zero bytes to 16 (the leaf personalization). */
export const LEAF_PERSONALIZATION: Uint8Array = (() => {
  const bytes = new Uint8Array(16);
  bytes.set(ascii('NordicShield_'));
  return bytes;
})();
/** `NordicShield_MRK`, the internal node personalization. */
export const NODE_PERSONALIZATION: Uint8Array = ascii('NordicShield_MRK');
/** `NordicShield_RTK`, the count-bound root personalization. */
export const ROOT_PERSONALIZATION: Uint8Array = ascii('NordicShield_RTK');

/**
 * BLAKE2b-256 with one personalization, from @noble/hashes. The hasher is set up once (parameter
 * block, initial state) and copied into one reused instance for each message (`_cloneInto`, part of
 * noble's hash interface): the tree hashes millions of 64-byte nodes, and setting a hasher up from
 * its options, or allocating a clone, costs more than the compression itself.
 */
function personalizedBlake2b256(
  personalization: Uint8Array,
): (input: Uint8Array, more?: Uint8Array) => Uint8Array {
  const prepared = blake2b.create({ dkLen: 32, personalization });
  let working: typeof prepared | undefined;
  return (input, more) => {
    // Synchronous from copy to digest, so one working instance serves every call.
    const hasher = (working = prepared._cloneInto(working));
    hasher.update(input);
    if (more !== undefined) hasher.update(more);
    return hasher.digest();
  };
}

const leafHasher = personalizedBlake2b256(LEAF_PERSONALIZATION);
const nodeHasher = personalizedBlake2b256(NODE_PERSONALIZATION);
const rootHasher = personalizedBlake2b256(ROOT_PERSONALIZATION);

/** The largest leaf count a root can commit to (u64). Leaf counts are JS numbers, so it is capped there. */
export const MAX_LEAF_COUNT = Number.MAX_SAFE_INTEGER;

/** `H_leaf(x)`: BLAKE2b-256 of a leaf preimage (type byte and body) with the leaf personalization. */
export function hashLeafPreimage(preimage: Uint8Array): Uint8Array {
  return leafHasher(preimage);
}

/** `H_node(L, R)`: BLAKE2b-256 of the 64 bytes `left || right` with the node personalization. */
export function hashNode(left: Uint8Array, right: Uint8Array): Uint8Array {
  if (left.length !== 32 || right.length !== 32) throw new RangeError('node children must be 32 bytes each');
  return nodeHasher(left, right);
}

/**
 * `H_root(n, raw)`: the count-bound root commitment, BLAKE2b-256 of `0x01 || u64be(n) || raw`
 * with the root personalization (docs/protocol.md 1 and 3.1).
 */
export function commitRoot(leafCount: number, rawRoot: Uint8Array): Uint8Array {
  if (!Number.isSafeInteger(leafCount) || leafCount < 1) {
    throw new RangeError('leafCount must be an integer of at least 1');
  }
  if (rawRoot.length !== 32) throw new RangeError('rawRoot must be 32 bytes');
  const input = new Uint8Array(41);
  input[0] = 0x01;
  new DataView(input.buffer).setBigUint64(1, BigInt(leafCount), false);
  input.set(rawRoot, 9);
  return rootHasher(input);
}

/** The root of an empty tree: 32 zero bytes, with no commitment hashing. */
export const EMPTY_ROOT_HEX = '0'.repeat(64);
