import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readZcashVectors } from '../../test/vectors.js';
import { toHex } from '../protocol/hex.js';
import { ChainFormatError, chainBytes } from './bytes.js';
import { parseTransactionV5, serializeTransaction } from './transaction.js';
import type { OrchardBundle, SaplingBundle, TransactionV5 } from './transaction.js';

const vectors = readZcashVectors('zip_0244.json').map((v) => String(v.tx));

/** `hex` with the byte at `index` replaced by `value`. */
function withByte(hex: string, index: number, value: number): string {
  return hex.slice(0, 2 * index) + value.toString(16).padStart(2, '0') + hex.slice(2 * index + 2);
}

describe('parseTransaction on the ZIP 244 vectors', () => {
  it('has vectors to read', () => {
    expect(vectors.length).toBe(10); // the full public set
  });

  it.each(vectors.map((tx, i) => [i, tx] as const))('vector %i serializes back byte for byte', (_, hex) => {
    const tx = parseTransactionV5(hex);
    expect(toHex(serializeTransaction(tx))).toBe(hex);
    // Bytes and either hex case read the same.
    expect(parseTransactionV5(chainBytes(hex, 'tx'))).toEqual(tx);
    expect(parseTransactionV5(hex.toUpperCase())).toEqual(tx);
  });

  it('exposes every field at its ZIP 225 size', () => {
    let actions = 0;
    let spends = 0;
    let outputs = 0;
    for (const hex of vectors) {
      const tx = parseTransactionV5(hex);
      expect(tx.version).toBe(5);
      expect(tx.versionGroupId).toBe(0x26a7270a);
      for (const input of tx.transparentInputs) expect(input.prevout.txid).toHaveLength(32);
      for (const a of tx.orchard?.actions ?? []) {
        actions++;
        for (const k of ['cvNet', 'nullifier', 'rk', 'cmx', 'ephemeralKey'] as const)
          expect(a[k]).toHaveLength(32);
        expect(a.encCiphertext).toHaveLength(580);
        expect(a.outCiphertext).toHaveLength(80);
        expect(a.spendAuthSig).toHaveLength(64);
      }
      if (tx.orchard) {
        expect(tx.orchard.anchor).toHaveLength(32);
        expect(tx.orchard.bindingSig).toHaveLength(64);
        expect(tx.orchard.flags & ~3).toBe(0);
      }
      for (const s of tx.sapling?.spends ?? []) {
        spends++;
        expect([s.cv, s.nullifier, s.rk].map((b) => b.length)).toEqual([32, 32, 32]);
        expect([s.zkproof.length, s.spendAuthSig.length]).toEqual([192, 64]);
        expect(tx.sapling?.anchor).toHaveLength(32);
      }
      for (const o of tx.sapling?.outputs ?? []) {
        outputs++;
        expect(
          [o.cv, o.cmu, o.ephemeralKey, o.encCiphertext, o.outCiphertext, o.zkproof].map((b) => b.length),
        ).toEqual([32, 32, 32, 580, 80, 192]);
      }
    }
    // The given vectors between them hold every kind of description.
    expect(Math.min(actions, spends, outputs)).toBeGreaterThan(0);
  });
});

describe('parseTransaction refuses what is not one transaction', () => {
  const hex = vectors[1]!;

  it('versions Zcash does not define, by name', () => {
    // fOverwintered with version 6, or with 2: no such transaction.
    expect(() => parseTransactionV5('06000080' + hex.slice(8))).toThrow(/overwintered version 6 is not/);
    expect(() => parseTransactionV5('02000080' + hex.slice(8))).toThrow(/overwintered version 2 is not/);
    // Without fOverwintered, version 0 comes before the first.
    expect(() => parseTransactionV5('00000000' + hex.slice(8))).toThrow(/version 0 is below 1/);
    // The v5 body under a v4 header is read as v4, and does not fit.
    expect(() => parseTransactionV5('0400008085202f89' + hex.slice(16))).toThrow(ChainFormatError);
    expect(() => parseTransactionV5('')).toThrow(ChainFormatError);
  });

  it('another version group id', () => {
    expect(() => parseTransactionV5(hex.slice(0, 8) + '8520af89' + hex.slice(16))).toThrow(/nVersionGroupId/);
  });

  it('trailing bytes', () => {
    expect(() => parseTransactionV5(hex + '00')).toThrow(/1 trailing bytes/);
  });

  it('a non-canonical count', () => {
    // Byte 20 is tx_in_count (1); fd0100 says 1 in three bytes.
    expect(hex.slice(40, 42)).toBe('01');
    expect(() => parseTransactionV5(hex.slice(0, 40) + 'fd0100' + hex.slice(42))).toThrow(/non-canonical/);
  });

  it('reserved Orchard flag bits', () => {
    const tx = parseTransactionV5(vectors[2]!);
    const encoded = toHex(serializeTransaction(tx));
    const actions = tx.orchard!.actions.length;
    // flagsOrchard follows the actions, which end the transaction bar the Orchard tail.
    const tail = 1 + 8 + 32 + 3 + tx.orchard!.proofs.length + 64 * actions + 64;
    const flagsAt = encoded.length / 2 - tail;
    expect(parseInt(encoded.slice(2 * flagsAt, 2 * flagsAt + 2), 16)).toBe(tx.orchard!.flags);
    expect(() => parseTransactionV5(withByte(encoded, flagsAt, 0x04 | tx.orchard!.flags))).toThrow(
      /reserved bits/,
    );
  });

  it('bad hex, as the same error kind', () => {
    expect(() => parseTransactionV5('0500008')).toThrow(ChainFormatError);
    expect(() => parseTransactionV5('zz')).toThrow(ChainFormatError);
  });
});

