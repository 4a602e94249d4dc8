/**
 * Inclusion proofs against anchored roots, each verified before it is served (docs/architecture.md
 * decision 6: a bundle that would not verify is never served), in O(log n) for any root.
 *
 * The tree keeps every completed node, and a completed node is the same in every root that covers
 * it; only the right edge of a root (at most one partial sibling on any path) is a fold of stored
 * nodes. So a proof against any of thousands of anchored roots is O(log n) node reads, and checking
 * it is O(log n) hashes: from the leaf's stored hash through the served siblings to the raw root,
 * committed with the root's leaf count, which must be the anchored root the store recorded. The
 * upper parts of paths already verified against anchored roots are kept (verified-upper-paths.ts):
 * a proof then hashes from its leaf up to the deepest kept node on its path, and its own hashes
 * must reach that node's verified hash. No root's first request pays for more than its own path.
 */
import {
  SCHEME_COUNT_BOUND,
  bytesEqual,
  commitRoot,
  inclusionRanges,
  parseHash,
  type MerkleTree,
  type PackedPath,
  type ProofStep,
} from 'zap1';
import { climbPath } from './path-hashing.js';
import { VerifiedUpperPaths } from './verified-upper-paths.js';

/** A bundle that would not verify: never served (the route answers 500 without internals). */
export class UnservableProofError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnservableProofError';
  }
}

type Target = { rootHex: string; leafCount: number };

/** The kept upper paths of each tree's anchored roots. */
const upperPathsOfTree = new WeakMap<MerkleTree, VerifiedUpperPaths>();

/** The kept upper paths of `tree` (made on first use). */
export function upperPathsOf(tree: MerkleTree): VerifiedUpperPaths {
  let paths = upperPathsOfTree.get(tree);
  if (paths === undefined) {
    paths = new VerifiedUpperPaths();
    upperPathsOfTree.set(tree, paths);
  }
  return paths;
}

/** The steps as served: one hex encoding of all the siblings, then a slice each (cheaper than one per step). */
function hexSteps({ siblings, siblingOnRight }: PackedPath): ProofStep[] {
  const hex = Buffer.from(siblings.buffer, siblings.byteOffset, siblings.byteLength).toString('hex');
  return Array.from(siblingOnRight, (onRight, i) => ({
    hash: hex.slice(i * 64, i * 64 + 64),
    position: onRight === 1 ? 'right' : 'left',
  }));
}

/** The last node of packed `nodes` (the one the path reaches), or `leaf` for an empty path. */
const lastNode = (nodes: Uint8Array, leaf: Uint8Array): Uint8Array =>
  nodes.length === 0 ? leaf : nodes.subarray(nodes.length - 32);

/**
 * The proof of leaf `leafHex` at `index` against the count-bound root `rootHex` of the first
 * `leafCount` leaves, as `verifyProof` would accept it under `ZAP1_COUNT_BOUND_V2`; throws
 * `UnservableProofError` when the path from that leaf hash does not lead to that root. With
 * `upperPaths` (for anchored roots, which never change), verified upper paths are reused and kept.
 */
export async function verifiedInclusionProof(
  tree: MerkleTree,
  leafHex: string,
  index: number,
  target: Target,
  upperPaths?: VerifiedUpperPaths,
): Promise<ProofStep[]> {
  const leaf = parseHash(leafHex, 'leafHex');
  const ranges = upperPaths ? inclusionRanges(index, target.leafCount) : [];
  const kept = upperPaths?.deepest(target, ranges);
  if (upperPaths && kept) {
    const lower = tree.inclusionSiblings(index, target.leafCount, ranges[kept.depth]);
    const nodes = await climbPath(leaf, lower);
    if (bytesEqual(lastNode(nodes, leaf), kept.node)) {
      const steps = [...hexSteps(lower), ...kept.stepsAbove];
      upperPaths.remember(target, ranges, nodes, steps);
      return steps;
    }
    // Not the verified node: check the whole path, which fails unless the tree is right after all.
  }
  const path = tree.inclusionSiblings(index, target.leafCount);
  const nodes = await climbPath(leaf, path);
  const raw = lastNode(nodes, leaf);
  if (!bytesEqual(commitRoot(target.leafCount, raw), parseHash(target.rootHex, 'rootHex'))) {
    throw new UnservableProofError(
      `the ${SCHEME_COUNT_BOUND} proof of leaf ${leafHex} does not lead to root ${target.rootHex}`,
    );
  }
  const steps = hexSteps(path);
  upperPaths?.remember(target, ranges, nodes, steps);
  return steps;
}
