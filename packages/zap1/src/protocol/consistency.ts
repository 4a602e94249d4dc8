/**
 * Consistency proof verification (docs/architecture.md decision 7): the tree has the RFC 6962 shape, so the
 * RFC 9162 section 2.1.4.2 algorithm applies to its raw nodes; the roots it yields are then checked
 * against the committed (count-bound) roots `H_root(n, raw)` of docs/protocol.md 3.1.
 */
import { MAX_LEAF_COUNT, commitRoot, hashNode } from './hash.js';
import { isHex64 } from './guards.js';
import { bytesEqual, parseHash } from './hex.js';

function fail(error: string): { valid: false; error: string } {
  return { valid: false, error };
}

/**
 * Checks that the tree of `toSize` leaves with committed root `toRootHex` extends the tree of
 * `fromSize` leaves with committed root `fromRootHex`, given the raw nodes of
 * `MerkleTree.consistencyProof` (RFC 6962 2.1.2 order; when `fromSize` is a power of two the first
 * node is the old raw root, which a committed root cannot supply). Equal sizes need an empty proof
 * and equal roots. Never throws; `error` says in plain words what failed.
 */
export function verifyConsistency(input: {
  fromSize: number;
  toSize: number;
  fromRootHex: string;
  toRootHex: string;
  proof: readonly string[];
}): { valid: boolean; error?: string } {
  try {
    if (typeof input !== 'object' || input === null) return fail('no consistency proof was given');
    const { fromSize, toSize, fromRootHex, toRootHex, proof } = input;
    for (const [name, size] of [
      ['fromSize', fromSize],
      ['toSize', toSize],
    ] as const) {
      if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > MAX_LEAF_COUNT) {
        return fail(`${name} must be a whole number of leaves, at least 1`);
      }
    }
    if (fromSize > toSize) return fail('the earlier tree size is larger than the later one');
    if (!isHex64(fromRootHex)) return fail('the earlier root is not 64 lowercase hex characters');
    if (!isHex64(toRootHex)) return fail('the later root is not 64 lowercase hex characters');
    if (!Array.isArray(proof)) return fail('the proof is not a list of hashes');
    const nodes: Uint8Array[] = [];
    for (const [i, hex] of proof.entries()) {
      if (!isHex64(hex)) return fail(`proof node ${i + 1} is not 64 lowercase hex characters`);
      nodes.push(parseHash(hex));
    }

    if (fromSize === toSize) {
      if (nodes.length !== 0) return fail('a proof between equal sizes must be empty');
      return fromRootHex === toRootHex ? { valid: true } : fail('the two roots of the same size differ');
    }
    const first = nodes[0];
    if (first === undefined) return fail('the proof is empty, but the sizes differ');

    // RFC 9162 2.1.4.2 with fn = first - 1, sn = second - 1 as plain numbers (sizes exceed 32 bits).
    let fn = fromSize - 1;
    let sn = toSize - 1;
    const half = (): void => {
      fn = Math.floor(fn / 2);
      sn = Math.floor(sn / 2);
    };
    // For a power-of-two fromSize, fn is all ones and drops to 0: the first node is the old raw root.
    while (fn % 2 === 1) half();
    let fr = first;
    let sr = first;
    for (const c of nodes.slice(1)) {
      if (sn === 0) return fail('the proof has more nodes than the two sizes allow');
      if (fn % 2 === 1 || fn === sn) {
        fr = hashNode(c, fr);
        sr = hashNode(c, sr);
        if (fn % 2 === 0) while (fn % 2 === 0 && fn !== 0) half();
      } else {
        sr = hashNode(sr, c);
      }
      half();
    }
    if (sn !== 0) return fail('the proof has fewer nodes than the two sizes need');
    if (!bytesEqual(commitRoot(fromSize, fr), parseHash(fromRootHex))) {
      return fail(
        'the proof does not lead to the earlier root: the earlier tree is not part of the later one',
      );
    }
    if (!bytesEqual(commitRoot(toSize, sr), parseHash(toRootHex))) {
      return fail(
        'the proof does not lead to the later root: the later tree does not extend the earlier one',
      );
    }
    return { valid: true };
  } catch {
    return fail('the consistency proof could not be read');
  }
}
