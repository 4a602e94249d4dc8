/**
 * Inclusion proofs against anchored roots, each verified before it is served (docs/architecture.md
 * decision 6: a bundle that would not verify is never served), in O(log n) for any root.
 *
 * The tree keeps every completed node, and a completed node is the same in every root that covers
 * it; only the right edge of a root (at most one partial sibling on any path) is a fold of stored
 * nodes. So a proof against any of thousands of anchored roots is O(log n) node reads, and checking
 * it is O(log n) hashes: from the leaf's stored hash through the served siblings to the raw root,
 * committed with the root's leaf count, which must be the anchored root the store recorded. Nothing
 * is memoized per root, so no root's first request pays for more than its own path.
 */
import {
  SCHEME_COUNT_BOUND,
  bytesEqual,
  commitRoot,
  hashNode,
  parseHash,
  type MerkleTree,
  type ProofStep,
} from '../src/core/index.js';

/** A bundle that would not verify: never served (the route answers 500 without internals). */
export class UnservableProofError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnservableProofError';
  }
}

/**
 * The proof of leaf `leafHex` at `index` against the count-bound root `rootHex` of the first
 * `leafCount` leaves, as `verifyProof` would accept it under `ZAP1_COUNT_BOUND_V2`; throws
 * `UnservableProofError` when the path from that leaf hash does not lead to that root.
 */
export function verifiedInclusionProof(
  tree: MerkleTree,
  leafHex: string,
  index: number,
  target: { rootHex: string; leafCount: number },
): ProofStep[] {
  const path = tree.inclusionPath(index, target.leafCount);
  let node = parseHash(leafHex, 'leafHex');
  for (const { sibling, position } of path) {
    node = position === 'right' ? hashNode(node, sibling) : hashNode(sibling, node);
  }
  if (!bytesEqual(commitRoot(target.leafCount, node), parseHash(target.rootHex, 'rootHex'))) {
    throw new UnservableProofError(
      `the ${SCHEME_COUNT_BOUND} proof of leaf ${leafHex} does not lead to root ${target.rootHex}`,
    );
  }
  // One hex encoding of all the siblings, then a slice each: cheaper than one encoding per step.
  const all = Buffer.allocUnsafe(path.length * 32);
  path.forEach(({ sibling }, i) => all.set(sibling, i * 32));
  const hex = all.toString('hex');
  return path.map(({ position }, i) => ({ hash: hex.slice(i * 64, i * 64 + 64), position }));
}
