import { weierstrass } from '@noble/curves/abstract/weierstrass.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readZcashVectors } from '../../test/vectors.js';
import { parseHex, toHex } from '../protocol/hex.js';
import {
  PALLAS_BASE_MODULUS,
  PALLAS_CURVE,
  PALLAS_ENDOMORPHISM_BASIS,
  PALLAS_ENDOMORPHISM_LAMBDA,
  PALLAS_SCALAR_ORDER,
  Pallas,
  bigIntToLeBytes,
  decodePallasPoint,
  encodePallasPoint,
  isPallasXCoordinate,
  leBytesToBigInt,
  pallasMultiply,
  toScalarOrchard,
} from './pallas.js';

describe('Pallas (protocol specification 5.4.9.6)', () => {
  it('has a generator on the curve, of order r_P', () => {
    Pallas.BASE.assertValidity();
    expect(Pallas.BASE.multiplyUnsafe(PALLAS_SCALAR_ORDER - 1n).equals(Pallas.BASE.negate())).toBe(true);
  });

  it('encodes the zero point as 32 zero bytes and decodes it back', () => {
    expect(encodePallasPoint(Pallas.ZERO)).toEqual(new Uint8Array(32));
    expect(decodePallasPoint(new Uint8Array(32))!.is0()).toBe(true);
  });

  it('round-trips points, with the sign of y in the top bit', () => {
    for (let k = 1n; k < 40n; k++) {
      const point = pallasMultiply(Pallas.BASE, k * 0x1234567n);
      const bytes = encodePallasPoint(point);
      expect(decodePallasPoint(bytes)!.equals(point)).toBe(true);
      const negated = encodePallasPoint(point.negate());
      expect(negated.subarray(0, 31)).toEqual(bytes.subarray(0, 31));
      expect(negated[31]! ^ bytes[31]!).toBe(0x80);
    }
  });

  it('takes x as an x-coordinate exactly when a point with that x decodes (Legendre symbol against square root)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: PALLAS_BASE_MODULUS + 1000n }), (x) => {
        const decodes = x < PALLAS_BASE_MODULUS && decodePallasPoint(bigIntToLeBytes(x, 32)) !== null;
        expect(isPallasXCoordinate(x)).toBe(decodes);
      }),
      { numRuns: 300 },
    );
    for (let k = 1n; k < 20n; k++) {
      const { x } = pallasMultiply(Pallas.BASE, k * 0x9876543n).toAffine();
      expect(isPallasXCoordinate(x)).toBe(true);
    }
    expect(isPallasXCoordinate(0n)).toBe(true);
    expect(isPallasXCoordinate(-1n)).toBe(false);
  });

  it('refuses x >= q_P, x off the curve, and 2^255 (x = 0 with the sign bit set: 5 has no square root)', () => {
    expect(decodePallasPoint(bigIntToLeBytes(PALLAS_BASE_MODULUS, 32))).toBeNull();
    expect(decodePallasPoint(bigIntToLeBytes((1n << 255n) - 1n, 32))).toBeNull();
    expect(decodePallasPoint(bigIntToLeBytes(1n << 255n, 32))).toBeNull();
    let offCurve = 0;
    for (let x = 1n; x < 40n; x++) {
      if (!isPallasXCoordinate(x)) {
        offCurve++;
        expect(decodePallasPoint(bigIntToLeBytes(x, 32))).toBeNull();
      } else {
        expect(decodePallasPoint(bigIntToLeBytes(x, 32))).not.toBeNull();
      }
    }
    expect(offCurve).toBeGreaterThan(5);
    expect(() => decodePallasPoint(new Uint8Array(31))).toThrow(RangeError);
  });

  it('agrees with the note-encryption vectors: [esk] pk_d is the shared secret', () => {
    for (const v of readZcashVectors('orchard_note_encryption.json') as Array<Record<string, string>>) {
      const pkD = decodePallasPoint(parseHex(v.default_pk_d!))!;
      expect(toHex(encodePallasPoint(pkD))).toBe(v.default_pk_d);
      expect(toHex(encodePallasPoint(decodePallasPoint(parseHex(v.ephemeral_key!))!))).toBe(v.ephemeral_key);
      const esk = leBytesToBigInt(parseHex(v.esk!));
      expect(toHex(encodePallasPoint(pallasMultiply(pkD, esk)))).toBe(v.shared_secret);
      expect(toHex(encodePallasPoint(pallasMultiply(pkD, esk, true)))).toBe(v.shared_secret);
    }
  });

  it('ToScalar^Orchard reduces 64 little-endian bytes modulo r_P', () => {
    expect(toScalarOrchard(new Uint8Array(64).fill(0xff))).toBe(((1n << 512n) - 1n) % PALLAS_SCALAR_ORDER);
    expect(toScalarOrchard(bigIntToLeBytes(PALLAS_SCALAR_ORDER + 5n, 64))).toBe(5n);
    expect(() => toScalarOrchard(new Uint8Array(32))).toThrow(RangeError);
  });

  it('multiplies by 0 to the zero point and refuses scalars outside 0..r_P-1', () => {
    expect(pallasMultiply(Pallas.BASE, 0n).is0()).toBe(true);
    expect(() => pallasMultiply(Pallas.BASE, PALLAS_SCALAR_ORDER)).toThrow(RangeError);
    expect(() => pallasMultiply(Pallas.BASE, -1n)).toThrow(RangeError);
  });

  it('has a GLV endomorphism that agrees with plain multiplication', () => {
    const q = PALLAS_BASE_MODULUS;
    const r = PALLAS_SCALAR_ORDER;
    const lambda = PALLAS_ENDOMORPHISM_LAMBDA;
    const pow3 = (x: bigint, m: bigint) => (((x * x) % m) * x) % m;
    expect(pow3(lambda, r)).toBe(1n);
    for (const [a, b] of PALLAS_ENDOMORPHISM_BASIS) expect((((a + b * lambda) % r) + r) % r).toBe(0n);
    const { x, y } = Pallas.BASE.toAffine();
    const Plain = weierstrass(PALLAS_CURVE); // no endomorphism: double-and-add over the whole scalar
    const image = Plain.BASE.multiply(lambda).toAffine();
    expect(image.y).toBe(y);
    expect(x).toBe(q - 1n); // the generator's x is -1, so its image's x is -β
    const beta = q - image.x;
    expect(pow3(beta, q)).toBe(1n);
    const plain = (k: bigint) => Plain.BASE.multiply(k).toAffine();
    const edge = [
      1n,
      2n,
      r - 1n,
      r - 2n,
      lambda,
      r - lambda,
      1n << 127n,
      (1n << 128n) - 1n,
      1n << 128n,
      r >> 1n,
    ];
    for (const k of edge) {
      expect(pallasMultiply(Pallas.BASE, k).toAffine()).toEqual(plain(k));
      expect(pallasMultiply(Pallas.BASE, k, true).toAffine()).toEqual(plain(k));
    }
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: r - 1n }), fc.bigInt({ min: 1n, max: r - 1n }), (k, s) => {
        const expected = plain(k);
        expect(pallasMultiply(Pallas.BASE, k).toAffine()).toEqual(expected);
        expect(pallasMultiply(Pallas.BASE, k, true).toAffine()).toEqual(expected);
        // Another point than the generator, which has no precomputed table.
        const point = Pallas.fromAffine(plain(s));
        const other = Plain.fromAffine(plain(s)).multiply(k).toAffine();
        expect(pallasMultiply(point, k).toAffine()).toEqual(other);
        expect(pallasMultiply(point, k, true).toAffine()).toEqual(other);
      }),
      { numRuns: 25 },
    );
  });
});
