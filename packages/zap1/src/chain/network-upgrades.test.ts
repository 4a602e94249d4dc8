import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZCASH_VECTORS_DIR, readZcashVectors } from '../../test/vectors.js';
import { parseHex, toHex } from '../protocol/hex.js';
import { readBlockHeader } from './block.js';
import { ByteReader } from './bytes.js';
import {
  CURRENT_BRANCH_ID,
  CURRENT_NETWORK_UPGRADE,
  NETWORK_UPGRADES,
  type NetworkUpgrade,
} from './network-upgrades.js';
import { parseTransactionV5, readTransaction, serializeTransaction } from './transaction.js';
import { transactionId } from './zip244.js';

/**
 * The constants as each deployment ZIP states them (CONSENSUS_BRANCH_ID; ACTIVATION_HEIGHT Mainnet,
 * Testnet), transcribed separately from the module so that a slip in either shows: ZIP 201
 * (Overwinter), 205, 206, 250, 251, 252 (NU5, Testnet's second activation), 253, 255, 257 (NU6.2,
 * Final), 258 (NU6.3, Draft: Mainnet TBD), 259 (NU7, Draft: both TBD).
 */
const AS_THE_ZIPS_STATE: Array<[string, number, string, number | null, number | null]> = [
  ['Overwinter', 201, '0x5ba81b19', 347500, 207500],
  ['Sapling', 205, '0x76b809bb', 419200, 280000],
  ['Blossom', 206, '0x2BB40E60', 653600, 584000],
  ['Heartwood', 250, '0xF5B9230B', 903000, 903800],
  ['Canopy', 251, '0xE9FF75A6', 1046400, 1028500],
  ['NU5', 252, '0xc2d6d0b4', 1687104, 1842420],
  ['NU6', 253, '0xC8E71055', 2726400, 2976000],
  ['NU6.1', 255, '0x4DEC4DF0', 3146400, 3536500],
  ['NU6.2', 257, '0x5437F330', 3364600, 4052000],
  ['NU6.3', 258, '0x37A5165B', null, 4134000],
  ['NU7', 259, '0x77190AD9', null, null],
];

const hexId = (id: number) => `0x${id.toString(16).padStart(8, '0')}`;

describe('network upgrades', () => {
  it('are the ones the ZIPs define, with their branch ids and activation heights', () => {
    expect(
      NETWORK_UPGRADES.map((u): [string, number, string, number | null, number | null] => [
        u.name,
        u.zip,
        hexId(u.consensusBranchId),
        u.mainnetActivationHeight,
        u.testnetActivationHeight,
      ]),
    ).toEqual(
      AS_THE_ZIPS_STATE.map(([name, zip, id, main, test]) => [name, zip, id.toLowerCase(), main, test]),
    );
  });

  it('have distinct, non-zero 32-bit branch ids and distinct names (ZIP 200)', () => {
    const ids = NETWORK_UPGRADES.map((u) => u.consensusBranchId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(Number.isInteger(id) && id > 0 && id <= 0xffff_ffff).toBe(true);
    expect(new Set(NETWORK_UPGRADES.map((u) => u.name)).size).toBe(NETWORK_UPGRADES.length);
    // NU5's first Testnet activation was rolled back with its id: it is not a current id.
    expect(ids).not.toContain(0x3751_9621);
  });

  it('activate in the order listed, and none without a height before one with a height', () => {
    for (const network of ['mainnetActivationHeight', 'testnetActivationHeight'] as const) {
      const heights = NETWORK_UPGRADES.map((u) => u[network]);
      const given = heights.filter((h): h is number => h !== null);
      expect(given).toEqual([...given].sort((a, b) => a - b));
      expect(heights.slice(0, given.length)).toEqual(given);
    }
  });

  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(NETWORK_UPGRADES)).toBe(true);
    expect(() => {
      (NETWORK_UPGRADES[0] as { consensusBranchId: number }).consensusBranchId = 1;
    }).toThrow(TypeError);
  });

  it('make NU6.2 current: the newest upgrade the ZIPs give a Mainnet activation height for', () => {
    expect(CURRENT_NETWORK_UPGRADE).toMatchObject<Partial<NetworkUpgrade>>({ name: 'NU6.2', zip: 257 });
    expect(CURRENT_BRANCH_ID).toBe(0x5437_f330);
    const after = NETWORK_UPGRADES.slice(NETWORK_UPGRADES.indexOf(CURRENT_NETWORK_UPGRADE) + 1);
    expect(after.map((u) => [u.name, u.mainnetActivationHeight])).toEqual([
      ['NU6.3', null],
      ['NU7', null],
    ]);
  });
});

describe('branch ids in transactions', () => {
  it('match a real block: the v5 transactions of Mainnet block 1,687,106 carry NU5’s id', () => {
    const block = JSON.parse(
      readFileSync(path.join(ZCASH_VECTORS_DIR, 'mainnet_block_1687106.json'), 'utf8'),
    ) as { height: number; block: string };
    const nu5 = NETWORK_UPGRADES.find((u) => u.name === 'NU5')!;
    expect(block.height).toBeGreaterThanOrEqual(nu5.mainnetActivationHeight!);
    const reader = new ByteReader(parseHex(block.block), 'block');
    readBlockHeader(reader);
    reader.compactSize('transaction count');
    // The first four are v5 (the fifth is v4, which names no branch).
    for (let i = 0; i < 4; i++) {
      const tx = readTransaction(reader);
      expect(tx.version === 5 && tx.consensusBranchId).toBe(nu5.consensusBranchId);
    }
  });

  it('are read whatever they are: an id no upgrade has parses and gets a txid of its own', () => {
    const tx = parseTransactionV5(String(readZcashVectors('zip_0244.json')[0]!.tx));
    const known = new Set(NETWORK_UPGRADES.map((u) => u.consensusBranchId));
    const txids = new Set<string>();
    for (const consensusBranchId of [CURRENT_BRANCH_ID, 0x1234_5678, 0xffff_ffff, 0]) {
      const bytes = serializeTransaction({ ...tx, consensusBranchId });
      const read = parseTransactionV5(toHex(bytes));
      expect(read.consensusBranchId, hexId(consensusBranchId)).toBe(consensusBranchId);
      if (consensusBranchId !== CURRENT_BRANCH_ID) expect(known.has(consensusBranchId)).toBe(false);
      txids.add(transactionId(read));
    }
    expect(txids.size).toBe(4);
  });
});
