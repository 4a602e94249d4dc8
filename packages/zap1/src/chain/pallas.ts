/**
 * The Pallas curve of Orchard (protocol specification 5.4.9.6 "Pallas and Vesta"), on
 * @noble/curves' abstract short Weierstrass curve: y^2 = x^3 + 5 over F_q, a group of prime order r.
 *
 * The specification names the base field modulus q_P and the group (scalar) order r_P; this file
 * keeps those names. Points cross every boundary as their 32-byte encoding repr_P: the x-coordinate
 * little-endian in the low 255 bits, the low bit of y (ỹ) in the top bit, the zero point as 32 zero
 * bytes. `decodePallasPoint` is abst_P, which rejects x >= q_P and x with no square root.
 */
import { Field, FpIsSquare } from '@noble/curves/abstract/modular.js';
import { weierstrass, type WeierstrassPoint } from '@noble/curves/abstract/weierstrass.js';

/** q_P: the Pallas base field modulus. */
export const PALLAS_BASE_MODULUS = 0x40000000000000000000000000000000224698fc094cf91b992d30ed00000001n;
/** r_P: the order of the Pallas group, also the modulus of its scalar field. */
export const PALLAS_SCALAR_ORDER = 0x40000000000000000000000000000000224698fc0994a8dd8c46eb2100000001n;

const Fq = Field(PALLAS_BASE_MODULUS);
const Fr = Field(PALLAS_SCALAR_ORDER);

/**
 * The Pallas point type. The generator is (-1, 2), the one the Pasta curves publish; Orchard itself
 * never multiplies by it (its bases come from hashing to the curve), only the development chain's
 * stand-in ephemeral keys do (see orchard-recovery.ts).
 */
export const PALLAS_CURVE = {
  p: PALLAS_BASE_MODULUS,
  n: PALLAS_SCALAR_ORDER,
  h: 1n,
  a: 0n,
  b: 5n,
  Gx: PALLAS_BASE_MODULUS - 1n,
  Gy: 2n,
} as const;

/**
 * The GLV endomorphism of Pallas (a curve with a = 0): (x, y) -> (β x, y) is [λ] for β a cube root
 * of unity mod q_P and λ one mod r_P. Splitting a scalar k = k1 + k2 λ with |k1|, |k2| < 2^128
 * halves the doublings of a multiplication. The basis vectors (a, b) satisfy a + b λ ≡ 0 (mod r_P)
 * (extended Euclid on r_P and λ); pallas.test.ts checks them and compares with plain multiplication.
 */
const PALLAS_ENDOMORPHISM = {
  beta: 0x12ccca834acdba712caad5dc57aab1b01d1f8bd237ad31491dad5ebdfdfe4ab9n,
  basises: [
    [0x49e69d1640f049157fcae1c700000001n, -0x49e69d1640a899538cb1279300000000n],
    [0x49e69d1640a899538cb1279300000000n, 0x93cd3a2c8198e2690c7c095a00000001n],
  ] as [[bigint, bigint], [bigint, bigint]],
};
/** λ: [λ] (x, y) = (β x, y) on Pallas. */
export const PALLAS_ENDOMORPHISM_LAMBDA = 0x06819a58283e528e511db4d81cf70f5a0fed467d47c033af2aa9d2e050aa0e4fn;
/** The basis the GLV split uses, for the tests. */
export const PALLAS_ENDOMORPHISM_BASIS = PALLAS_ENDOMORPHISM.basises;

export const Pallas = weierstrass(PALLAS_CURVE, {
  Fp: Fq,
  Fn: Fr,
  allowInfinityPoint: true,
  endo: PALLAS_ENDOMORPHISM,
});

/** A point of Pallas as @noble/curves represents it. */
export type PallasPoint = WeierstrassPoint<bigint>;

const TWO_255 = 1n << 255n;

/** LEOS2IP: the integer of little-endian bytes. */
export function leBytesToBigInt(bytes: Uint8Array): bigint {
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i]!);
  return n;
}

