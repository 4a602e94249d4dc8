/**
 * The chain's own evidence of each anchor (docs/architecture.md "Chain evidence"): the anchoring
 * transaction's bytes, the header of the block that holds it, the Merkle branch between them and
 * the auth digest branch that binds the rest of its bytes to that header, read from the node, checked with the core library as a receipt's reader will check them
 * (`checkChainEvidence`), and kept in `store.evidence`. Evidence is never made up: what the node
 * does not serve is not kept, and what does not check out is logged and not kept either.
 *
 * One round runs in the background after each look of the anchoring loop (and after a manual
 * record), so reading evidence never holds up or breaks anchoring. A round reads the viewing key
 * first (viewing-key.ts; the latest anchor's memo checks it), re-reads recent evidence whose block
 * left the best chain while its transaction stayed at that height, then reads the evidence of the
 * newest anchored root and of a few older ones still without it (the backfill), or with evidence
 * kept before it carried the block commitments, which is read again so that it gains them (it is
 * served without them meanwhile). A node that stops answering ends the round; the next one takes
 * it up. Reading one anchor's evidence is evidence-read.ts.
 */
import type { Network } from '../chain.js';
import type { AnchoredRoot, StoredChainEvidence, Store } from '../store/store.js';
import {
  EvidenceNotServedError,
  failedEvidenceChecks,
  readEvidence,
  toChainEvidence,
} from './evidence-read.js';
import type { AnchorViewingKey } from './viewing-key.js';
import { RpcError, type ZcashRpcClient } from 'zap1/node-rpc';

export { EvidenceNotServedError, failedEvidenceChecks, readEvidence, toChainEvidence };

/** Older anchored roots without (full) evidence read per round, besides the newest. */
const BACKFILL_PER_ROUND = 3;
/** The newest anchors whose evidence is compared with the best chain whenever the tip moves. */
const RECHECK_LATEST = 5;
/** Anchors skipped by the backfill at most (beyond it the oldest of them hold the backfill up). */
const MAX_SKIPPED_LISTED = 1000;

/** Whether evidence is still to be read: none kept, or kept before it carried the block commitments. */
const needsReading = (stored: StoredChainEvidence | null): boolean =>
  stored === null || stored.commitments === null;

export interface EvidenceKeeperOptions {
  store: Store;
  rpc: ZcashRpcClient;
  viewingKey: AnchorViewingKey;
  /** The node's network as the loop last saw it; nothing is read while it is unknown. */
  network: () => Network | null;
  log: (message: string) => void;
}

type ReadOutcome = 'kept' | 'not_served' | 'refused';

export class EvidenceKeeper {
  private current: Promise<void> | null = null;
  private stopped = false;
  /** Anchors whose evidence did not check out: not read again by this process. */
  private readonly refused = new Set<number>();
  /** Anchors the node served no evidence of, with the best block then: read again once it moves. */
  private readonly notServed = new Map<number, string | null>();
  private tipHash: string | null = null;
  private recheckedAt: string | null = null;
  /** What was logged, so a failure repeated every round is logged once. */
  private readonly logged = new Set<string>();
  /** Why the last round ended early (logged when it changes; null after a whole round). */
  private roundError: string | null = null;

  constructor(private readonly options: EvidenceKeeperOptions) {}

  /** Starts a round in the background unless one is running. Never rejects. */
  poke(): void {
    if (this.stopped || this.current) return;
    this.current = this.round()
      .then(
        () => {
          this.roundError = null;
        },
        (err: unknown) => {
          if (message(err) !== this.roundError) this.options.log(`evidence: round ended: ${message(err)}`);
          this.roundError = message(err);
        },
      )
      .finally(() => {
        this.current = null;
      });
  }

  /** Waits for the round in progress, if any. */
  async settle(): Promise<void> {
    await this.current;
  }

  /** No more rounds; waits for the one in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.settle();
  }

  /** One round (poke runs it in the background; tests await it). Throws when the node does not answer. */
  async round(): Promise<void> {
    const { store, rpc, viewingKey } = this.options;
    const network = this.options.network();
    if (network === null) return;
    await viewingKey.obtain(network);
    if (viewingKey.inUse() === null) return;
    this.tipHash = (await rpc.getBestBlockHash()).toLowerCase();
    if (viewingKey.state.state === 'candidate') await this.checkKeyOnLatest(network);
    if (viewingKey.published() === null) return;
    if (this.recheckedAt !== this.tipHash) await this.recheckRecent(network);

    const latest = await store.anchors.latestAnchoredRoot();
    const todo: AnchoredRoot[] = [];
    if (latest && !this.skipped(latest) && needsReading(await store.evidence.evidenceByTxid(latest.txid)))
      todo.push(latest);
    const listed = Math.min(
      BACKFILL_PER_ROUND + 1 + this.refused.size + this.notServed.size,
      MAX_SKIPPED_LISTED,
    );
    for (const root of await store.evidence.anchoredNeedingEvidence(listed)) {
      if (todo.length > BACKFILL_PER_ROUND) break;
      if (root.anchorId !== latest?.anchorId && !this.skipped(root)) todo.push(root);
    }
    for (const root of todo) {
      if (this.stopped || viewingKey.published() === null) return;
      await this.read(root, network);
    }
  }

