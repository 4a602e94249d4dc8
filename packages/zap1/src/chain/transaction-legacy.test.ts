/**
 * Transactions before v5 (v1 to v4): the public legacy vectors (with their txids) and the v3 and v4
 * transactions of the ZIP 143 and ZIP 243 vectors read whole and write back byte for byte; malformed
 * bytes are refused with a ChainFormatError, never another error and never a hang.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readZcashVectors } from '../../test/vectors.js';
import { toHex } from '../protocol/hex.js';
import { sha256d } from './block.js';
import { ChainFormatError, chainBytes } from './bytes.js';
import { TX_V3_VERSION_GROUP_ID, TX_V4_VERSION_GROUP_ID, isSprout } from './transaction-legacy.js';
import { parseTransaction, serializeTransaction, type Transaction } from './transaction.js';
import { transactionId, transactionIdBytes } from './zip244.js';

const legacy = readZcashVectors('transaction_legacy.json');
const zip143 = readZcashVectors('zip_0143.json').map((v) => String(v.tx));
const zip243 = readZcashVectors('zip_0243.json').map((v) => String(v.tx));

const joinSplitCount = (tx: Transaction): number =>
  tx.version === 5 ? 0 : (tx.joinSplit?.joinSplits.length ?? 0);

describe('the legacy transaction vectors', () => {
  it('have every version before v5 among them', () => {
    const versions = new Set(legacy.map((v) => parseTransaction(String(v.tx)).version));
    // Before Overwinter only; every non-overwintered vector has an nVersion above 2 (the v2 layout).
    expect([...versions].sort()).toEqual([2, 3, 4]);
  });

  it.each(legacy.map((v, i) => [i, v] as const))(
    'vector %i reads as its columns say, and has its txid',
    (_, v) => {
      const hex = String(v.tx);
      const tx = parseTransaction(hex);
      expect(toHex(serializeTransaction(tx))).toBe(hex);
      expect(parseTransaction(hex.toUpperCase())).toEqual(tx);
      // The txid is the double SHA-256 of the bytes, as given; RPCs show it reversed.
      expect(toHex(transactionIdBytes(tx))).toBe(v.txid);
      expect(toHex(transactionIdBytes(hex))).toBe(v.txid);
      expect(transactionId(tx)).toBe(toHex(chainBytes(String(v.txid), 'txid').reverse()));
      expect(tx.transparentInputs).toHaveLength(Number(v.tx_in_count));
      expect(tx.transparentOutputs).toHaveLength(Number(v.tx_out_count));
      expect(tx.lockTime).toBe(v.lock_time);
      expect(joinSplitCount(tx)).toBe(Number(v.nJoinSplit ?? 0));
      if (isSprout(tx)) {
        expect(v.fOverwintered).toBe(false);
        expect(tx.nVersion).toBe(v.version);
        return;
      }
      expect(v.fOverwintered).toBe(true);
      expect(tx.version).toBe(v.version);
      if (tx.version === 5) throw new Error('a legacy vector read as v5');
      expect(tx.versionGroupId).toBe(v.nVersionGroupId);
      expect(tx.expiryHeight).toBe(v.nExpiryHeight);
      if (tx.joinSplit !== null) {
        expect(toHex(tx.joinSplit.pubKey)).toBe(v.joinSplitPubKey);
        expect(toHex(tx.joinSplit.sig)).toBe(v.joinSplitSig);
      }
      if (tx.version === 4) {
        expect(tx.sapling.spends).toHaveLength(Number(v.nSpendsSapling));
        expect(tx.sapling.outputs).toHaveLength(Number(v.nOutputsSapling));
        expect(tx.sapling.bindingSig === null ? null : toHex(tx.sapling.bindingSig)).toBe(
          v.bindingSigSapling,
        );
      }
    },
  );
});

describe('the v3 and v4 transactions of the ZIP 143 and ZIP 243 vectors', () => {
  it.each([
    ['ZIP 143', zip143, 3, TX_V3_VERSION_GROUP_ID],
    ['ZIP 243', zip243, 4, TX_V4_VERSION_GROUP_ID],
  ] as const)(
    '%s: every one reads as its version and writes back byte for byte',
    (_, txs, version, group) => {
      expect(txs.length).toBe(10); // the full public set
      for (const hex of txs) {
        const tx = parseTransaction(hex);
        expect(tx.version).toBe(version);
        expect(tx.version === version && 'versionGroupId' in tx && tx.versionGroupId).toBe(group);
        expect(toHex(serializeTransaction(tx))).toBe(hex);
        expect(transactionId(hex)).toBe(toHex(sha256d(chainBytes(hex, 'tx')).reverse()));
      }
    },
  );
});

describe('malformed transactions before v5', () => {
  const all = [...legacy.map((v) => String(v.tx)), ...zip143, ...zip243];

  it('every truncation is refused with a ChainFormatError', () => {
    for (const hex of all.slice(0, 6)) {
      for (let bytes = 0; bytes < hex.length / 2; bytes += 3) {
        expect(() => parseTransaction(hex.slice(0, 2 * bytes))).toThrow(ChainFormatError);
      }
    }
  });

  it('trailing bytes, a wrong version group and an unknown overwintered version are refused by name', () => {
    const v4 = zip243[0]!;
    expect(() => parseTransaction(v4 + '00')).toThrow(/trailing/);
    expect(() => parseTransaction(v4.slice(0, 8) + '7082c403' + v4.slice(16))).toThrow(/not the v4 group id/);
    expect(() => parseTransaction('07000080' + v4.slice(8))).toThrow(/overwintered version 7/);
  });

  it('single-byte changes are refused with a ChainFormatError or read as another transaction', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 255 }), (pick, at, flip) => {
        const hex = all[pick % all.length]!;
        const bytes = chainBytes(hex, 'tx').slice();
        const index = at % bytes.length;
        bytes[index] = bytes[index]! ^ flip;
        try {
          const tx = parseTransaction(bytes);
          expect(toHex(serializeTransaction(tx))).toBe(toHex(bytes));
          expect(transactionId(tx)).not.toBe(transactionId(hex));
        } catch (error) {
          expect(error).toBeInstanceOf(ChainFormatError);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('random bytes never throw anything but a ChainFormatError', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 3000 }),
        fc.constantFrom([1], [2], [0x80000003, TX_V3_VERSION_GROUP_ID], [0x80000004, TX_V4_VERSION_GROUP_ID]),
        (body, words) => {
          // A valid header (and version group), so the fuzzing reaches the body's fields.
          const bytes = new Uint8Array(4 * words.length + body.length);
          words.forEach((word, i) => new DataView(bytes.buffer).setUint32(4 * i, word >>> 0, true));
          bytes.set(body, 4 * words.length);
          try {
            parseTransaction(bytes);
          } catch (error) {
            expect(error).toBeInstanceOf(ChainFormatError);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
