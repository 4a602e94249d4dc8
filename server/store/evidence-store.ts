/**
 * The chain's own evidence of each anchored root (docs/chain.md, "Evidence"): the anchoring
 * transaction's bytes, the header of its block and the branch between them, read from the node when
 * the root is anchored. It is derived from the chain, so any instance may write it; it goes with its
 * root when a reorganisation reverts the anchor (the row cascades with the anchored root's).
 */
import type { AnchoredRoot } from './anchor-store.js';

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
}

export interface EvidenceStore {
  /**
   * Keeps the evidence of an anchored root, replacing any it had; false (nothing written) when the
   * root is not anchored (any more) or the evidence names another transaction or height than it.
   */
  putEvidence(evidence: StoredChainEvidence): Promise<boolean>;
  /** The evidence of the anchored root whose transaction is `txid` (display order), if kept. */
  evidenceByTxid(txid: string): Promise<StoredChainEvidence | null>;
  /** Anchored roots without evidence yet, oldest anchor first (what a backfill fetches). */
  anchoredWithoutEvidence(limit: number): Promise<AnchoredRoot[]>;
}

/** The row both stores keep (the branch as one string of concatenated hashes). */
export interface EvidenceRow {
  anchor_id: number | string;
  txid: string;
  height: number | string;
  block_hash: string;
  block_header: string;
  tx_index: number | string;
  merkle_branch: string;
  transaction_hex: string;
}

export const EVIDENCE_COLUMNS =
  'anchor_id, txid, height, block_hash, block_header, tx_index, merkle_branch, transaction_hex';

export function evidenceFromRow(row: EvidenceRow): StoredChainEvidence {
  return {
    anchorId: Number(row.anchor_id),
    txid: row.txid,
    height: Number(row.height),
    blockHash: row.block_hash,
    blockHeaderHex: row.block_header,
    txIndex: Number(row.tx_index),
    merkleBranch: row.merkle_branch.match(/[0-9a-f]{64}/g) ?? [],
    transactionHex: row.transaction_hex,
  };
}

export function evidenceParams(e: StoredChainEvidence): (string | number)[] {
  return [
    e.anchorId,
    e.txid,
    e.height,
    e.blockHash,
    e.blockHeaderHex,
    e.txIndex,
    e.merkleBranch.join(''),
    e.transactionHex,
  ];
}
