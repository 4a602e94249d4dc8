/**
 * What the HTTP layer needs from the anchoring side (server/anchor fills it in). Without it the
 * service still works: nothing gets anchored, and /health reports the chain as unreachable.
 */
import type { AnchorSchedule } from './anchor/policy.js';
import type { AnchorAttempt, AnchoredRoot } from './store/store.js';

import type { ChainNetwork } from 'zap1';

/** The chain the node serves (the library's names). */
export type Network = ChainNetwork;

/** A snapshot the anchoring loop keeps fresh, so /health never waits for the node. */
export interface ChainHealth {
  rpcReachable: boolean;
  /** The chain tip the loop last saw. */
  chainTip: number | null;
  lastScannedHeight: number | null;
  /** Whether the anchoring loop is running. */
  loopRunning: boolean;
  walletBalanceZat: number | null;
  lastError: string | null;
  /** Whether this instance anchors now (holds the anchorer election); absent means it does. */
  anchorer?: boolean;
}

export interface ChainHooks {
  /** The network of the node (from getblockchaininfo), or null while unknown. */
  network(): Network | null;
  health(): ChainHealth;
  /**
   * Starts an anchor of the current root now (POST /anchor/now). Throws `StoreConflictError` when
   * one is in flight and `ChainUnavailableError` when the node cannot be reached.
   */
  anchorNow?(): Promise<AnchorAttempt>;
  /** ANCHOR_MODE=manual: checks an anchor the operator paid against the node and records it. */
  recordManualAnchor?(input: { root: string; txid: string; height: number }): Promise<AnchoredRoot>;
  /** The anchoring schedule as the loop sees it (with the chain tip it last saw). */
  schedule?(): Promise<AnchorSchedule>;
  /**
   * The viewing key that opens the anchor memos, once checked (server/anchor/viewing-key.ts); null
   * while there is none to publish. Chain evidence is served only with it.
   */
  viewingKey?(): string | null;
  /** The recipient of an anchor paid by hand (ANCHOR_TO_ADDRESS, else the embedded chain's wallet). */
  paymentAddress?(): string | null;
}

export class ChainUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChainUnavailableError';
  }
}
