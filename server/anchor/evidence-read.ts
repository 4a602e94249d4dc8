/**
 * Reading one anchor's chain evidence from the node (`readEvidence`), its served shape
 * (`toChainEvidence`, `zap1-chain-evidence/1`) and the checks it must pass (`failedEvidenceChecks`,
 * the core library's `checkChainEvidence`, as a receipt's reader runs them). The keeper that
 * decides what to read and when is evidence.ts.
 *
 * One read costs `getblock <height> 2` (the txids, every transaction's auth digest and the chain
 * history root in one answer), `getblockheader <hash> false`, and `getrawtransaction` only when the
 * node describes the block's transactions without their bytes.
 */
import {
  CHAIN_EVIDENCE_FORMAT,
  authDataBranch,
  authDataRoot,
  checkChainEvidence,
  fromDisplayHex,
  merkleBranch,
  toHex,
  type ChainEvidence,
  type VerdictCheck,
} from 'zap1';
import type { Network } from '../chain.js';
import type { AnchoredRoot, EvidenceCommitments, StoredChainEvidence } from '../store/store.js';
import type { BlockWithTransactions, ZcashRpcClient } from 'zap1/node-rpc';

/**
 * The node answered, but not with what the evidence needs (no auth digests, no chain history root,
 * an auth data root its own transactions do not give): it is not kept, and read again later.
 */
export class EvidenceNotServedError extends Error {
  override readonly name = 'EvidenceNotServedError';
}

/** Natural byte order (as hashed and as the header stores it) of a hash an RPC shows in display order. */
const natural = (displayHex: string): string => toHex(fromDisplayHex(displayHex.toLowerCase()));

/**
 * What binds the transaction at `txIndex` to the header's hashBlockCommitments: the block's size,
 * the branch from its auth digest to hashAuthDataRoot, and the chain history root.
 */
function commitmentsOf(block: BlockWithTransactions, txIndex: number): EvidenceCommitments {
  const authDigests = block.tx.map((tx, i) => {
    if (tx.authdigest === undefined) {
      throw new EvidenceNotServedError(
        `the node gives no authdigest for transaction ${i} of block ${block.hash} (getblock … 2)`,
      );
    }
    return natural(tx.authdigest);
  });
  if (block.chainhistoryroot === undefined) {
    throw new EvidenceNotServedError(`the node gives no chainhistoryroot for block ${block.hash}`);
  }
  // The node's own root, where it gives one, must be its transactions' (a cheap consistency check).
  if (block.authdataroot !== undefined && natural(block.authdataroot) !== authDataRoot(authDigests)) {
    throw new EvidenceNotServedError(
      `the authdataroot the node gives for block ${block.hash} is not that of its transactions' auth digests`,
    );
  }
  return {
    txCount: authDigests.length,
    authDigestBranch: authDataBranch(authDigests, txIndex),
    chainHistoryRoot: natural(block.chainhistoryroot),
  };
}

/**
 * Reads the evidence of `root` from the node: the best chain's block at its height, the
 * transaction's place in it, the header, the transaction and its block commitments. Null when the
 * transaction is not in that block (a reorganisation, which the reorg watch settles). Throws what
 * the RPC client throws, and `EvidenceNotServedError`.
 */
export async function readEvidence(
  rpc: ZcashRpcClient,
  root: Pick<AnchoredRoot, 'anchorId' | 'txid' | 'height'>,
): Promise<StoredChainEvidence | null> {
  const block = await rpc.getBlockWithTransactions(root.height);
  const txids = block.tx.map((tx) => tx.txid.toLowerCase());
  const txIndex = txids.indexOf(root.txid);
  if (txIndex < 0 || block.height !== root.height || block.confirmations < 0) return null;
  const blockHash = block.hash.toLowerCase();
  const commitments = commitmentsOf(block, txIndex);
  const described = block.tx[txIndex]?.hex;
  const [blockHeaderHex, transactionHex] = await Promise.all([
    rpc.getBlockHeaderHex(blockHash),
    described ?? rpc.getRawTransactionHex(root.txid, blockHash),
  ]);
  return {
    anchorId: root.anchorId,
    txid: root.txid,
    height: root.height,
    blockHash,
    blockHeaderHex: blockHeaderHex.toLowerCase(),
    txIndex,
    merkleBranch: merkleBranch(txids, txIndex),
    transactionHex: transactionHex.toLowerCase(),
    commitments,
  };
}

/**
 * The evidence as served and as receipts carry it (`zap1-chain-evidence/1`), fields in this order;
 * evidence kept before the block commitments were read goes without them.
 */
export function toChainEvidence(
  stored: StoredChainEvidence,
  network: Network,
  viewingKey: string,
): ChainEvidence {
  const evidence: ChainEvidence = {
    format: CHAIN_EVIDENCE_FORMAT,
    network,
    txid: stored.txid,
    height: stored.height,
    block_hash: stored.blockHash,
    block_header: stored.blockHeaderHex,
    tx_index: stored.txIndex,
    merkle_branch: [...stored.merkleBranch],
    transaction: stored.transactionHex,
    viewing_key: viewingKey,
  };
  const commitments = stored.commitments;
  if (commitments === null) return evidence;
  return {
    ...evidence,
    tx_count: commitments.txCount,
    auth_digest_branch: [...commitments.authDigestBranch],
    chain_history_root: commitments.chainHistoryRoot,
  };
}

/**
 * The checks of `checkChainEvidence` that did not pass, against the anchored root it backs. The
 * `commitments` check may say `unknown` only of evidence without them (kept before they were read,
 * and served until the backfill reads it again), and not at all when `requireCommitments`: evidence
 * read now must bind every byte before it is kept.
 */
export function failedEvidenceChecks(
  evidence: ChainEvidence,
  root: AnchoredRoot,
  options: { requireCommitments?: boolean } = {},
): VerdictCheck[] {
  const { checks } = checkChainEvidence(evidence, root.rootHex, { txid: root.txid, height: root.height });
  const olderEvidence = evidence.chain_history_root === undefined && options.requireCommitments !== true;
  return checks.filter(
    (check) =>
      check.status !== 'pass' &&
      !(olderEvidence && check.name === 'commitments' && check.status === 'unknown'),
  );
}
