/**
 * Inclusion proofs against anchored roots, checked for every bundle at a fraction of a full walk
 * (docs/architecture.md decision 6: a bundle that would not verify is never served).
 *
 * Every leaf under the same node of a tree shares the proof steps above that node. So per anchored
 * root, the upper part of the tree is kept as a memo of verified nodes: each holds its hash, its
 * proof step, and its parent, and was admitted only after hashing it with that step gave the
 * parent's hash (at the top: after `H_root(leafCount, hash)` gave the anchored root). A proof is
 * then the leaf's steps up to its node at `level`, each hashed here for this request, followed by
 * the memo's steps above that node; the hash reached from the leaf must equal the node's. Walking
 * the whole served proof would reach the anchored root: exactly `verifyProof`'s verdict, with the
 * upper hashes done once per root instead of once per request.
 */
import {
  commitRoot,
  hashNode,
  parseHash,
  toHex,
  type MerkleTree,
  type ProofStep,
} from '../src/core/index.js';
import { UnservableProofError } from './proofs.js';

/** A node whose proof steps up to the anchored root were hashed and found to reach it. */
interface VerifiedNode {
  /** Its hash as hex: a string costs far less memory than a small typed array, and siblings share it. */
  hashHex: string;
  /** The step to the parent (null at the top, the raw root). */
  step: ProofStep | null;
  parent: VerifiedNode | null;
}

interface RootMemo {
  rootHex: string;
  leafCount: number;
  /** Nodes at this level and above are memoized; below it, hashed per request. */
  level: number;
  /** Verified nodes by their leaf range `start:end`. */
  nodes: Map<string, VerifiedNode>;
  /** The same nodes at the memo level, by block index (no key to build on the hot path). */
  blocks: (VerifiedNode | undefined)[];
}

/** The anchored root a proof targets, as the store reports it. */
export interface AnchoredTarget {
  anchorId: number;
  rootHex: string;
  leafCount: number;
}

/** At most 2^15 memoized nodes at the memo level: about 2^16 in all per root, 16 MiB of heap at 1,000,000 leaves. */
const MEMO_WIDTH_BITS = 15;

/**
 * The level from which a tree of `leafCount` leaves is memoized: the lowest where the tree is at
 * most 2^widthBits nodes wide. At 1,000,000 leaves that is level 5 (31,250 nodes).
 */
export function memoLevel(leafCount: number, widthBits = MEMO_WIDTH_BITS): number {
  let bits = 0;
  for (let n = leafCount; n > 1; n = Math.floor(n / 2)) bits++;
  return Math.max(0, bits + 1 - widthBits);
}

export interface VerifiedPathsOptions {
  /** Roots memoized at once (most recently asked for kept). */
  maxRoots?: number;
  maxNodesPerRoot?: number;
  /** Fill a root's memo in the background as soon as it is first asked for (default true). */
  warmUp?: boolean;
  /** See `memoLevel`. */
  widthBits?: number;
}

/** The largest power of two strictly below n (n >= 2): RFC 6962's split, as in MerkleTree. */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** The ranges [start, end) of the nodes on leaf `index`'s path in a tree of `size`, leaf first. */
function pathRanges(index: number, size: number): [number, number][] {
  const ranges: [number, number][] = [[0, size]];
  let start = 0;
  let end = size;
  while (end - start > 1) {
    const k = splitPoint(end - start);
    if (index < start + k) end = start + k;
    else start += k;
    ranges.push([start, end]);
  }
  return ranges.reverse();
}

const isPowerOfTwo = (n: number): boolean => n >= 1 && 2 ** Math.round(Math.log2(n)) === n;

/** How long one slice of a background fill may hold the event loop. */
const FILL_SLICE_MS = 4;

const rangeKey = ([start, end]: [number, number]): string => `${start}:${end}`;

/** Records a verified node under its range, and under its block index when it is a memo-level block. */
function admit(memo: RootMemo, start: number, end: number, node: VerifiedNode): void {
  memo.nodes.set(rangeKey([start, end]), node);
  const blockSize = 2 ** memo.level;
  if (end - start === blockSize && start % blockSize === 0) memo.blocks[start / blockSize] = node;
}

/** Lowercase hex of 32 bytes (Node's encoder: one flat string, cheaper to build and to serialize). */
const hexOf = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');

const climb = (node: Uint8Array, step: ProofStep): Uint8Array => {
  const sibling = parseHash(step.hash, 'proof step');
  return step.position === 'right' ? hashNode(node, sibling) : hashNode(sibling, node);
};

