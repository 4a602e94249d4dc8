/**
 * The chain's own evidence of each anchored root (docs/chain.md, "Evidence"): the anchoring
 * transaction's bytes, the header of its block and the branch between them, and what binds the
 * bytes the txid leaves out to that header (the block commitments), read from the node when the
 * root is anchored. It is derived from the chain, so any instance may write it; it goes with its
 * root when a reorganisation reverts the anchor (the row cascades with the anchored root's).
 */
import type { AnchoredRoot } from './anchor-store.js';

/**
 * What ties the transaction's auth digest to the header's hashBlockCommitments (ZIP 244): evidence
 * kept before these were read has none of them, so they are kept and absent together.
 */
export interface EvidenceCommitments {
  /** How many transactions the block holds. */
  txCount: number;
  /** Sibling hashes from the transaction's auth digest up to hashAuthDataRoot, natural byte order. */
  authDigestBranch: string[];
  /** The block's hashChainHistoryRoot, natural byte order. */
  chainHistoryRoot: string;
}

export interface StoredChainEvidence {
  anchorId: number;
  /** Display order, as the node shows it. */
  txid: string;
  height: number;
  /** Display order. */
  blockHash: string;
  blockHeaderHex: string;
  /** The transaction's index in its block (the coinbase is 0). */
  txIndex: number;
  /** Sibling hashes from the txid up, natural byte order. */
  merkleBranch: string[];
  transactionHex: string;
  /** Null in evidence kept before the block commitments were read (the backfill reads it again). */
  commitments: EvidenceCommitments | null;
}

export interface EvidenceStore {
  /**
   * Keeps the evidence of an anchored root, replacing any it had, and records its block hash as the
   * root's (the block the node now has the transaction in); false (nothing written) when the root
   * is not anchored (any more) or the evidence names another transaction or height than it.
   */
  putEvidence(evidence: StoredChainEvidence): Promise<boolean>;
  /** The evidence of the anchored root whose transaction is `txid` (display order), if kept. */
  evidenceByTxid(txid: string): Promise<StoredChainEvidence | null>;
  /**
   * Anchored roots whose evidence is to be read, oldest anchor first (what a backfill fetches):
   * those without evidence, and those whose evidence was kept without the block commitments.
   */
  anchoredNeedingEvidence(limit: number): Promise<AnchoredRoot[]>;
}

/** The row both stores keep (each branch as one string of concatenated hashes). */
export interface EvidenceRow {
  anchor_id: number | string;
  txid: string;
  height: number | string;
  block_hash: string;
  block_header: string;
  tx_index: number | string;
  merkle_branch: string;
  transaction_hex: string;
  tx_count: number | string | null;
  auth_digest_branch: string | null;
  chain_history_root: string | null;
}

export const EVIDENCE_COLUMNS =
  'anchor_id, txid, height, block_hash, block_header, tx_index, merkle_branch, transaction_hex, ' +
  'tx_count, auth_digest_branch, chain_history_root';

/** The condition, on evidence row `e`, of evidence kept without the block commitments. */
export const WITHOUT_COMMITMENTS = 'e.chain_history_root IS NULL';

const hashesOf = (joined: string): string[] => joined.match(/[0-9a-f]{64}/g) ?? [];

export function evidenceFromRow(row: EvidenceRow): StoredChainEvidence {
  const { tx_count, auth_digest_branch, chain_history_root } = row;
  return {
    anchorId: Number(row.anchor_id),
    txid: row.txid,
    height: Number(row.height),
    blockHash: row.block_hash,
    blockHeaderHex: row.block_header,
    txIndex: Number(row.tx_index),
    merkleBranch: hashesOf(row.merkle_branch),
    transactionHex: row.transaction_hex,
    commitments:
      tx_count === null || auth_digest_branch === null || chain_history_root === null
        ? null
        : {
            txCount: Number(tx_count),
            authDigestBranch: hashesOf(auth_digest_branch),
            chainHistoryRoot: chain_history_root,
          },
  };
}

/** The values of EVIDENCE_COLUMNS, in that order. */
export function evidenceParams(e: StoredChainEvidence): (string | number | null)[] {
  return [
    e.anchorId,
    e.txid,
    e.height,
    e.blockHash,
    e.blockHeaderHex,
    e.txIndex,
    e.merkleBranch.join(''),
    e.transactionHex,
    e.commitments?.txCount ?? null,
    e.commitments?.authDigestBranch.join('') ?? null,
    e.commitments?.chainHistoryRoot ?? null,
  ];
}
