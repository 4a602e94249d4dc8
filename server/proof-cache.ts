/**
 * Built-and-verified proof bundles, serialized, per leaf (docs/architecture.md "The tree in the service":
 * anchored proofs are served from memory). Every path is checked to reach its root when it is built
 * (`proofTarget`, O(log n) whichever root it is); unanchored bundles, and the first of each anchored
 * root, are also checked whole with `verifyProofBundle`. Serving a cached one
 * costs one lookup of the anchored root that proves the bundle still targets the right root. Every served bundle
 * was verified when it was built, so decision 6 holds.
 */
import type { Ledger } from './ledger.js';
import {
  assembleProofBundle,
  buildProofBundle,
  proofTarget,
  serializeProofBundle,
  targetAnchoredRoot,
  type ProofBundle,
  type ProofTarget,
} from './proofs.js';
import type { LeafRecord } from './store/store.js';

interface Entry {
  position: number;
  /** The anchored root the bundle targets, or null for the current (unanchored) root. */
  anchorId: number | null;
  rootHex: string;
  leafCount: number;
  txid: string | null;
  height: number | null;
  json: string;
}

export class ProofBundleCache {
  /** Insertion order is recency order: a hit moves its entry to the end. */
  private readonly entries = new Map<string, Entry>();
  /** Anchored roots whose bundle fields were checked once with verifyProofBundle, by anchor id. */
  private readonly checkedRoots = new Map<number, { rootHex: string; leafCount: number }>();

  constructor(
    private readonly ledger: Ledger,
    private readonly maxEntries = 16_384,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The serialized bundle of `leafHex` if one is cached and still targets the right root, else null. */
  async lookup(leafHex: string): Promise<string | null> {
    const entry = this.entries.get(leafHex);
    if (entry === undefined) return null;
    this.entries.delete(leafHex);
    if (!(await this.isCurrent(entry))) return null;
    this.entries.set(leafHex, entry);
    return entry.json;
  }

  /** Builds (and verifies) the bundle of a stored leaf, caches it, and returns it serialized. */
  async build(leaf: LeafRecord): Promise<string> {
    const { target, bundle } = await this.buildChecked(leaf);
    const json = serializeProofBundle(bundle);
    this.entries.delete(leaf.leafHex);
    this.entries.set(leaf.leafHex, {
      position: leaf.position,
      anchorId: target.anchored?.anchorId ?? null,
      rootHex: target.rootHex,
      leafCount: target.leafCount,
      txid: target.anchored?.txid ?? null,
      height: target.anchored?.height ?? null,
      json,
    });
    // Evicting one entry per insert would walk from the Map's start past every slot deleted since
    // its last compaction (thousands when every request is new); evicting a sixteenth at a time
    // walks them once per batch.
    if (this.entries.size > this.maxEntries + Math.max(1, this.maxEntries >> 4)) {
      let excess = this.entries.size - this.maxEntries;
      for (const key of this.entries.keys()) {
        if (excess-- <= 0) break;
        this.entries.delete(key);
      }
    }
    return json;
  }

  /**
   * The bundle against the leaf's target, its path checked there (`verifiedInclusionProof`). The
   * other fields are the root's and the leaf's hash, so an unanchored bundle, and the first bundle
   * of each anchored root, is also checked whole with `verifyProofBundle`.
   */
  private async buildChecked(leaf: LeafRecord): Promise<{ target: ProofTarget; bundle: ProofBundle }> {
    const target = await proofTarget(this.ledger, leaf);
    const anchored = target.anchored;
    if (!anchored) return { target, bundle: buildProofBundle(leaf, target) };
    const checked = this.checkedRoots.get(anchored.anchorId);
    if (checked?.rootHex === anchored.rootHex && checked.leafCount === anchored.leafCount)
      return { target, bundle: assembleProofBundle(leaf, target) };
    const bundle = buildProofBundle(leaf, target);
    if (this.checkedRoots.size >= 1024) this.checkedRoots.clear();
    this.checkedRoots.set(anchored.anchorId, { rootHex: anchored.rootHex, leafCount: anchored.leafCount });
    return { target, bundle };
  }

  /**
   * Whether `proofTarget` would pick the same root now: the same anchored root row (rows are
   * immutable; a reorganisation deletes them), or, while unanchored, the same tree size.
   */
  private async isCurrent(entry: Entry): Promise<boolean> {
    const anchored = await targetAnchoredRoot(this.ledger, entry.position);
    if (anchored) {
      return (
        entry.anchorId === anchored.anchorId &&
        entry.rootHex === anchored.rootHex &&
        entry.leafCount === anchored.leafCount &&
        entry.txid === anchored.txid &&
        entry.height === anchored.height
      );
    }
    return entry.anchorId === null && entry.leafCount === this.ledger.size;
  }
}
