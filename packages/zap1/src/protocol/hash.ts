/**
 * The three BLAKE2b-256 hash functions of ZAP1 (docs/protocol.md section 1): leaf, Merkle node and
 * count-bound root commitment, each with its 16-byte personalization. The one place the project
 * hashes with BLAKE2b for ZAP1: @noble/hashes by default, or an installed implementation that
 * was checked against it first (installBlake2b256).
 */
import { blake2b } from '@noble/hashes/blake2.js';
import { bytesEqual } from './hex.js';

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

/** BLAKE2b-256 with one personalization: the digest of `input` followed by `more`, when given. */
export type Blake2b256 = (input: Uint8Array, more?: Uint8Array) => Uint8Array;
/** Makes the `Blake2b256` of one 16-byte personalization (set up once, called for every message). */
export type Blake2b256Factory = (personalization: Uint8Array) => Blake2b256;

/**
 * BLAKE2b-256 from @noble/hashes, the implementation everywhere until another is installed. The
 * hasher is set up once (parameter block, initial state) and copied into one reused instance for
 * each message (`_cloneInto`, part of noble's hash interface): setting a hasher up from its options,
 * or allocating a clone, costs more than the compression of a 64-byte node.
 */
export const nobleBlake2b256: Blake2b256Factory = (personalization) => {
  const prepared = blake2b.create({ dkLen: 32, personalization });
  let working: typeof prepared | undefined;
  return (input, more) => {
    // Synchronous from copy to digest, so one working instance serves every call.
    const hasher = (working = prepared._cloneInto(working));
    hasher.update(input);
    if (more !== undefined) hasher.update(more);
    return hasher.digest();
  };
};

const PERSONALIZATIONS = [LEAF_PERSONALIZATION, NODE_PERSONALIZATION, ROOT_PERSONALIZATION] as const;

/** The leaf, node and root hashers one implementation makes. */
function hashersOf(factory: Blake2b256Factory): [Blake2b256, Blake2b256, Blake2b256] {
  return [factory(LEAF_PERSONALIZATION), factory(NODE_PERSONALIZATION), factory(ROOT_PERSONALIZATION)];
}

let [leafHasher, nodeHasher, rootHasher] = hashersOf(nobleBlake2b256);

/** Messages of the lengths ZAP1 hashes (and the block edges around them) that a new implementation must get right. */
const CHECK_LENGTHS = [0, 1, 41, 64, 127, 128, 129, 200, 256, 1000];

/**
 * Installs another BLAKE2b-256 for the three ZAP1 hashes (the tree hashes millions of nodes: a
 * WebAssembly build is several times noble's speed; `useWasmBlake2b`). It is first checked against
 * noble on every personalization, at message lengths around the block size and with a message in
 * two parts; one that differs anywhere is refused with an error and nothing changes.
 */
export function installBlake2b256(factory: Blake2b256Factory): void {
  const made = hashersOf(factory);
  PERSONALIZATIONS.forEach((personalization, which) => {
    const reference = nobleBlake2b256(personalization);
    for (const length of CHECK_LENGTHS) {
      const message = Uint8Array.from({ length }, (_, i) => (i * 131 + length + which) & 0xff);
      const half = Math.floor(length / 2);
      const cases: Array<[Uint8Array, Uint8Array?]> = [
        [message],
        [message.subarray(0, half), message.subarray(half)],
      ];
      for (const [input, more] of cases) {
        if (!bytesEqual(made[which]!(input, more), reference(input, more)))
          throw new Error(`the BLAKE2b-256 given differs from @noble/hashes at ${length} bytes`);
      }
    }
  });
  [leafHasher, nodeHasher, rootHasher] = made;
}

/** Back to @noble/hashes for the three ZAP1 hashes. */
export function useNobleBlake2b(): void {
  [leafHasher, nodeHasher, rootHasher] = hashersOf(nobleBlake2b256);
}

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
