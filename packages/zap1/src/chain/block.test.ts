import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZCASH_VECTORS_DIR, readZcashVectors } from '../../test/vectors.js';
import { bytesEqual, toHex } from '../protocol/hex.js';
import {
  MAX_EQUIHASH_SOLUTION_BYTES,
  blockHash,
  parseBlock,
  parseBlockHeader,
  readBlockHeader,
  serializeBlock,
  serializeBlockHeader,
  sha256d,
} from './block.js';
import type { BlockHeader } from './block.js';
import { ByteReader, ChainFormatError, chainBytes, toDisplayHex } from './bytes.js';
import { blockMerkleRoot, merkleBranch, merkleRootFromBranch } from './merkle-branch.js';
import { parseTransaction, serializeTransaction } from './transaction.js';
import { transactionId } from './zip244.js';

interface MainnetBlock {
  height: number;
  hash: string;
  block: string;
}
const mainnet = JSON.parse(
  readFileSync(path.join(ZCASH_VECTORS_DIR, 'mainnet_block_1687106.json'), 'utf8'),
) as MainnetBlock;
const vectorTxs = readZcashVectors('zip_0244.json').map((v) => String(v.tx));

const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length });
const headerArb: fc.Arbitrary<BlockHeader> = fc.record({
  version: fc.integer({ min: -0x8000_0000, max: 0x7fff_ffff }),
  previousBlockHash: bytes(32),
  merkleRoot: bytes(32),
  blockCommitments: bytes(32),
  time: fc.integer({ min: 0, max: 0xffff_ffff }),
  bits: fc.integer({ min: 0, max: 0xffff_ffff }),
  nonce: bytes(32),
  solution: fc.oneof(bytes(1344), bytes(36), fc.uint8Array({ maxLength: MAX_EQUIHASH_SOLUTION_BYTES })),
});

/** The mainnet block's header bytes and the offset where its transaction count starts. */
function mainnetHeader(): { header: Uint8Array; end: number } {
  const all = chainBytes(mainnet.block, 'block');
  const reader = new ByteReader(all, 'block');
  readBlockHeader(reader);
  return { header: all.subarray(0, reader.position), end: reader.position };
}

describe('a mainnet block (height 1,687,106)', () => {
  it('parses its header and hashes it to the hash the next block names', () => {
    const { header } = mainnetHeader();
    const parsed = parseBlockHeader(header);
    expect(parsed.version).toBe(4);
    expect(parsed.solution).toHaveLength(1344);
    expect(parsed.time).toBe(1654019549);
    expect(toHex(serializeBlockHeader(parsed))).toBe(toHex(header));
    expect(blockHash(header)).toBe(mainnet.hash);
    expect(blockHash(toHex(header))).toBe(mainnet.hash);
    expect(blockHash(parsed)).toBe(mainnet.hash);
    expect(blockHash(header)).toBe(toDisplayHex(sha256d(header)));
    for (const notAHeader of [null, 5, undefined, {}, []]) {
      expect(() => blockHash(notAHeader as never)).toThrow(ChainFormatError);
    }
  });

  it('parses whole: its v5 txids and its v4 transaction give the header merkle root, by branch too', () => {
    const block = parseBlock(mainnet.block);
    expect(block.transactions.map((tx) => tx.version)).toEqual([5, 5, 5, 5, 4]);
    expect(toHex(serializeBlock(block))).toBe(mainnet.block.toLowerCase());
    const txids = block.transactions.map((tx) => transactionId(tx));
    // The v4 transaction's txid is the double SHA-256 of its bytes, displayed reversed.
    const v4 = serializeTransaction(block.transactions[4]!);
    expect(txids[4]).toBe(toDisplayHex(sha256d(v4)));
    expect(transactionId(v4)).toBe(txids[4]);
    expect(transactionId(toHex(v4))).toBe(txids[4]);

    const root = toHex(block.header.merkleRoot);
    expect(blockMerkleRoot(txids)).toBe(root);
    txids.forEach((txid, index) => {
      expect(merkleRootFromBranch(txid, merkleBranch(txids, index), index)).toBe(root);
    });
    // A changed field of the v4 transaction gives another txid, and the root no longer holds.
    const changed = { ...block.transactions[4]!, lockTime: block.transactions[4]!.lockTime ^ 1 };
    expect(blockMerkleRoot([...txids.slice(0, 4), transactionId(changed)])).not.toBe(root);
  });
});

