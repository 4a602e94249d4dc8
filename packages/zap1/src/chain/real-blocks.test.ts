/**
 * Real blocks of mainnet and testnet (test/vectors/zebra): every one reads whole, whatever its
 * transactions' versions, writes back byte for byte, and its txids fold to its header's merkle root.
 */
import { describe, expect, it } from 'vitest';
import { readZebraBlocks } from '../../test/vectors.js';
import { toHex } from '../protocol/hex.js';
import { blockHash, parseBlock, serializeBlock } from './block.js';
import { toDisplayHex } from './bytes.js';
import { blockMerkleRoot } from './merkle-branch.js';
import { transactionAuthDigest, transactionId } from './zip244.js';

const blocks = readZebraBlocks();

/** The genesis blocks' hashes, as zcashd's chain parameters name them. */
const GENESIS = {
  mainnet: '00040fe8ec8471911baa1db1266ea15dd06b4a8a5c453883c000b031973dce08',
  testnet: '05a60a92d99d85997cce3b87616c089f6124d7342af37106edc76126334a2c38',
};

describe('real blocks', () => {
  it('are all there: mainnet and testnet, genesis and after NU5', () => {
    expect(blocks.map((b) => `${b.network} ${b.height}`)).toEqual([
      'mainnet 0',
      'mainnet 1',
      'mainnet 2',
      'mainnet 1687107',
      'testnet 0',
      'testnet 1842421',
    ]);
  });

  it.each(blocks.map((b) => [b.file, b] as const))(
    '%s reads whole and writes back byte for byte',
    (_, real) => {
      const block = parseBlock(real.hex);
      expect(toHex(serializeBlock(block))).toBe(real.hex.toLowerCase());
      const txids = block.transactions.map((tx) => transactionId(tx));
      expect(blockMerkleRoot(txids)).toBe(toHex(block.header.merkleRoot));
      // Every transaction has an auth digest for the block's hashAuthDataRoot: 0xff.. before v5.
      for (const tx of block.transactions) {
        expect(toHex(transactionAuthDigest(tx)) === 'ff'.repeat(32)).toBe(tx.version < 5);
      }
      if (real.height === 0) expect(blockHash(block.header)).toBe(GENESIS[real.network]);
    },
  );

  it('hold the versions of their time: v1 coinbases at genesis, v4 and v5 after NU5', () => {
    const versions = (file: string) =>
      [
        ...new Set(parseBlock(blocks.find((b) => b.file === file)!.hex).transactions.map((tx) => tx.version)),
      ].sort();
    expect(versions('block-main-0-000-000.txt')).toEqual([1]);
    expect(versions('block-main-1-687-107.txt')).toEqual([4, 5]);
    expect(versions('block-test-1-842-421.txt')).toContain(5);
  });

  it('link: each block names the hash of the block before it', () => {
    const mainnet = blocks
      .filter((b) => b.network === 'mainnet')
      .map((b) => ({ ...b, block: parseBlock(b.hex) }));
    let linked = 0;
    for (let i = 1; i < mainnet.length; i++) {
      if (mainnet[i]!.height !== mainnet[i - 1]!.height + 1) continue;
      expect(toDisplayHex(mainnet[i]!.block.header.previousBlockHash)).toBe(
        blockHash(mainnet[i - 1]!.block.header),
      );
      linked++;
    }
    expect(linked).toBe(2);
  });

  it('refuse every truncation of the header and of the first transaction', () => {
    const hex = blocks.find((b) => b.file === 'block-main-0-000-001.txt')!.hex;
    for (let bytes = 0; bytes < hex.length / 2; bytes += 7) {
      expect(() => parseBlock(hex.slice(0, 2 * bytes))).toThrow(/block/);
    }
  });
});
