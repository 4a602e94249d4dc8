/**
 * Equihash, Zcash's proof of work (protocol specification §7.7.1 "Equihash", with EquihashGen as
 * §5.4.1 instantiates it), checked the way zcashd's IsValidSolution checks it: a solution is 2^k
 * indices into a list of n-bit BLAKE2b hashes of the header, arranged as a binary tree whose
 * subtrees collide on successive n/(k+1)-bit chunks and whose leaves XOR to zero.
 *
 * Also a small Wagner solver, for regtest's (48, 5), so tests and development chains can make
 * headers that verify. It is not meant for (200, 9), whose list has 2^21 rows.
 */
import { blake2b } from '@noble/hashes/blake2.js';
import { ChainFormatError } from './bytes.js';

/** The networks whose proof-of-work parameters zcashd defines. */
export type PowNetwork = 'mainnet' | 'testnet' | 'regtest';

/** What verifyEquihash concludes: ok, or the first rule the solution breaks. */
export type EquihashVerdict = { ok: true } | { ok: false; reason: string };

/** The bytes EquihashGen hashes: the header up to nNonce, everything before the solution's compactSize. */
export const EQUIHASH_INPUT_BYTES = 140;

/** (n, k) as zcashd's chain parameters set them: (200, 9) on mainnet and testnet, (48, 5) on regtest. */
export function equihashParameters(network: PowNetwork): { n: number; k: number } {
  if (network === 'mainnet' || network === 'testnet') return { n: 200, k: 9 };
  if (network === 'regtest') return { n: 48, k: 5 };
  throw new RangeError(`unknown network ${String(network)}`);
}

/** The sizes one (n, k) implies. */
interface Shape {
  n: number;
  k: number;
  /** Collision bit length n/(k+1): each level of the tree cancels this many more bits. */
  c: number;
  /** Bits per encoded index, c + 1 (the list has 2^(c+1) rows). */
  indexBits: number;
  indexCount: number;
  solutionBytes: number;
  /** floor(512/n): one BLAKE2b output holds this many n-bit hashes. */
  indicesPerHash: number;
  hashBytes: number;
}

/** The shape of (n, k), or why this code does not handle it. */
function shapeOf(n: number, k: number): Shape | string {
  const label = `Equihash (${String(n)}, ${String(k)})`;
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(k)) return `${label} needs integer parameters`;
  // n % 8: hashes are sliced from the BLAKE2b output by whole bytes; n <= 512: one fits an output.
  if (n < 8 || n > 512 || n % 8 !== 0) return `${label}: n must be a multiple of 8 from 8 to 512`;
  if (k < 1 || k > 20 || n % (k + 1) !== 0) return `${label}: k must be 1 to 20 with k + 1 dividing n`;
  const c = n / (k + 1);
  const indexCount = 2 ** k;
  // Indices are read into plain numbers, and the minimal encoding must end on a byte boundary.
  if (c + 1 > 32 || (indexCount * (c + 1)) % 8 !== 0) return `${label} has no byte-aligned encoding`;
  return {
    n,
    k,
    c,
    indexBits: c + 1,
    indexCount,
    solutionBytes: (indexCount * (c + 1)) / 8,
    indicesPerHash: Math.floor(512 / n),
    hashBytes: n / 8,
  };
}

function shapeOrThrow(n: number, k: number): Shape {
  const shape = shapeOf(n, k);
  if (typeof shape === 'string') throw new RangeError(shape);
  return shape;
}

/** Bit `at` of `bytes`, bits numbered from the most significant bit of byte 0 (the spec's order). */
function bit(bytes: Uint8Array, at: number): number {
  return (bytes[at >>> 3]! >>> (7 - (at & 7))) & 1;
}

/** `count` bits of `bytes` from bit `from`, big-endian, as a number (count <= 32). */
function bitsAt(bytes: Uint8Array, from: number, count: number): number {
  let value = 0;
  for (let i = 0; i < count; i++) value = value * 2 + bit(bytes, from + i);
  return value;
}

function bitsZero(bytes: Uint8Array, from: number, to: number): boolean {
  for (let at = from; at < to; at++) if (bit(bytes, at) !== 0) return false;
  return true;
}

function xor(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! ^ b[i]!;
  return out;
}

/**
 * The indices a minimal solution encodes: 2^k values of c + 1 bits each, packed big-endian (the
 * spec's I2BEBSP), in tree order. A solution of the wrong length throws `ChainFormatError`.
 */
