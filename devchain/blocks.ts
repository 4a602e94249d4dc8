/**
 * The development chain's block headers (protocol specification §7.6) and blocks.
 *
 * A header names the previous block's hash, the Merkle root over the block's txids (coinbase first)
 * and hashBlockCommitments, which commits (ZIP 244) to the root over the block's transactions' auth
 * digests and to the chain history root; the block hash is double SHA-256 of the header, as on every
 * Zcash network. Every header is mined as on regtest (the chain's keys are regtest keys): an
 * Equihash (48, 5) solution, 36 bytes, and a hash under the target of regtest's nBits, found by
 * `mineRegtestHeader` (some tens of milliseconds a block), so `checkProofOfWork(header, 'regtest')`
 * holds for every block it serves. What is not real: the chain history root is a stand-in for ZIP
 * 221's (see `nextChainHistoryRoot`).
 */
import { blake2b } from '@noble/hashes/blake2.js';
import {
  ByteWriter,
  authDataRoot,
  blockCommitmentsHash,
  blockMerkleRoot,
  fromDisplayHex,
  mineRegtestHeader,
  parseHex,
  parseTransaction,
  serializeBlockHeader,
  sha256d,
  toDisplayHex,
  toHex,
  transactionAuthDigest,
} from 'zap1';
import { random } from './keys.js';
import { DEVCHAIN_CONSENSUS_BRANCH_ID } from './tx.js';

export const DEVCHAIN_BLOCK_VERSION = 4;
/** Regtest's nBits (its proof-of-work limit), so `difficulty` is 1. */
export const DEVCHAIN_BITS = 0x200f_0f0f;
/** Equihash(48, 5) solutions, as on regtest. */
export const DEVCHAIN_SOLUTION_BYTES = 36;

export interface BuiltHeader {
  header: Uint8Array;
  /** Display order, as RPCs show it. */
  hash: string;
}

/** ZIP 221's personalization of history nodes: "ZcashHistory" and the consensus branch id, little-endian. */
function historyPersonalization(branchId: number): Uint8Array {
  const personalization = new Uint8Array(16);
  personalization.set(new TextEncoder().encode('ZcashHistory'));
  new DataView(personalization.buffer).setUint32(12, branchId, true);
  return personalization;
}

/**
 * The chain history root of the block after `previous` (null: the first block, or a tip made before
 * the chain kept one, taken as all zeros), natural byte order. A stand-in for ZIP 221's Merkle
 * mountain range root, which this chain does not build: BLAKE2b-256 personalized as ZIP 221 hashes
 * history nodes ("ZcashHistory" ‖ the branch id) over the previous block's root and its hash. Like
 * the real root it changes with every block and commits to the whole chain below the block (not to
 * the block itself), so two blocks on the same parent share it, and after a reorganisation every
 * block above the first replaced one has a root of its own.
 */
export function nextChainHistoryRoot(previous: { root: Uint8Array | null; hash: string } | null): Uint8Array {
  return blake2b
    .create({ dkLen: 32, personalization: historyPersonalization(DEVCHAIN_CONSENSUS_BRANCH_ID) })
    .update(previous?.root ?? new Uint8Array(32))
    .update(previous === null ? new Uint8Array(32) : fromDisplayHex(previous.hash))
    .digest();
}

/**
 * hashAuthDataRoot over the auth digests of a block's transactions (raw bytes, coinbase first),
 * natural byte order; null when one of them has no bytes (made before real-format
 * transactions), whose auth digest is unknown.
 */
export function authDataRootOf(transactions: readonly (Uint8Array | null)[]): Uint8Array | null {
  if (transactions.some((raw) => raw === null)) return null;
  const digests = transactions.map((raw) => toHex(transactionAuthDigest(parseTransaction(raw!))));
  return parseHex(authDataRoot(digests));
}

/**
 * hashBlockCommitments (ZIP 244) of a block with this chain history root over these transactions;
 * 32 zero bytes, as before, when a transaction's bytes are unknown.
 */
export function blockCommitmentsOf(
  chainHistoryRoot: Uint8Array,
  transactions: readonly (Uint8Array | null)[],
): Uint8Array {
  const authRoot = authDataRootOf(transactions);
  if (authRoot === null) return new Uint8Array(32);
  return parseHex(blockCommitmentsHash(toHex(chainHistoryRoot), toHex(authRoot)));
}

/**
 * The header of a block holding `txids` (display order, coinbase first) on top of `previousHash`
 * (display order; null for the first block, whose hashPrevBlock is all zeros), with its
 * hashBlockCommitments (natural byte order, as the header stores it).
 */
export function buildBlockHeader(
  previousHash: string | null,
  txids: string[],
  time: number,
  blockCommitments: Uint8Array,
): BuiltHeader {
  const mined = mineRegtestHeader({
    version: DEVCHAIN_BLOCK_VERSION,
    previousBlockHash: previousHash === null ? new Uint8Array(32) : fromDisplayHex(previousHash),
    merkleRoot: parseHex(blockMerkleRoot(txids)),
    blockCommitments,
    time,
    bits: DEVCHAIN_BITS,
    // A random start, so that two blocks of the same contents (after a reorganisation) differ.
    nonce: random(32),
    solution: new Uint8Array(0),
  });
  if (mined.solution.length !== DEVCHAIN_SOLUTION_BYTES) throw new Error('internal: not a (48, 5) solution');
  const header = serializeBlockHeader(mined);
  return { header, hash: toDisplayHex(sha256d(header)) };
}

/** A block's bytes: its header, the transaction count, its transactions (coinbase first). */
export function assembleBlock(header: Uint8Array, transactions: Uint8Array[]): Uint8Array {
  const writer = new ByteWriter().bytes(header, 'header');
  writer.compactSize(transactions.length, 'transaction count');
  for (const tx of transactions) writer.bytes(tx, 'transaction');
  return writer.finish();
}