describe('block headers', () => {
  it('parse and serialize are inverse, and the hash is SHA-256d of the bytes, reversed', () => {
    fc.assert(
      fc.property(headerArb, (header) => {
        const encoded = serializeBlockHeader(header);
        expect(parseBlockHeader(encoded)).toEqual(header);
        expect(blockHash(encoded)).toBe(toDisplayHex(sha256d(encoded)));
        expect(blockHash(header)).toBe(blockHash(encoded));
      }),
      { numRuns: 100 },
    );
  });

  it('refuses a solution longer than any Equihash solution, and trailing bytes', () => {
    const { header } = mainnetHeader();
    const parsed = parseBlockHeader(header);
    const long = { ...parsed, solution: new Uint8Array(MAX_EQUIHASH_SOLUTION_BYTES + 1) };
    expect(() => serializeBlockHeader(long)).toThrow(RangeError);
    // Re-encode the length field by hand: fd d107 = 2001.
    const prefix = toHex(header.subarray(0, 140));
    expect(() => parseBlockHeader(prefix + 'fdd107' + '00'.repeat(2001))).toThrow(
      /longer than any Equihash solution/,
    );
    expect(() => parseBlockHeader(toHex(header) + '00')).toThrow(/trailing/);
    expect(() => blockHash(toHex(header) + '00')).toThrow(ChainFormatError);
  });

  it('every truncation is refused, every single-byte change is refused or changes the hash', () => {
    const { header } = mainnetHeader();
    for (let length = 0; length < header.length; length++) {
      expect(() => parseBlockHeader(header.subarray(0, length))).toThrow(ChainFormatError);
    }
    for (let index = 0; index < header.length; index++) {
      for (const mask of [0x01, 0xff]) {
        const changed = header.slice();
        changed[index] = changed[index]! ^ mask;
        let hash: string;
        try {
          hash = blockHash(changed);
        } catch (error) {
          expect(error).toBeInstanceOf(ChainFormatError);
          continue;
        }
        expect(hash).not.toBe(mainnet.hash);
      }
    }
  });

  it('random bytes are refused with a ChainFormatError or parse to a header that re-encodes to them', () => {
    const prefix = mainnetHeader().header.subarray(0, 140);
    const inputs = fc.oneof(
      fc.uint8Array({ maxLength: 1600 }),
      fc.uint8Array({ maxLength: 1600 }).map((tail) => Uint8Array.from([...prefix, ...tail])),
    );
    fc.assert(
      fc.property(inputs, (input) => {
        try {
          expect(bytesEqual(serializeBlockHeader(parseBlockHeader(input)), input)).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(ChainFormatError);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('blocks of v5 transactions', () => {
  it('parse and serialize are inverse; the merkle root over the txids is what a header would hold', () => {
    const transactions = vectorTxs.map((tx) => parseTransaction(tx));
    const txids = transactions.map((tx) => transactionId(tx));
    const header = parseBlockHeader(mainnetHeader().header);
    const block = {
      header: { ...header, merkleRoot: chainBytes(blockMerkleRoot(txids), 'root') },
      transactions,
    };
    const encoded = serializeBlock(block);
    expect(parseBlock(encoded)).toEqual(block);
    expect(parseBlock(toHex(encoded)).transactions.map((tx) => transactionId(tx))).toEqual(txids);
  });

  it('refuses a block whose transaction count overstates its bytes, or that has trailing bytes', () => {
    const header = toHex(mainnetHeader().header);
    expect(() => parseBlock(header + '02' + vectorTxs[0]!)).toThrow(ChainFormatError);
    expect(() => parseBlock(header + 'fe00000100' + vectorTxs[0]!)).toThrow(/count 65536 needs at least/);
    expect(() => parseBlock(header + '01' + vectorTxs[0]! + '00')).toThrow(/trailing/);
  });

  it('refuses a block without transactions: every block holds its coinbase', () => {
    const { header } = mainnetHeader();
    const hex = toHex(header);
    expect(parseBlock(hex + '01' + vectorTxs[0]!).transactions).toHaveLength(1);
    expect(() => parseBlock(hex + '00')).toThrow(ChainFormatError);
    expect(() => parseBlock(hex + '00')).toThrow(
      `block: transaction count at byte ${header.length}: a block holds at least its coinbase`,
    );
    expect(() => serializeBlock({ header: parseBlockHeader(header), transactions: [] })).toThrow(
      /at least its coinbase/,
    );
  });
});
