/**
 * Built-and-verified proof bundles, serialized, per leaf (docs/architecture.md "The tree in the service":
 * anchored proofs are served from memory). Building a bundle costs dozens of BLAKE2b hashes (the
 * path, and `verifyProofBundle` before it leaves the service); serving a cached one costs one
 * indexed lookup that proves the bundle still targets the right root. Every served bundle was
 * verified when it was built, so decision 6 holds.
 */
import type { Ledger } from './ledger.js';
import { buildProofBundle, proofTarget, targetAnchoredRoot } from './proofs.js';
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
    const target = await proofTarget(this.ledger, leaf);
    const json = JSON.stringify(buildProofBundle(leaf, target));
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
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.entries.delete(oldest.value);
    }
    return json;
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
