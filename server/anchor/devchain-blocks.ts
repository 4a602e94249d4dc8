/**
 * The development chain's block headers (protocol specification §7.6) and blocks.
 *
 * A header names the previous block's hash and the Merkle root over the block's txids (coinbase
 * first); the block hash is double SHA-256 of the header, as on every Zcash network. What is not
 * real: hashBlockCommitments is 32 zero bytes (the ZIP 221 chain history tree and the ZIP 244 auth
 * data root it commits to are not kept), and the nonce and the Equihash solution are random (no
 * proof of work is done or checked). The solution has regtest's length, Equihash(48, 5): 36 bytes,
 * and nBits is regtest's proof-of-work limit, since the chain's keys are regtest keys.
 */
import {
  ByteWriter,
  blockMerkleRoot,
  fromDisplayHex,
  parseHex,
  serializeBlockHeader,
  sha256d,
  toDisplayHex,
} from '../../src/core/index.js';
import { random } from './devchain-keys.js';

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

/**
 * The header of a block holding `txids` (display order, coinbase first) on top of `previousHash`
 * (display order; null for the first block, whose hashPrevBlock is all zeros).
 */
export function buildBlockHeader(previousHash: string | null, txids: string[], time: number): BuiltHeader {
  const header = serializeBlockHeader({
    version: DEVCHAIN_BLOCK_VERSION,
    previousBlockHash: previousHash === null ? new Uint8Array(32) : fromDisplayHex(previousHash),
    merkleRoot: parseHex(blockMerkleRoot(txids)),
    blockCommitments: new Uint8Array(32),
    time,
    bits: DEVCHAIN_BITS,
    nonce: random(32),
    solution: random(DEVCHAIN_SOLUTION_BYTES),
  });
  return { header, hash: toDisplayHex(sha256d(header)) };
}

/** A block's bytes: its header, the transaction count, its transactions (coinbase first). */
export function assembleBlock(header: Uint8Array, transactions: Uint8Array[]): Uint8Array {
  const writer = new ByteWriter().bytes(header, 'header');
  writer.compactSize(transactions.length, 'transaction count');
  for (const tx of transactions) writer.bytes(tx, 'transaction');
  return writer.finish();
}
