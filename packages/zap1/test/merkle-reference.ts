/**
 * The reference Merkle computations of ZAP1 (docs/protocol.md section 3), written as the protocol
 * states them: level by level, O(n). Not part of the library's public index: the service and the
 * browser use `MerkleTree`, and the tests use these as the oracle it is checked against.
 */
import { EMPTY_ROOT_HEX, commitRoot, hashNode } from '../src/protocol/hash.js';
import { parseHash, toHex } from '../src/protocol/hex.js';
import type { ProofStep } from '../src/protocol/merkle-tree.js';

function parseLeaves(leafHexes: readonly string[]): Uint8Array[] {
  if (!Array.isArray(leafHexes)) throw new TypeError('leafHexes must be an array of hex strings');
  return leafHexes.map((hex, i) => parseHash(hex, `leafHexes[${i}]`));
}

/** The next level up: pairs hashed left to right; an odd last node is carried up (or duplicated for legacy). */
function nextLevel(level: readonly Uint8Array[], duplicateOdd: boolean): Uint8Array[] {
  const next: Uint8Array[] = [];
  for (let i = 0; i < level.length; i += 2) {
    const left = level[i]!;
    const right = level[i + 1];
    if (right !== undefined) next.push(hashNode(left, right));
    else next.push(duplicateOdd ? hashNode(left, left) : left);
  }
  return next;
}

/**
 * Raw (uncommitted) root with odd nodes carried up unchanged (docs/protocol.md 3.1). One leaf is its own
 * root; an empty list gives 32 zero bytes, the empty-tree value.
 */
export function rawMerkleRoot(leaves: readonly Uint8Array[]): Uint8Array {
  if (!Array.isArray(leaves)) throw new TypeError('leaves must be an array of Uint8Array');
  leaves.forEach((leaf, i) => {
    if (!(leaf instanceof Uint8Array)) throw new TypeError(`leaves[${i}] must be a Uint8Array`);
    if (leaf.length !== 32) throw new RangeError(`leaves[${i}] must be 32 bytes`);
  });
  if (leaves.length === 0) return new Uint8Array(32);
  let level: Uint8Array[] = leaves.slice();
  while (level.length > 1) level = nextLevel(level, false);
  return new Uint8Array(level[0]!);
}

/**
 * Committed root `H_root(n, rawRoot)` of the leaves (docs/protocol.md 3.1), the root that is stored,
 * served and anchored. `EMPTY_ROOT_HEX` for no leaves.
 */
export function merkleRoot(leafHexes: readonly string[]): string {
  const leaves = parseLeaves(leafHexes);
  if (leaves.length === 0) return EMPTY_ROOT_HEX;
  return toHex(commitRoot(leaves.length, rawMerkleRoot(leaves)));
}

/**
 * Historical root of the legacy scheme `ZAP1_LEGACY_DUPLICATE_ODD` (docs/protocol.md 3.2): an odd last
 * node is paired with itself and no leaf count is committed. `EMPTY_ROOT_HEX` for no leaves.
 */
export function legacyMerkleRoot(leafHexes: readonly string[]): string {
  let level = parseLeaves(leafHexes);
  if (level.length === 0) return EMPTY_ROOT_HEX;
  while (level.length > 1) level = nextLevel(level, true);
  return toHex(level[0]!);
}

function naiveProof(leafHexes: readonly string[], index: number, duplicateOdd: boolean): ProofStep[] {
  let level = parseLeaves(leafHexes);
  if (!Number.isInteger(index) || index < 0 || index >= level.length) {
    throw new RangeError(`index must be an integer from 0 to ${level.length - 1}`);
  }
  const proof: ProofStep[] = [];
  let i = index;
  while (level.length > 1) {
    if (i % 2 === 1) proof.push({ hash: toHex(level[i - 1]!), position: 'left' });
    else if (i + 1 < level.length) proof.push({ hash: toHex(level[i + 1]!), position: 'right' });
    else if (duplicateOdd) proof.push({ hash: toHex(level[i]!), position: 'right' });
    // else: the carried-up node gets no step at this level.
    level = nextLevel(level, duplicateOdd);
    i = Math.floor(i / 2);
  }
  return proof;
}

/**
 * Inclusion proof of leaf `index`, generated level by level exactly as docs/protocol.md 3.3 describes
 * (count-bound scheme: no step where the node is carried up). O(n): the reference for `MerkleTree`.
 */
export function merkleProof(leafHexes: readonly string[], index: number): ProofStep[] {
  return naiveProof(leafHexes, index, false);
}

/**
 * Inclusion proof under the legacy scheme (docs/protocol.md 3.3, last sentence): where the sibling is
 * missing, the node itself is the right sibling.
 */
export function legacyMerkleProof(leafHexes: readonly string[], index: number): ProofStep[] {
  return naiveProof(leafHexes, index, true);
}
