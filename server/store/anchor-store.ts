/**
 * Anchoring attempts, the anchored roots they produce, and the lease of the instance that anchors:
 * the part of the store the anchoring loop (server/anchor) writes and the routes read.
 */

export type AnchorState = 'pending' | 'broadcast' | 'confirmed' | 'anchored' | 'failed';
export const IN_FLIGHT_STATES: readonly AnchorState[] = ['pending', 'broadcast', 'confirmed'];

/** One anchoring attempt (docs/architecture.md "What anchored means"). */
export interface AnchorAttempt {
  id: number;
  rootHex: string;
  leafCount: number;
  state: AnchorState;
  /** z_sendmany operation id, once known. */
  opid: string | null;
  txid: string | null;
  height: number | null;
  /** Unix seconds of the block that holds the transaction. */
  blockTime: number | null;
  attempts: number;
  lastError: string | null;
  /** RFC 3339 time the latest z_sendmany of this attempt started (written before the call); null before any. */
  sendStartedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One change of an anchoring attempt, as the attempt log keeps it (written by the store itself). */
export interface AnchorLogEntry {
  /** RFC 3339. */
  at: string;
  /** The attempt's state after the change. */
  state: AnchorState;
  /** `recorded`: the intent; `send_started`: a z_sendmany began; `state`: a new state; `error`: a new error. */
  change: 'recorded' | 'send_started' | 'state' | 'error';
  /** The txid (broadcast), the height (confirmed, anchored), or the error (failed, error). */
  detail: string | null;
}

/** An attempt with its log, oldest change first. */
export interface AttemptWithLog {
  attempt: AnchorAttempt;
  log: AnchorLogEntry[];
}

/** Where the node reports an anchor's transaction mined, as `markAnchored` records it. */
export interface AnchoredAt {
  height: number;
  blockTime: number | null;
  /** Display order, lowercase; absent or null when the node did not say. */
  blockHash?: string | null;
  /**
   * The fee the transaction paid, in zatoshi, as the wallet reports it (what its spends hold beyond
   * its outputs); absent or null when unknown (an anchor the operator paid from another wallet).
   */
  feeZat?: number | null;
}

/**
 * What anchoring cost in a window: the anchored roots whose fee was paid at or after its start (the
 * block time, else when the anchor was recorded), the fees known of them, and how many have none.
 */
export interface AnchorSpend {
  anchors: number;
  /** Sum of the known fees, in zatoshi. */
  feeZat: number;
  /** Anchored roots in the window whose fee is unknown (not in `feeZat`). */
  unpriced: number;
  /** Unix seconds of the earliest anchor in the window; null when there is none. */
  firstAt: number | null;
}

/** A root whose anchor reached `anchored`; only these count anywhere. */
export interface AnchoredRoot {
  anchorId: number;
  rootHex: string;
  leafCount: number;
  txid: string;
  height: number;
  blockTime: number | null;
  /**
   * The hash of the block holding the transaction (display order, lowercase), as the node reports
   * it; null when unknown (anchored before it was kept, and no evidence read since).
   */
  blockHash: string | null;
  /** created_at of the root's last leaf. */
  createdAt: string;
}

export interface AnchoredRootStats {
  count: number;
  /** Smallest and largest anchor height; null when nothing is anchored. */
  firstHeight: number | null;
  lastHeight: number | null;
}

/** Anchoring attempts and the anchored roots they produce (the loop in server/anchor writes; routes read). */
export interface AnchorStore {
  /** Writes the intent before broadcast; rejects with StoreConflictError if another anchor is in flight. */
  recordAnchorIntent(input: { rootHex: string; leafCount: number }): Promise<AnchorAttempt>;
  /**
   * Durably notes, BEFORE z_sendmany is called, that a send of this pending attempt starts at
   * `startedAt` (RFC 3339): after a restart the loop waits for that send's transaction instead of
   * sending again at once (docs/architecture.md decision 8).
   */
  markSendStarted(id: number, startedAt: string): Promise<AnchorAttempt>;
  setAnchorOperation(id: number, opid: string): Promise<AnchorAttempt>;
  /** pending → broadcast. */
  setAnchorTxid(id: number, txid: string): Promise<AnchorAttempt>;
  /** → confirmed: mined at `height`, fewer confirmations than required. */
  setAnchorConfirmed(id: number, height: number): Promise<AnchorAttempt>;
  /**
   * → anchored: enough confirmations and the memo read back; writes the root row, with the hash of
   * the block the node reports the transaction in (display order; absent or null when unknown).
   */
  markAnchored(id: number, input: AnchoredAt): Promise<AnchorAttempt>;
  /**
   * Records that the anchored root's transaction is, at the same height, in block `blockHash` now
   * (a reorganisation mined it again in another block). Derived from the chain, so any instance may
   * write it, without the anchorer's fence; false (nothing written) when the root is not anchored
   * (any more) in that transaction at that height.
   */
  updateBlockHash(
    anchorId: number,
    at: { txid: string; height: number; blockHash: string },
  ): Promise<boolean>;
  /** Counts a retry of an in-flight attempt and keeps its last error, without ending it. */
  noteAnchorError(id: number, message: string): Promise<AnchorAttempt>;
  /** → failed (ends the attempt; the next anchors the current root). */
  markAnchorFailed(id: number, message: string): Promise<AnchorAttempt>;
  /**
   * After a reorganisation removed the attempt's transaction: the root row goes away (proofs stop
   * claiming it) and the attempt ends as failed with `reason`; the next attempt anchors the current root.
   */
  revertAnchor(id: number, reason: string): Promise<AnchorAttempt>;
  anchorAttempt(id: number): Promise<AnchorAttempt | null>;
  /** The attempt in flight (pending, broadcast or confirmed), if any: there is at most one. */
  inFlightAnchor(): Promise<AnchorAttempt | null>;
  latestAnchorAttempt(): Promise<AnchorAttempt | null>;
  /** The newest `limit` attempts (newest first), each with its log (oldest change first). */
  recentAttemptsWithLog(limit: number): Promise<AttemptWithLog[]>;

