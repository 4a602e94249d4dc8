/**
 * Zcash block headers and blocks (protocol specification §7.6, "Block Header Encoding and
 * Consensus"): the header's fields, its hash (double SHA-256 of the whole header, Equihash solution
 * included) and a block's transactions, of every version.
 *
 * Hash fields hold the bytes as serialized (natural order); `blockHash` gives the byte-reversed
 * display order that RPCs and explorers show.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { ByteReader, ByteWriter, asChainFormat, chainBytes, toDisplayHex } from './bytes.js';
import { MIN_TX_BYTES, readTransaction, writeTransaction } from './transaction.js';
import type { Transaction } from './transaction.js';

/**
 * The longest Equihash solution accepted. Mainnet and testnet (n = 200, k = 9) use 1344 bytes and
 * regtest (48, 5) 36; the bound only stops a forged length from claiming megabytes.
 */
export const MAX_EQUIHASH_SOLUTION_BYTES = 2000;

export interface BlockHeader {
  /** nVersion (int32; 4 for every Zcash block so far). */
  version: number;
  /** hashPrevBlock, natural byte order. */
  previousBlockHash: Uint8Array;
  /** hashMerkleRoot: the root of the tree over the block's txids, natural byte order. */
  merkleRoot: Uint8Array;
  /**
   * hashBlockCommitments since NU5 (ZIP 244); the same 32 bytes were hashFinalSaplingRoot from
   * Sapling and hashLightClientRoot at Heartwood (ZIP 221).
   */
  blockCommitments: Uint8Array;
  /** nTime, Unix seconds. */
  time: number;
  /** nBits, the compact difficulty target. */
  bits: number;
  /** nNonce: 32 bytes in Zcash. */
  nonce: Uint8Array;
  /** The Equihash solution (its compactSize length is not kept; it is the array's length). */
  solution: Uint8Array;
}

export interface Block {
  header: BlockHeader;
  transactions: Transaction[];
}

/** Reads a block header from `reader`, leaving it just after the solution. */
export function readBlockHeader(reader: ByteReader): BlockHeader {
  const version = reader.i32le('nVersion');
  const previousBlockHash = reader.bytes(32, 'hashPrevBlock');
  const merkleRoot = reader.bytes(32, 'hashMerkleRoot');
  const blockCommitments = reader.bytes(32, 'hashBlockCommitments');
  const time = reader.u32le('nTime');
  const bits = reader.u32le('nBits');
  const nonce = reader.bytes(32, 'nNonce');
  const solutionSize = reader.compactSize('solutionSize');
  if (solutionSize > MAX_EQUIHASH_SOLUTION_BYTES) {
    throw reader.fail('solutionSize', `${solutionSize} bytes is longer than any Equihash solution`);
  }
  const solution = reader.bytes(solutionSize, 'solution');
  return { version, previousBlockHash, merkleRoot, blockCommitments, time, bits, nonce, solution };
}

/** A block header from exactly its bytes (hex or Uint8Array); anything else throws `ChainFormatError`. */
export function parseBlockHeader(header: string | Uint8Array): BlockHeader {
  const reader = new ByteReader(chainBytes(header, 'block header'), 'block header');
  const parsed = readBlockHeader(reader);
  reader.end();
  return parsed;
}

function writeBlockHeader(writer: ByteWriter, header: BlockHeader): void {
  if (header.solution.length > MAX_EQUIHASH_SOLUTION_BYTES) {
    throw new RangeError(`solution must be at most ${MAX_EQUIHASH_SOLUTION_BYTES} bytes`);
  }
  writer
    .i32le(header.version, 'version')
    .bytes(header.previousBlockHash, 'previousBlockHash', 32)
    .bytes(header.merkleRoot, 'merkleRoot', 32)
    .bytes(header.blockCommitments, 'blockCommitments', 32)
    .u32le(header.time, 'time')
    .u32le(header.bits, 'bits')
    .bytes(header.nonce, 'nonce', 32)
    .varBytes(header.solution, 'solution');
}

/** The encoding of `header`: `parseBlockHeader(serializeBlockHeader(h))` gives `h` back. */
export function serializeBlockHeader(header: BlockHeader): Uint8Array {
  const writer = new ByteWriter();
  writeBlockHeader(writer, header);
  return writer.finish();
}

/** SHA-256 applied twice: Bitcoin's hash, kept by Zcash for block hashes and the txid Merkle tree. */
export function sha256d(...parts: Uint8Array[]): Uint8Array {
  const inner = sha256.create();
  for (const part of parts) inner.update(part);
  return sha256(inner.digest());
}

/**
 * The block hash in display order (as RPCs, explorers and the next block's hashPrevBlock read
 * reversed show it): double SHA-256 of the whole header, solution included. Takes the header's bytes
 * (hex or Uint8Array, which must be exactly one header) or a parsed header.
 */
export function blockHash(header: string | Uint8Array | BlockHeader): string {
  if (typeof header !== 'string' && !(header instanceof Uint8Array)) {
    return toDisplayHex(sha256d(asChainFormat(() => serializeBlockHeader(header), 'the block header')));
  }
  const bytes = chainBytes(header, 'block header');
  parseBlockHeader(bytes); // only exactly one well-formed header has a hash
  return toDisplayHex(sha256d(bytes));
}

/**
 * A block (header, compactSize transaction count, transactions of any version), as any Zcash node
 * serves it; a block with no transaction at all (every block holds its coinbase), trailing bytes or
 * a malformed part throws `ChainFormatError`. The header's merkle root is not checked here:
 * `blockMerkleRoot(block.transactions.map(transactionId))` gives it to compare.
 */
export function parseBlock(block: string | Uint8Array): Block {
  const reader = new ByteReader(chainBytes(block, 'block'), 'block');
  const header = readBlockHeader(reader);
  const countAt = reader.position;
  const count = reader.count('transaction count', MIN_TX_BYTES);
  // Every block starts with its coinbase: a count of 0 is no block a node would accept.
  if (count === 0) throw reader.fail('transaction count', 'a block holds at least its coinbase', countAt);
  const transactions: Transaction[] = [];
  for (let i = count; i > 0; i--) {
    transactions.push(readTransaction(reader));
  }
  reader.end();
  return { header, transactions };
}

/** The encoding of `block`: header, transaction count, transactions (at least the coinbase). */
export function serializeBlock(block: Block): Uint8Array {
  // What parseBlock refuses is not written either, so serializing stays the inverse of parsing.
  if (block.transactions.length === 0) throw new RangeError('a block needs at least its coinbase');
  const writer = new ByteWriter();
  writeBlockHeader(writer, block.header);
  writer.compactSize(block.transactions.length, 'transaction count');
  for (const tx of block.transactions) writeTransaction(writer, tx);
  return writer.finish();
}