export function solutionIndices(solution: Uint8Array, n: number, k: number): number[] {
  const shape = shapeOrThrow(n, k);
  if (!(solution instanceof Uint8Array)) throw new ChainFormatError('the solution must be bytes');
  if (solution.length !== shape.solutionBytes) {
    throw new ChainFormatError(
      `the solution is ${solution.length} bytes; Equihash (${n}, ${k}) solutions are ${shape.solutionBytes}`,
    );
  }
  const indices: number[] = [];
  for (let i = 0; i < shape.indexCount; i++)
    indices.push(bitsAt(solution, i * shape.indexBits, shape.indexBits));
  return indices;
}

/** The minimal encoding of 2^k indices, each below 2^(n/(k+1)+1); anything else throws RangeError. */
export function encodeSolution(indices: readonly number[], n: number, k: number): Uint8Array {
  const shape = shapeOrThrow(n, k);
  if (!Array.isArray(indices) || indices.length !== shape.indexCount) {
    throw new RangeError(`Equihash (${n}, ${k}) solutions hold ${shape.indexCount} indices`);
  }
  const out = new Uint8Array(shape.solutionBytes);
  let at = 0;
  for (const index of indices) {
    if (!Number.isInteger(index) || index < 0 || index >= 2 ** shape.indexBits) {
      throw new RangeError(`index ${String(index)} is not below 2^${shape.indexBits}`);
    }
    for (let b = shape.indexBits - 1; b >= 0; b--, at++) {
      if (Math.floor(index / 2 ** b) % 2 === 1) out[at >>> 3]! |= 0x80 >>> (at & 7);
    }
  }
  return out;
}

/**
 * BLAKE2b personalized "ZcashPoW" || le32(n) || le32(k), with output floor(512/n) * n/8 bytes,
 * after absorbing the 140-byte input: cloned per hash so each costs one compression.
 */
function baseState(input: Uint8Array, shape: Shape) {
  const personalization = new Uint8Array(16);
  personalization.set(new TextEncoder().encode('ZcashPoW'));
  const view = new DataView(personalization.buffer);
  view.setUint32(8, shape.n, true);
  view.setUint32(12, shape.k, true);
  return blake2b.create({ dkLen: shape.indicesPerHash * shape.hashBytes, personalization }).update(input);
}

type HashState = ReturnType<typeof baseState>;

/** BLAKE2b output number `g`: the base state over le32(g). */
function hashOutput(base: HashState, g: number): Uint8Array {
  const le = new Uint8Array(4);
  new DataView(le.buffer).setUint32(0, g, true);
  return base.clone().update(le).digest();
}

/** Index i's n-bit hash: slice i mod indicesPerHash of output floor(i / indicesPerHash). */
function indexHash(base: HashState, shape: Shape, index: number): Uint8Array {
  const output = hashOutput(base, Math.floor(index / shape.indicesPerHash));
  const at = (index % shape.indicesPerHash) * shape.hashBytes;
  return output.subarray(at, at + shape.hashBytes);
}

function fail(reason: string): EquihashVerdict {
  return { ok: false, reason };
}

/**
 * Whether `solution` is a valid Equihash (n, k) solution for `input` (the header's first 140
 * bytes). Never throws: anything wrong, parameters included, is `ok: false` with the reason.
 */