  private skipped(root: AnchoredRoot): boolean {
    if (this.refused.has(root.anchorId)) return true;
    const at = this.notServed.get(root.anchorId);
    return at !== undefined && at === this.tipHash;
  }

  /**
   * The start check of a key just read: it must recover the latest anchor's memo. With no anchor,
   * or none the node serves the bytes of, it is published unchecked and the next anchor read decides.
   */
  private async checkKeyOnLatest(network: Network): Promise<void> {
    const { store, viewingKey } = this.options;
    const latest = await store.anchors.latestAnchoredRoot();
    if (!latest) return viewingKey.publishUnchecked('no anchor yet');
    const stored = await store.evidence.evidenceByTxid(latest.txid);
    if (stored) {
      const key = viewingKey.inUse();
      if (key === null) return;
      const memo = failedEvidenceChecks(toChainEvidence(stored, network, key), latest).find(
        (c) => c.name === 'memo',
      );
      if (memo) return viewingKey.refuse(`anchor ${latest.txid}: ${memo.detail}`);
      return viewingKey.confirm();
    }
    const outcome = await this.read(latest, network);
    // Still a candidate: the node served no bytes of the latest anchor, or bytes that are not its own.
    if (viewingKey.state.state === 'candidate')
      viewingKey.publishUnchecked(
        outcome === 'not_served'
          ? `the node serves no evidence of the latest anchor ${latest.txid}`
          : `the evidence of the latest anchor ${latest.txid} does not check out`,
      );
  }

  /**
   * A short reorganisation may put the anchor's transaction in another block at the same height:
   * the anchor stands, and its evidence is read again from the block now on the best chain.
   */
  private async recheckRecent(network: Network): Promise<void> {
    const { store, rpc } = this.options;
    for (const root of await store.anchors.anchoredRoots({ limit: RECHECK_LATEST })) {
      const stored = await store.evidence.evidenceByTxid(root.txid);
      if (!stored) continue;
      let hash: string;
      try {
        hash = (await rpc.getBlockHash(stored.height)).toLowerCase();
      } catch (err) {
        if (err instanceof RpcError) continue;
        throw err;
      }
      if (hash !== stored.blockHash) await this.read(root, network);
    }
    this.recheckedAt = this.tipHash;
  }

  /** Reads, checks and keeps the evidence of `root`. */
  private async read(root: AnchoredRoot, network: Network): Promise<ReadOutcome> {
    const { store, rpc, viewingKey } = this.options;
    const key = viewingKey.inUse();
    if (key === null) return 'refused';
    let stored: StoredChainEvidence | null;
    try {
      stored = await readEvidence(rpc, root);
    } catch (err) {
      // The node answered but will not give it (a pruned block, a height above a lowered tip, a
      // block described without what binds its transactions' bytes).
      if (!(err instanceof RpcError) && !(err instanceof EvidenceNotServedError)) throw err;
      return this.notServedBy(root, message(err));
    }
    if (stored === null)
      return this.notServedBy(root, `the transaction is not in the block at height ${root.height}`);

    const failed = failedEvidenceChecks(toChainEvidence(stored, network, key), root, {
      requireCommitments: true,
    });
    const memo = failed.find((c) => c.name === 'memo');
    // The bytes are the anchor's, and the key opens nothing in them: the key is wrong, unless an
    // anchor it already opened vouches for it (then this anchor came from another wallet).
    if (memo && failed.length === 1 && viewingKey.state.state !== 'checked') {
      viewingKey.refuse(`anchor ${root.txid}: ${memo.detail}`);
      return 'refused';
    }
    // The key recovered this root's memo from these bytes: it is the anchoring wallet's.
    if (!memo) viewingKey.confirm();
    if (failed.length > 0) {
      this.refused.add(root.anchorId);
      this.note(
        `evidence: anchor #${root.anchorId} (${root.txid}) not kept: ${failed.map((c) => c.detail).join(' ')}`,
      );
      return 'refused';
    }
    this.notServed.delete(root.anchorId);
    // False when a reorganisation reverted the anchor meanwhile: then there is nothing to keep.
    if (await store.evidence.putEvidence(stored)) {
      this.options.log(`evidence: anchor #${root.anchorId} (${root.txid}) at ${root.height} kept`);
    }
    return 'kept';
  }

  private notServedBy(root: AnchoredRoot, why: string): ReadOutcome {
    this.notServed.set(root.anchorId, this.tipHash);
    this.note(`evidence: anchor #${root.anchorId} (${root.txid}): not served yet: ${why}`);
    return 'not_served';
  }

  private note(line: string): void {
    if (this.logged.has(line)) return;
    if (this.logged.size >= 1000) this.logged.clear();
    this.logged.add(line);
    this.options.log(line);
  }
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
