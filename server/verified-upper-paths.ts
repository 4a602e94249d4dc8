/**
 * The upper parts of inclusion proofs already verified against anchored roots, so that a proof of
 * another leaf under the same node hashes only from its leaf up to that node (verified-proof.ts).
 *
 * An entry is a node of one anchored root's tree (a range of leaves, `inclusionRanges`) with its
 * hash as it was computed from a leaf, and the step that was then hashed with it on the way up to
 * that root. The entries of a path's upper nodes hold, together, the steps from the deepest of
 * them up to the root. A new proof whose own lower steps reach that node's hash, completed with
 * those steps, is the same hashing carried out in two parts: it verifies as a whole. The steps are
 * kept, not read again from the tree, so what is served is what was checked.
 *
 * A root is its hash and its leaf count together: the ranges of a path depend on the count, and a
 * target that names a root's hash with another count must fail the whole check, not match nodes
 * kept for the true count.
 *
 * Only nodes of at least MIN_RANGE leaves are kept (below them paths part ways quickly), at most
 * `maxEntries` in all (about 550 bytes each as measured: some 35 MB when full), whole roots
 * dropped least recently used first.
 */
import type { ProofStep } from 'zap1';

/**
 * The smallest range of leaves whose node is kept. Lower means fewer hashes per proof and more nodes
 * kept: at 64, every leaf of 1,000,000 over 1,000 anchored roots asked for keeps about 37,000 nodes
 * (at 256, a proof there hashed two nodes more, about 7 µs of CPU, on the hashing thread). A root
 * too large for its nodes of 64 leaves to fit the bound keeps larger ones (`minRangeOf`).
 */
const MIN_RANGE = 64;

/** A kept node: its verified hash, and the step hashed with it to make its parent. */
interface KeptNode {
  node: Uint8Array;
  stepAbove: Readonly<ProofStep>;
}

type Range = { start: number; end: number };
type Root = { rootHex: string; leafCount: number };

/**
 * A node's key within one root: at one depth the ranges of a root's tree are disjoint, so the start
 * and the depth name one. A number, not a string, to spare an allocation per lookup (exact while
 * start < 2^47 leaves, far beyond any tree in memory).
 */
const keyOf = (range: Range, depth: number): number => range.start * 64 + depth;
const rootKeyOf = (root: Root): string => `${root.leafCount}:${root.rootHex}`;

export class VerifiedUpperPaths {
  /** Per root (by leaf count and hash), its kept nodes by `keyOf`; Map order is recency order. */
  private readonly roots = new Map<string, Map<number, KeptNode>>();
  private entries = 0;

  constructor(private readonly maxEntries = 65_536) {}

  /** Nodes kept, in all roots. */
  get size(): number {
    return this.entries;
  }

  /** Roots with nodes kept. */
  get rootCount(): number {
    return this.roots.size;
  }

  /**
   * The deepest kept node on a path, given the path's ranges from the root down (`inclusionRanges`):
   * its depth in `ranges`, its verified hash, and the steps from it up to the root (leaf side
   * first); or null.
   */
  deepest(
    root: Root,
    ranges: readonly Range[],
  ): { depth: number; node: Uint8Array; stepsAbove: ProofStep[] } | null {
    const rootKey = rootKeyOf(root);
    const kept = this.roots.get(rootKey);
    if (kept === undefined) return null;
    this.roots.delete(rootKey);
    this.roots.set(rootKey, kept);
    const minRange = this.minRangeOf(root);
    const stepsAbove: ProofStep[] = [];
    let deepest: KeptNode | undefined;
    // Depth 0 is the root itself: nothing to save there.
    for (let depth = 1; depth < ranges.length; depth++) {
      const range = ranges[depth]!;
      if (range.end - range.start < minRange) break;
      const node = kept.get(keyOf(range, depth));
      // Nodes are kept from the top down, so the first gap ends the search.
      if (node === undefined) break;
      stepsAbove.push(node.stepAbove);
      deepest = node;
    }
    if (deepest === undefined) return null;
    return { depth: stepsAbove.length, node: deepest.node, stepsAbove: stepsAbove.reverse() };
  }

  /**
   * Keeps the nodes of a path verified to reach `root`: `steps` is the whole path (leaf level
   * first) and `nodes` the hashes after hashing each of its first steps, 32 bytes each, one after
   * another (node i at bytes [32i, 32i+32)).
   */
  remember(root: Root, ranges: readonly Range[], nodes: Uint8Array, steps: readonly ProofStep[]): void {
    const rootKey = rootKeyOf(root);
    const minRange = this.minRangeOf(root);
    let kept = this.roots.get(rootKey);
    // Node i is the node of ranges[steps.length - 1 - i]; the root's own (depth 0) is not kept.
    for (let i = Math.min(nodes.length / 32, steps.length - 1) - 1; i >= 0; i--) {
      const depth = steps.length - 1 - i;
      const range = ranges[depth]!;
      if (range.end - range.start < minRange) break;
      const key = keyOf(range, depth);
      if (kept?.has(key)) continue;
      if (kept === undefined) {
        // Made with its first node, so every root held counts toward the cap.
        kept = new Map();
        this.roots.set(rootKey, kept);
      }
      const above = steps[i + 1]!;
      // A flat copy of the hex: a slice would keep the whole path's string alive.
      const hash = Buffer.from(above.hash, 'hex').toString('hex');
      // A copy: the node may be a view into the hashing thread's answer for a whole batch.
      const node = nodes.slice(i * 32, i * 32 + 32);
      kept.set(key, { node, stepAbove: Object.freeze({ hash, position: above.position }) });
      this.entries++;
    }
    if (kept !== undefined) this.evict(rootKey);
  }

  /**
   * The smallest range of leaves kept for `root`: MIN_RANGE, or twice that and so on while the nodes
   * of its whole tree would not fit the bound (a root of n leaves has about 2n / r nodes of r leaves
   * or more), so that a root with every leaf asked for does not push itself out.
   */
  private minRangeOf(root: Root): number {
    let range = MIN_RANGE;
    while ((2 * root.leafCount) / range > this.maxEntries) range *= 2;
    return range;
  }

  /** Drops whole roots, least recently used first, until at most `maxEntries` are kept. */
  private evict(currentKey: string): void {
    for (const [rootKey, kept] of this.roots) {
      if (this.entries <= this.maxEntries) return;
      if (rootKey === currentKey) continue;
      this.entries -= kept.size;
      this.roots.delete(rootKey);
    }
    // One root alone above the cap (a tree of millions of leaves): start it again.
    if (this.entries > this.maxEntries) {
      this.entries -= this.roots.get(currentKey)?.size ?? 0;
      this.roots.delete(currentKey);
    }
  }
}