export function verifyEquihash(
  input: Uint8Array,
  solution: Uint8Array,
  n: number,
  k: number,
): EquihashVerdict {
  const shape = shapeOf(n, k);
  if (typeof shape === 'string') return fail(shape);
  if (!(input instanceof Uint8Array) || !(solution instanceof Uint8Array)) {
    return fail('the input and the solution must be bytes');
  }
  if (input.length !== EQUIHASH_INPUT_BYTES) {
    return fail(
      `the input is ${input.length} bytes; Equihash hashes the header's first ${EQUIHASH_INPUT_BYTES}`,
    );
  }
  if (solution.length !== shape.solutionBytes) {
    return fail(
      `the solution is ${solution.length} bytes; Equihash (${n}, ${k}) solutions are ${shape.solutionBytes}`,
    );
  }
  const indices = solutionIndices(solution, n, k);
  const base = baseState(input, shape);
  // level[w] is the XOR of subtree w's leaf hashes; at level r subtree w spans indices [w * 2^r, (w+1) * 2^r).
  let level = indices.map((index) => indexHash(base, shape, index));
  for (let r = 1; r <= k; r++) {
    const half = 2 ** (r - 1);
    const next: Uint8Array[] = [];
    for (let w = 0; w < level.length; w += 2) {
      const merged = xor(level[w]!, level[w + 1]!);
      const start = (w / 2) * 2 * half;
      const left = indices[start]!;
      const right = indices[start + half]!;
      // Lower bits already cancelled; this merge must cancel the next c.
      const from = (r - 1) * shape.c;
      if (!bitsZero(merged, from, r * shape.c)) {
        const what = r === 1 ? 'indices' : 'the subtrees led by indices';
        return fail(`${what} ${left} and ${right} do not collide on bits ${from} to ${r * shape.c - 1}`);
      }
      // Canonical order makes each solution's encoding unique (no reordered copies of one solution).
      if (right < left) {
        return fail(
          `the index tree is not in canonical order: index ${right} leads a right subtree but is below ${left}, which leads its left one`,
        );
      }
      // The same index on both sides would cancel itself: a solution is 2^k distinct indices.
      const seen = new Set(indices.slice(start, start + half));
      const twice = indices.slice(start + half, start + 2 * half).find((index) => seen.has(index));
      if (twice !== undefined) return fail(`an index appears twice: ${twice}`);
      next.push(merged);
    }
    level = next;
  }
  if (!bitsZero(level[0]!, k * shape.c, n)) return fail('the hashes do not XOR to zero');
  return { ok: true };
}

/** A row of Wagner's algorithm: the XOR of its leaves' hashes and its leaves in canonical order. */
interface Row {
  hash: Uint8Array;
  indices: number[];
}

/**
 * Every solution Wagner's algorithm finds for `input` (140 bytes), each in canonical order and
 * encoded. Meant for small parameters such as regtest's (48, 5): 512 rows, under 1 solution per
 * input on average and none for about half of them, so a miner tries nonces until one gives a
 * solution. Parameters with more than 2^16 rows throw RangeError.
 */
export function solveEquihash(input: Uint8Array, n: number, k: number): Uint8Array[] {
  const shape = shapeOrThrow(n, k);
  if (shape.indexBits > 16) {
    throw new RangeError(`Equihash (${n}, ${k}) needs 2^${shape.indexBits} rows: too many for this solver`);
  }
  if (!(input instanceof Uint8Array) || input.length !== EQUIHASH_INPUT_BYTES) {
    throw new ChainFormatError(`the Equihash input must be the header's first ${EQUIHASH_INPUT_BYTES} bytes`);
  }
  const base = baseState(input, shape);
  const rowCount = 2 ** shape.indexBits;
  let rows: Row[] = [];
  for (let g = 0; rows.length < rowCount; g++) {
    const output = hashOutput(base, g);
    for (let j = 0; j < shape.indicesPerHash && rows.length < rowCount; j++) {
      const hash = output.slice(j * shape.hashBytes, (j + 1) * shape.hashBytes);
      rows.push({ hash, indices: [g * shape.indicesPerHash + j] });
    }
  }
  const solutions: Uint8Array[] = [];
  for (let r = 1; r <= k; r++) {
    // Rows that agree on this round's c bits pair up; their XOR cancels those bits.
    const buckets = new Map<number, Row[]>();
    for (const row of rows) {
      const key = bitsAt(row.hash, (r - 1) * shape.c, shape.c);
      const bucket = buckets.get(key);
      if (bucket === undefined) buckets.set(key, [row]);
      else bucket.push(row);
    }
    const next: Row[] = [];
    for (const bucket of buckets.values()) {
      for (let a = 0; a < bucket.length; a++) {
        for (let b = a + 1; b < bucket.length; b++) {
          const [left, right] =
            bucket[a]!.indices[0]! < bucket[b]!.indices[0]!
              ? [bucket[a]!, bucket[b]!]
              : [bucket[b]!, bucket[a]!];
          const seen = new Set(left.indices);
          if (right.indices.some((index) => seen.has(index))) continue;
          const row = { hash: xor(left.hash, right.hash), indices: [...left.indices, ...right.indices] };
          if (r < k) next.push(row);
          else if (bitsZero(row.hash, k * shape.c, n)) solutions.push(encodeSolution(row.indices, n, k));
        }
      }
    }
    rows = next;
  }
  return solutions;
}