export class VerifiedPaths {
  /** Per anchor id, most recently used last. */
  private readonly roots = new Map<number, RootMemo>();

  private readonly maxRoots: number;
  private readonly maxNodesPerRoot: number;
  private readonly warmUp: boolean;
  private readonly widthBits: number;

  constructor(
    private readonly tree: MerkleTree,
    options: VerifiedPathsOptions = {},
  ) {
    this.maxRoots = options.maxRoots ?? 4;
    this.widthBits = options.widthBits ?? MEMO_WIDTH_BITS;
    this.maxNodesPerRoot = options.maxNodesPerRoot ?? 2 ** (this.widthBits + 2);
    this.warmUp = options.warmUp ?? true;
  }

  /** Memoized nodes across all roots (for tests and figures). */
  get nodeCount(): number {
    let count = 0;
    for (const memo of this.roots.values()) count += memo.nodes.size;
    return count;
  }

  /**
   * The inclusion proof of the leaf `leafHex` at `index` in `target`, verified as described above,
   * or null for the few leaves this does not cover (those after the tree's last complete node at
   * the memo level: the caller builds and verifies those in full). Throws `UnservableProofError`
   * when the hashes do not lead to the anchored root.
   */
  proof(leafHex: string, index: number, target: AnchoredTarget): ProofStep[] | null {
    const memo = this.memoFor(target);
    const blockSize = 2 ** memo.level;
    const block = Math.floor(index / blockSize);
    if ((block + 1) * blockSize > target.leafCount || index >= this.tree.size) return null;

    // Inside a complete block every sibling is a stored node: no hashing to find them.
    const steps: ProofStep[] = [];
    let hash = parseHash(leafHex, 'leafHex');
    for (let level = 0; level < memo.level; level++) {
      const position = Math.floor(index / 2 ** level);
      if (position % 2 === 0) {
        const sibling = this.tree.nodeBytes(level, position + 1);
        hash = hashNode(hash, sibling);
        steps.push({ hash: hexOf(sibling), position: 'right' });
      } else {
        const sibling = this.tree.nodeBytes(level, position - 1);
        hash = hashNode(sibling, hash);
        steps.push({ hash: hexOf(sibling), position: 'left' });
      }
    }
    const node = memo.blocks[block] ?? this.verifyUpward(memo, index, hash);
    if (node.hashHex !== hexOf(hash)) {
      throw new UnservableProofError(`the proof of leaf ${leafHex} does not lead to root ${memo.rootHex}`);
    }
    for (let n: VerifiedNode | null = node; n?.step; n = n.parent) steps.push(n.step);
    return steps;
  }

  private memoFor(target: AnchoredTarget): RootMemo {
    const known = this.roots.get(target.anchorId);
    this.roots.delete(target.anchorId);
    const memo =
      known && known.rootHex === target.rootHex && known.leafCount === target.leafCount
        ? known
        : {
            rootHex: target.rootHex,
            leafCount: target.leafCount,
            level: memoLevel(target.leafCount, this.widthBits),
            nodes: new Map<string, VerifiedNode>(),
            blocks: [],
          };
    this.roots.set(target.anchorId, memo);
    while (this.roots.size > this.maxRoots) {
      const oldest = this.roots.keys().next();
      if (oldest.done === true) break;
      this.roots.delete(oldest.value);
    }
    if (memo !== known && this.warmUp) {
      // A fill that fails leaves the memo to the per-request path, which verifies on its own.
      this.fill(target.anchorId, memo).catch(() => undefined);
    }
    return memo;
  }

  /** Fills the memo of `target` now (what the background fill does); resolves when done. */
  async fillNow(target: AnchoredTarget): Promise<void> {
    const known = this.roots.get(target.anchorId);
    const memo = known ?? this.memoFor(target);
    await this.fill(target.anchorId, memo);
  }