/** Byte strings of a fixed length. */
const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length });

const saplingArb: fc.Arbitrary<SaplingBundle | null> = fc.option(
  fc
    .record({
      spends: fc.array(
        fc.record({
          cv: bytes(32),
          nullifier: bytes(32),
          rk: bytes(32),
          zkproof: bytes(192),
          spendAuthSig: bytes(64),
        }),
        { maxLength: 2 },
      ),
      outputs: fc.array(
        fc.record({
          cv: bytes(32),
          cmu: bytes(32),
          ephemeralKey: bytes(32),
          encCiphertext: bytes(580),
          outCiphertext: bytes(80),
          zkproof: bytes(192),
        }),
        { maxLength: 2 },
      ),
      valueBalance: fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }),
      anchor: bytes(32),
      bindingSig: bytes(64),
    })
    .filter((s) => s.spends.length + s.outputs.length > 0)
    .map((s) => ({ ...s, anchor: s.spends.length > 0 ? s.anchor : null })),
);

const orchardArb: fc.Arbitrary<OrchardBundle | null> = fc.option(
  fc.record({
    actions: fc.array(
      fc.record({
        cvNet: bytes(32),
        nullifier: bytes(32),
        rk: bytes(32),
        cmx: bytes(32),
        ephemeralKey: bytes(32),
        encCiphertext: bytes(580),
        outCiphertext: bytes(80),
        spendAuthSig: bytes(64),
      }),
      { minLength: 1, maxLength: 2 },
    ),
    flags: fc.integer({ min: 0, max: 3 }),
    valueBalance: fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }),
    anchor: bytes(32),
    proofs: fc.uint8Array({ maxLength: 300 }),
    bindingSig: bytes(64),
  }),
);

/** Any v5 transaction the format can hold, including the empty and one-sided bundles. */
const transactionArb: fc.Arbitrary<TransactionV5> = fc.record({
  version: fc.constant(5 as const),
  versionGroupId: fc.constant(0x26a7270a),
  consensusBranchId: fc.integer({ min: 0, max: 0xffff_ffff }),
  lockTime: fc.integer({ min: 0, max: 0xffff_ffff }),
  expiryHeight: fc.integer({ min: 0, max: 0xffff_ffff }),
  transparentInputs: fc.array(
    fc.record({
      prevout: fc.record({ txid: bytes(32), index: fc.integer({ min: 0, max: 0xffff_ffff }) }),
      scriptSig: fc.uint8Array({ maxLength: 300 }),
      sequence: fc.integer({ min: 0, max: 0xffff_ffff }),
    }),
    { maxLength: 3 },
  ),
  transparentOutputs: fc.array(
    fc.record({
      value: fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }),
      scriptPubKey: fc.uint8Array({ maxLength: 300 }),
    }),
    { maxLength: 3 },
  ),
  sapling: saplingArb,
  orchard: orchardArb,
});

describe('serializeTransaction', () => {
  it('is the exact inverse of parseTransaction for any v5 transaction', () => {
    fc.assert(
      fc.property(transactionArb, (tx) => {
        const encoded = serializeTransaction(tx);
        expect(parseTransactionV5(encoded)).toEqual(tx);
        expect(serializeTransaction(parseTransactionV5(encoded))).toEqual(encoded);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses bundles that have no encoding', () => {
    const tx = parseTransactionV5(vectors[0]!);
    expect(() =>
      serializeTransaction({ ...tx, sapling: { ...tx.sapling!, spends: [], outputs: [] } }),
    ).toThrow(/needs a spend or an output/);
    expect(() => serializeTransaction({ ...tx, sapling: { ...tx.sapling!, anchor: null } })).toThrow(
      /anchor/,
    );
    expect(() => serializeTransaction({ ...tx, orchard: { ...tx.orchard!, actions: [] } })).toThrow(
      /needs an action/,
    );
    expect(() => serializeTransaction({ ...tx, orchard: { ...tx.orchard!, flags: 4 } })).toThrow(/reserved/);
  });
});

/** Parses `bytes`; a refusal must be a ChainFormatError and nothing else. */
function parseOrRefuse(bytes: Uint8Array): TransactionV5 | null {
  try {
    return parseTransactionV5(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(ChainFormatError);
    return null;
  }
}

describe('parseTransaction on damaged bytes', () => {
  it('refuses every truncation of every vector with a ChainFormatError', () => {
    for (const hex of vectors) {
      const full = chainBytes(hex, 'tx');
      for (let length = 0; length < full.length; length++) {
        expect(parseOrRefuse(full.subarray(0, length))).toBeNull();
      }
    }
  });

  it('random bytes are refused with a ChainFormatError or parse to a transaction that re-encodes to them', () => {
    const v5Prefix = chainBytes(vectors[0]!.slice(0, 40), 'prefix');
    const inputs = fc.oneof(
      fc.uint8Array({ maxLength: 2000 }),
      // A valid v5 header first, so the random part reaches the counts and bundles.
      fc.uint8Array({ maxLength: 2000 }).map((tail) => Uint8Array.from([...v5Prefix, ...tail])),
    );
    fc.assert(
      fc.property(inputs, (input) => {
        const tx = parseOrRefuse(input);
        if (tx) expect(serializeTransaction(tx)).toEqual(input);
      }),
      { numRuns: 1000 },
    );
  });
});