/** I2LEOSP: `n` as `length` little-endian bytes (`n` must fit). */
export function bigIntToLeBytes(n: bigint, length: number): Uint8Array {
  if (n < 0n || n >> BigInt(8 * length) !== 0n) throw new RangeError(`integer does not fit ${length} bytes`);
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    out[i] = Number(n & 0xffn);
    n >>= 8n;
  }
  return out;
}

/** x^3 + 5: y^2 for a point of Pallas with x-coordinate x. */
const curveY2 = (x: bigint): bigint => Fq.add(Fq.mul(Fq.sqr(x), x), 5n);

/** y with y^2 = x^3 + 5, or null when x^3 + 5 is not a square in F_q. */
function curveY(x: bigint): bigint | null {
  const y2 = curveY2(x);
  try {
    const y = Fq.sqrt(y2);
    return Fq.eql(Fq.sqr(y), y2) ? y : null;
  } catch {
    return null; // noble throws for a non-square
  }
}

/** repr_P: the 32-byte encoding of a Pallas point (the zero point as 32 zero bytes). */
export function encodePallasPoint(point: PallasPoint): Uint8Array {
  if (point.is0()) return new Uint8Array(32);
  const { x, y } = point.toAffine();
  return bigIntToLeBytes(x + (y & 1n ? TWO_255 : 0n), 32);
}

/**
 * abst_P: the point a 32-byte encoding stands for, or null (⊥) when the x-coordinate is not below
 * q_P or is not on the curve. 32 zero bytes give the zero point. Wrong lengths throw a RangeError.
 */
export function decodePallasPoint(bytes: Uint8Array): PallasPoint | null {
  if (!(bytes instanceof Uint8Array) || bytes.length !== 32) {
    throw new RangeError('a Pallas point encoding must be 32 bytes');
  }
  const all = leBytesToBigInt(bytes);
  const yTilde = all >> 255n;
  const x = all & (TWO_255 - 1n);
  if (x >= PALLAS_BASE_MODULUS) return null;
  if (x === 0n && yTilde === 0n) return Pallas.ZERO;
  const y = curveY(x);
  if (y === null) return null;
  const point = Pallas.fromAffine({ x, y: (y & 1n) === yTilde ? y : Fq.neg(y) });
  point.assertValidity();
  return point;
}

/**
 * Whether `x` is in P_x: 0, or the x-coordinate of a point of Pallas (x < q_P, x^3 + 5 a square).
 * Only whether a square root exists matters here, so the Legendre symbol answers (one
 * exponentiation, where finding the root by Tonelli-Shanks takes several).
 */
export function isPallasXCoordinate(x: bigint): boolean {
  if (x < 0n || x >= PALLAS_BASE_MODULUS) return false;
  return x === 0n || FpIsSquare(Fq, curveY2(x));
}

/** ToScalar^Orchard: a 64-byte PRF^expand output, little-endian, reduced modulo r_P (4.2.3). */
export function toScalarOrchard(bytes64: Uint8Array): bigint {
  if (bytes64.length !== 64) throw new RangeError('ToScalar^Orchard takes 64 bytes');
  return leBytesToBigInt(bytes64) % PALLAS_SCALAR_ORDER;
}

/**
 * [k] P for 0 <= k < r_P (the zero point for k = 0 or the zero point P). Constant-time by default;
 * `variableTime` is about twice as fast and is for scalars that are no long-term secret, such as
 * the esk a viewing key has just recovered from a transaction.
 */
export function pallasMultiply(point: PallasPoint, k: bigint, variableTime = false): PallasPoint {
  if (k < 0n || k >= PALLAS_SCALAR_ORDER) throw new RangeError('scalar out of range');
  if (k === 0n || point.is0()) return Pallas.ZERO;
  return variableTime ? point.multiplyUnsafe(k) : point.multiply(k);
}