  /**
   * Admits every node of the memo, top down, in slices that yield to the event loop: the root is
   * checked against its commitment, then each node's children are admitted when hashing them
   * together gives the node. Once done, a first request hashes only the levels below the memo.
   * Resolves when finished, or early when the memo was replaced or dropped.
   */
  private async fill(anchorId: number, memo: RootMemo): Promise<void> {
    const blockSize = 2 ** memo.level;
    const top = this.rangeHash(0, memo.leafCount);
    if (toHex(commitRoot(memo.leafCount, top)) !== memo.rootHex) return;
    const topKey = rangeKey([0, memo.leafCount]);
    const topHex = hexOf(top);
    const root = memo.nodes.get(topKey) ?? { hashHex: topHex, step: null, parent: null };
    if (root.hashHex !== topHex) return;
    admit(memo, 0, memo.leafCount, root);
    const pending: { start: number; end: number; node: VerifiedNode }[] = [
      { start: 0, end: memo.leafCount, node: root },
    ];
    let sliceStarted = performance.now();
    while (pending.length > 0) {
      if (performance.now() - sliceStarted > FILL_SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        if (this.roots.get(anchorId) !== memo) return;
        sliceStarted = performance.now();
      }
      const { start, end, node } = pending.pop()!;
      if (end - start <= blockSize) continue;
      const split = start + splitPoint(end - start);
      const left = this.rangeHash(start, split);
      const right = this.rangeHash(split, end);
      // A mismatch means the tree is not what was anchored: admit nothing below, serve nothing from it.
      if (hexOf(hashNode(left, right)) !== node.hashHex) return;
      const leftHex = hexOf(left);
      const rightHex = hexOf(right);
      for (const [childStart, childEnd, hashHex, step] of [
        [start, split, leftHex, { hash: rightHex, position: 'right' }],
        [split, end, rightHex, { hash: leftHex, position: 'left' }],
      ] as const) {
        // Only nodes that hold a whole block of the memo level are kept; the rest are hashed per request.
        if (childEnd - childStart < blockSize) continue;
        const key = rangeKey([childStart, childEnd]);
        const child = memo.nodes.get(key) ?? { hashHex, step, parent: node };
        if (child.hashHex !== hashHex) return;
        if (memo.nodes.size >= this.maxNodesPerRoot) return;
        admit(memo, childStart, childEnd, child);
        pending.push({ start: childStart, end: childEnd, node: child });
      }
    }
  }

  /** The raw root of leaves [start, end) of an RFC 6962-shaped node: stored when complete, else folded. */
  private rangeHash(start: number, end: number): Uint8Array {
    const width = end - start;
    if (isPowerOfTwo(width)) return this.tree.nodeBytes(Math.log2(width), start / width);
    const split = start + splitPoint(width);
    return hashNode(this.rangeHash(start, split), this.rangeHash(split, end));
  }

  /**
   * Hashes from `hash` (the leaf's node at the memo level) up the tree's proof until a memoized
   * node or the anchored root confirms it, then admits the nodes passed on the way. Returns the
   * node at the memo level.
   */
  private verifyUpward(memo: RootMemo, index: number, hash: Uint8Array): VerifiedNode {
    const proof = this.tree.inclusionProof(index, memo.leafCount);
    const ranges = pathRanges(index, memo.leafCount);
    const passed: { range: [number, number]; hash: Uint8Array; step: ProofStep }[] = [];
    let current = hash;
    let confirmedBy: VerifiedNode | undefined;
    for (let s = memo.level; s < proof.length; s++) {
      const key = rangeKey(ranges[s]!);
      confirmedBy = memo.nodes.get(key);
      if (confirmedBy) break;
      const step = proof[s]!;
      passed.push({ range: ranges[s]!, hash: current, step });
      current = climb(current, step);
    }
    if (confirmedBy) {
      if (confirmedBy.hashHex !== hexOf(current)) {
        throw new UnservableProofError(`the proof of leaf ${index + 1} disagrees with a verified node`);
      }
    } else {
      const topKey = rangeKey([0, memo.leafCount]);
      confirmedBy = memo.nodes.get(topKey);
      if (
        confirmedBy
          ? confirmedBy.hashHex !== hexOf(current)
          : toHex(commitRoot(memo.leafCount, current)) !== memo.rootHex
      ) {
        throw new UnservableProofError(
          `the proof of leaf ${index + 1} does not lead to root ${memo.rootHex}`,
        );
      }
      if (!confirmedBy) {
        confirmedBy = { hashHex: hexOf(current), step: null, parent: null };
        admit(memo, 0, memo.leafCount, confirmedBy);
      }
    }
    let parent = confirmedBy;
    for (let i = passed.length - 1; i >= 0; i--) {
      const { range, hash: nodeHash, step } = passed[i]!;
      parent = { hashHex: hexOf(nodeHash), step, parent };
      if (memo.nodes.size < this.maxNodesPerRoot) admit(memo, range[0], range[1], parent);
    }
    return parent;
  }
}
