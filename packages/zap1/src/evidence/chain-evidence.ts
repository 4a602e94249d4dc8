/**
 * Chain evidence (`"format": "zap1-chain-evidence/1"`): what lets a receipt outlive the service that
 * made it. The anchoring transaction's bytes, the header of the block that holds it, the branch from
 * its txid to that header's merkle root, the viewing key that opens its memo and, since the header
 * also commits to what the txid leaves out, the branch from the transaction's auth digest to the
 * header's hashBlockCommitments with the block's transaction count and chain history root. The
 * checks on those bytes are in evidence-checks.ts; the one fact they leave (the block at that height)
 * is judged in block-confirmation.ts.
 */
import { MAX_MERKLE_BRANCH_LENGTH } from '../chain/merkle-branch.js';
import { isHex64, isRecord } from '../protocol/guards.js';

export const CHAIN_EVIDENCE_FORMAT = 'zap1-chain-evidence/1';

export interface ChainEvidence {
  format: typeof CHAIN_EVIDENCE_FORMAT;
  /** The network the service anchors on (`mainnet`, `testnet`, `devnet`): a statement, checked against the viewing key. */
  network: string;
  /** Display order (as RPCs and explorers show it). */
  txid: string;
  height: number;
  /** Display order. */
  block_hash: string;
  block_header: string;
  /** The transaction's index in its block (the coinbase is 0). */
  tx_index: number;
  /** Sibling hashes from the txid up, natural byte order. */
  merkle_branch: string[];
  transaction: string;
  /** The unified full viewing key that opens the anchor memo. */
  viewing_key: string;
  /** How many transactions the block holds: binds the index and the branches' shape. Absent in older evidence. */
  tx_count?: number;
  /** Sibling hashes from the transaction's auth digest up to hashAuthDataRoot (ZIP 244), natural byte order. */
  auth_digest_branch?: string[];
  /** The block's hashChainHistoryRoot (ZIP 221), natural byte order: with the auth data root it makes hashBlockCommitments. */
  chain_history_root?: string;
}

export type ParsedChainEvidence = { ok: true; evidence: ChainEvidence } | { ok: false; error: string };

const HEX = /^(?:[0-9a-f]{2})+$/;
/** A transaction or header larger than this is not one this service writes (a block is at most 2 MB). */
const MAX_HEX_CHARS = 4_000_000;
/** More transactions than a 2 MB block can hold (each is at least about 100 bytes). */
const MAX_TX_COUNT = 20_000;

const isIndex = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

const isBranch = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length <= MAX_MERKLE_BRANCH_LENGTH && value.every(isHex64);

/** Reads chain evidence from untrusted JSON; the error says, in plain words, what is wrong with it. */
export function parseChainEvidence(value: unknown): ParsedChainEvidence {
  const fail = (error: string): ParsedChainEvidence => ({ ok: false, error: `the chain evidence ${error}` });
  if (!isRecord(value)) return fail('is not a JSON object');
  if (value['format'] !== CHAIN_EVIDENCE_FORMAT)
    return fail(`is not of the format "${CHAIN_EVIDENCE_FORMAT}"`);
  const {
    network,
    txid,
    height,
    block_hash,
    block_header,
    tx_index,
    merkle_branch,
    transaction,
    viewing_key,
  } = value;
  if (typeof network !== 'string' || network.length > 32) return fail('names no network');
  if (!isHex64(txid)) return fail('has no txid (64 lowercase hex)');
  if (!isHex64(block_hash)) return fail('has no block hash (64 lowercase hex)');
  if (!isIndex(height)) return fail('has no height');
  if (!isIndex(tx_index)) return fail('has no transaction index');
  for (const [name, hex] of [
    ['block header', block_header],
    ['transaction', transaction],
  ] as const) {
    if (typeof hex !== 'string' || hex.length > MAX_HEX_CHARS || !HEX.test(hex))
      return fail(`has no ${name} (lowercase hex)`);
  }
  if (!isBranch(merkle_branch)) return fail('has no merkle branch (a list of 64-hex hashes)');
  if (typeof viewing_key !== 'string' || viewing_key.length > 10_000) return fail('has no viewing key');
  const evidence: ChainEvidence = {
    format: CHAIN_EVIDENCE_FORMAT,
    network,
    txid,
    height,
    block_hash,
    block_header: block_header as string,
    tx_index,
    merkle_branch: [...merkle_branch],
    transaction: transaction as string,
    viewing_key,
  };
  // Evidence made before these were carried has none of them; a part of them is no commitment.
  const { tx_count, auth_digest_branch, chain_history_root } = value;
  if (tx_count !== undefined) {
    if (!isIndex(tx_count) || tx_count < 1 || tx_count > MAX_TX_COUNT)
      return fail(`gives a transaction count that is not a number from 1 to ${MAX_TX_COUNT}`);
    evidence.tx_count = tx_count;
  }
  if (auth_digest_branch !== undefined || chain_history_root !== undefined) {
    if (!isBranch(auth_digest_branch)) return fail('has no auth digest branch (a list of 64-hex hashes)');
    if (!isHex64(chain_history_root)) return fail('has no chain history root (64 lowercase hex)');
    if (tx_count === undefined) return fail('has an auth digest branch but no transaction count');
    evidence.auth_digest_branch = [...auth_digest_branch];
    evidence.chain_history_root = chain_history_root;
  }
  return { ok: true, evidence };
}

/** One name per network, whichever word a service uses (`MainNetwork`, `main`, `mainnet`). */
export function networkName(network: string): string {
  const lower = network.toLowerCase();
  if (lower.startsWith('main')) return 'mainnet';
  if (lower.startsWith('test')) return 'testnet';
  if (lower === 'regtest' || lower === 'dev') return 'devnet';
  return lower;
}

/** The viewing-key network of a chain: a development chain's keys are regtest keys. */
export function keyNetworkOf(network: string): 'mainnet' | 'testnet' | 'regtest' {
  const name = networkName(network);
  return name === 'mainnet' ? 'mainnet' : name === 'testnet' ? 'testnet' : 'regtest';
}
