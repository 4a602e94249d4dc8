import { describe, expect, it } from 'vitest';
import { readZcashVectors } from '../../test/vectors.js';
import { bytesEqual, toHex } from '../protocol/hex.js';
import { ChainFormatError, chainBytes } from './bytes.js';
import { parseTransactionV5, serializeTransaction } from './transaction.js';
import type { TransactionV5 } from './transaction.js';
import { transactionAuthDigest, transactionId, transactionIdBytes } from './zip244.js';

interface Zip244Vector {
  tx: string;
  txid: string;
  auth_digest: string | null;
}
const vectors = readZcashVectors('zip_0244.json') as unknown as Zip244Vector[];

/** The display-order hex of natural-order hex: its bytes reversed. */
const reversedHex = (hex: string): string => hex.match(/../g)!.reverse().join('');

describe('ZIP 244 on the test vectors', () => {
  it.each(vectors.map((v, i) => [i, v] as const))('vector %i: txid and auth digest', (_, v) => {
    const tx = parseTransactionV5(v.tx);
    expect(toHex(transactionIdBytes(tx))).toBe(v.txid);
    // RPCs and explorers show the digest byte-reversed.
    expect(transactionId(v.tx)).toBe(reversedHex(v.txid));
    expect(transactionId(chainBytes(v.tx, 'tx'))).toBe(reversedHex(v.txid));
    expect(transactionId(tx)).toBe(reversedHex(v.txid));
    if (v.auth_digest !== null) expect(toHex(transactionAuthDigest(tx))).toBe(v.auth_digest);
  });

  it('refuses what is neither transaction bytes nor a parsed transaction with ChainFormatError', () => {
    const looksParsed = { version: 5, sapling: null, orchard: null };
    const badAction = { ...looksParsed, orchard: { actions: [{}] } };
    for (const notATransaction of [null, 5, {}, { version: 4 }, looksParsed, badAction]) {
      expect(() => transactionId(notATransaction as never)).toThrow(ChainFormatError);
    }
  });

  it('transactionIdBytes and transactionAuthDigest refuse what is not a transaction with ChainFormatError', () => {
    const looksParsed = { version: 5, sapling: null, orchard: null };
    for (const notATransaction of [null, 5, {}, { version: 4 }, looksParsed]) {
      expect(() => transactionIdBytes(notATransaction as never)).toThrow(ChainFormatError);
      expect(() => transactionAuthDigest(notATransaction as never)).toThrow(ChainFormatError);
    }
  });

  it('refuses to digest an object whose fields its serialization refuses, rather than truncating them', () => {
    const tx = vectors.map((v) => parseTransactionV5(v.tx)).find((parsed) => parsed.orchard !== null)!;
    const outOfRange: TransactionV5[] = [
      { ...tx, lockTime: tx.lockTime + 2 ** 32 },
      { ...tx, expiryHeight: -1 },
      { ...tx, consensusBranchId: 1.5 },
      { ...tx, orchard: { ...tx.orchard!, flags: tx.orchard!.flags + 256 } },
      { ...tx, orchard: { ...tx.orchard!, valueBalance: tx.orchard!.valueBalance + 2n ** 64n } },
      { ...tx, orchard: { ...tx.orchard!, anchor: tx.orchard!.anchor.subarray(1) } },
    ];
    for (const bad of outOfRange) {
      expect(() => serializeTransaction(bad)).toThrow(RangeError);
      expect(() => transactionId(bad)).toThrow(ChainFormatError);
      expect(() => transactionIdBytes(bad)).toThrow(ChainFormatError);
      expect(() => transactionAuthDigest(bad)).toThrow(ChainFormatError);
    }
    expect(() => transactionId(outOfRange[0]!)).toThrow(/lockTime must be an integer in 0..2\^32-1/);
    // The original still digests: only what serializing refuses is refused.
    expect(transactionId({ ...tx })).toBe(transactionId(serializeTransaction(tx)));
  });

  it('the consensus branch id is part of the txid (replay protection)', () => {
    const tx = parseTransactionV5(vectors[0]!.tx);
    const other = { ...tx, consensusBranchId: (tx.consensusBranchId + 1) >>> 0 };
    expect(toHex(transactionIdBytes(other))).not.toBe(vectors[0]!.txid);
    expect(toHex(transactionAuthDigest(other))).not.toBe(vectors[0]!.auth_digest);
  });

  it('malformed bytes throw ChainFormatError, not a txid', () => {
    expect(() => transactionId(vectors[0]!.tx + '00')).toThrow(ChainFormatError);
    expect(() => transactionId('0400008085202f89')).toThrow(ChainFormatError);
  });
});

describe('every single-byte change of a vector', () => {
  it('is refused with a ChainFormatError, or changes the txid or else the auth digest', () => {
    // The txid commits to the effecting data and the auth digest to the rest (scripts, proofs,
    // signatures): together, to every byte.
    let refused = 0;
    let txidChanged = 0;
    let authChanged = 0;
    for (const v of vectors) {
      const original = chainBytes(v.tx, 'tx');
      for (let index = 0; index < original.length; index++) {
        // Two changes per byte: the low bit (a count or length off by one) and all bits.
        for (const mask of [0x01, 0xff]) {
          const changed = original.slice();
          changed[index] = changed[index]! ^ mask;
          let tx: TransactionV5;
          try {
            tx = parseTransactionV5(changed);
          } catch (error) {
            expect(error).toBeInstanceOf(ChainFormatError);
            refused++;
            continue;
          }
          // Parsing is exact, so the change survives into what is hashed.
          expect(bytesEqual(serializeTransaction(tx), changed)).toBe(true);
          if (toHex(transactionIdBytes(tx)) !== v.txid) {
            txidChanged++;
          } else {
            expect(toHex(transactionAuthDigest(tx))).not.toBe(v.auth_digest);
            authChanged++;
          }
        }
      }
    }
    expect(Math.min(refused, txidChanged, authChanged)).toBeGreaterThan(0);
  }, 120_000);
});
