/**
 * Reorganisations: an anchored root counts only while its transaction stays at the height it was
 * anchored at. Each check looks at the newest anchored roots and those near the tip; a root whose
 * transaction left the chain, or moved to another height, is handed to `revert`. One mined again
 * at the same height in another block stands, and records that block's hash as its own (the
 * history serves it; the evidence keeper reads its evidence again).
 */
import type { AnchorAttempt, AnchorStore } from '../store/store.js';
import { knownBlockHash, type TxChainState, type ZcashRpcClient } from 'zap1/node-rpc';

/** How many of the newest anchored roots every check looks at. */
const CHECK_LATEST = 5;
/** Anchored roots this many blocks below the tip or closer are checked too (up to CHECK_MAX). */
const CHECK_DEPTH = 10;
const CHECK_MAX = 20;

/** Whether a known transaction is no longer on the chain (a confirmed one back in the mempool counts). */
export function leftTheChain(attempt: Pick<AnchorAttempt, 'state'>, chain: TxChainState): boolean {
  if (chain.state === 'not_found' || chain.state === 'conflicted') return true;
  return chain.state === 'unconfirmed' && (attempt.state === 'confirmed' || attempt.state === 'anchored');
}

/** Why a transaction no longer counts, in words for `last_error`. */
export function describeGone(chain: TxChainState): string {
  if (chain.state === 'not_found') return 'the transaction left the chain (reorganisation)';
  if (chain.state === 'conflicted') return 'the transaction conflicts with the chain (reorganisation)';
  return 'the transaction is no longer in a block (reorganisation)';
}

export class ReorgWatch {
  /** The best block hash at the last full check: the same blocks hold the same transactions. */
  private lastCheckedBlockHash: string | null = null;

  constructor(
    private readonly anchors: AnchorStore,
    private readonly rpc: ZcashRpcClient,
    private readonly revert: (anchorId: number, reason: string) => Promise<void>,
  ) {}

  /** Reverts anchored roots near the tip whose transaction left the chain or moved. */
  async check(tip: number, bestBlockHash: string | null): Promise<void> {
    if (bestBlockHash !== null && bestBlockHash === this.lastCheckedBlockHash) return;
    const recent = await this.anchors.anchoredRoots({ limit: CHECK_MAX });
    const toCheck = recent.filter(
      (r, i) => i >= recent.length - CHECK_LATEST || r.height >= tip - CHECK_DEPTH,
    );
    for (const root of toCheck.reverse()) {
      const chain = await this.rpc.getTxChainState(root.txid);
      if (chain.state === 'mined' && chain.height === root.height) {
        const blockHash = knownBlockHash(chain.blockhash);
        if (blockHash !== null && blockHash !== root.blockHash) {
          await this.anchors.updateBlockHash(root.anchorId, {
            txid: root.txid,
            height: root.height,
            blockHash,
          });
        }
        continue;
      }
      await this.revert(
        root.anchorId,
        chain.state === 'mined'
          ? `transaction ${root.txid} moved from block ${root.height} to ${chain.height}`
          : describeGone(chain),
      );
    }
    this.lastCheckedBlockHash = bestBlockHash;
  }
}
