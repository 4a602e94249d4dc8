/**
 * What the anchoring loop last saw of the node: whether it answers, its tip and best block, the
 * network, the wallet's balance, and the last error. The loop asks for fresh figures; /health and
 * /anchor/status read them from here without asking the node.
 */
import type { ChainHealth, Network } from '../chain.js';
import { RpcUnavailableError, networkFromChain, type ZcashRpcClient } from 'zap1/node-rpc';

export type ErrorKind = 'rpc' | 'anchor';

export class ChainView {
  reachable = false;
  tip: number | null = null;
  bestBlockHash: string | null = null;
  network: Network | null = null;
  balanceZat: number | null = null;
  /** How many looks in a row found the node unreachable (paces the loop's back-off). */
  unreachableStreak = 0;
  lastError: string | null = null;
  private lastErrorKind: ErrorKind | null = null;
  private balanceTip: number | null = null;

  constructor(
    private readonly rpc: ZcashRpcClient,
    private readonly log: (message: string) => void,
  ) {}

  /** /health's view of the chain, with the loop's own state. */
  health(loop: { loopRunning: boolean; anchorer: boolean }): ChainHealth {
    return {
      rpcReachable: this.reachable,
      chainTip: this.tip,
      lastScannedHeight: this.tip,
      loopRunning: loop.loopRunning,
      walletBalanceZat: this.balanceZat,
      lastError: this.lastError,
      anchorer: loop.anchorer,
    };
  }

  /** Asks the node for its network and tip once; false (and noted) when it does not answer. */
  async probe(): Promise<boolean> {
    try {
      await this.refreshChainInfo();
      return true;
    } catch (err) {
      if (err instanceof RpcUnavailableError) this.noteUnreachable(err);
      return false;
    }
  }

  setError(kind: ErrorKind, text: string): void {
    this.lastError = text;
    this.lastErrorKind = kind;
  }

  /** Clears the last error if it was of `kind` (a reachable node clears an rpc error, not an anchor's). */
  clearError(kind: ErrorKind): void {
    if (this.lastErrorKind !== kind) return;
    this.lastError = null;
    this.lastErrorKind = null;
  }

  noteUnreachable(err: RpcUnavailableError): void {
    if (this.reachable || this.unreachableStreak === 0) this.log(`anchor: node unreachable: ${err.message}`);
    this.reachable = false;
    this.unreachableStreak++;
    this.setError('rpc', `node unreachable: ${err.message}`);
  }

  /** Asks the node for its network, tip and best block; throws what the RPC client throws. */
  async refreshChainInfo(): Promise<void> {
    const info = await this.rpc.getBlockchainInfo();
    if (!this.reachable && this.unreachableStreak > 0) this.log('anchor: node reachable again');
    this.reachable = true;
    this.unreachableStreak = 0;
    this.clearError('rpc');
    this.tip = info.blocks;
    this.bestBlockHash = info.bestblockhash ?? null;
    this.network = networkFromChain(info.chain);
  }

  async refreshBalance(): Promise<void> {
    // Once per block: a wallet's balance only changes with blocks and our own sends.
    if (this.balanceTip === this.tip && this.balanceZat !== null) return;
    try {
      const balance = await this.rpc.zGetTotalBalance(1);
      this.balanceZat = balance.privateZat;
      this.balanceTip = this.tip;
    } catch (err) {
      if (err instanceof RpcUnavailableError) throw err;
      // A wallet that refuses the call still anchors; the balance stays unknown.
      this.balanceZat = null;
    }
  }
}