  /** Anchored roots ordered by height (then anchoring order); `before` filters height < before; `limit` keeps the newest. */
  anchoredRoots(options?: { limit?: number; beforeHeight?: number }): Promise<AnchoredRoot[]>;
  /** Count and height range of the anchored roots in one query (/stats; never reads every root). */
  anchoredRootStats(): Promise<AnchoredRootStats>;
  /**
   * What the anchored roots paid since `sinceUnixS` (Unix seconds; null: every anchored root, those
   * without a known time included), in one aggregate query (/anchor/spend).
   */
  anchorSpend(sinceUnixS: number | null): Promise<AnchorSpend>;
  /** The first anchored root (smallest leaf count, then oldest) that contains `position`. */
  firstAnchoredRootCovering(position: number): Promise<AnchoredRoot | null>;
  /** How many anchor attempts are in each state (every state present, 0 when none). */
  anchorStateCounts(): Promise<Record<AnchorState, number>>;
  /** Anchored roots with an anchor id above `anchorId`, in the order they were anchored (anchor id). */
  anchoredRootsAfter(anchorId: number, limit: number): Promise<AnchoredRoot[]>;
  /** The anchored root whose txid starts with `prefix` (lowercase hex), the lowest such txid; null if none. */
  anchoredRootByTxidPrefix(prefix: string): Promise<AnchoredRoot | null>;
  latestAnchoredRoot(): Promise<AnchoredRoot | null>;
  /** The largest anchored leaf count (0 when nothing is anchored). */
  anchoredLeafCount(): Promise<number>;
  anchoredRootBySize(leafCount: number): Promise<AnchoredRoot | null>;
}

/** Proof that an instance holds the anchorer lease: its id and the lease's fencing token. */
export interface AnchorFence {
  instanceId: string;
  token: number;
}

/** Thrown by a fenced anchor write when the instance no longer holds the anchorer lease. */
export class AnchorLeaseLostError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnchorLeaseLostError';
  }
}

/**
 * The election of the one instance that anchors (docs/architecture.md decision 9): a lease with a
 * fencing token. The token grows whenever the lease passes to another instance, and every anchor
 * write of the anchoring loop checks it in its own transaction (`Store.fencedAnchors`), so an
 * instance that lost the lease (paused, cut off) can no longer move an attempt.
 */
export interface AnchorerLease {
  /**
   * Takes the lease when it is free or expired, or renews it for `ttlMs` when `instanceId` holds it.
   * Resolves to the fencing token while this instance holds the lease, null when another does.
   */
  acquire(instanceId: string, ttlMs: number): Promise<number | null>;
  /** Lets the lease go at once (shutdown), so another instance takes over without waiting for it to expire. */
  release(instanceId: string): Promise<void>;
}
