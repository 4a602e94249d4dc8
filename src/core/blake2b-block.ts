/**
 * BLAKE2b (RFC 7693) for messages of at most one block (128 bytes), unkeyed, with a 16-byte
 * personalization. The Merkle tree hashes 64-byte nodes and 41-byte root commitments millions of
 * times; a general-purpose hasher spends most of each such call setting itself up, so this one
 * keeps its state in preallocated arrays and runs exactly one compression.
 *
 * 64-bit words are pairs of 32-bit halves: word i is (lo, hi) at [2i, 2i + 1]. Where WebAssembly
 * runs, the compression itself runs there (blake2b-wasm.ts); the JavaScript one stays for the rest.
 */

import { wasmBlockCompressor } from './blake2b-wasm.js';

// RFC 7693 section 2.6: the initialisation vector (the SHA-512 IV), as (lo, hi) halves.
const IV = new Uint32Array([
  0xf3bcc908, 0x6a09e667, 0x84caa73b, 0xbb67ae85, 0xfe94f82b, 0x3c6ef372, 0x5f1d36f1, 0xa54ff53a, 0xade682d1,
  0x510e527f, 0x2b3e6c1f, 0x9b05688c, 0xfb41bd6b, 0x1f83d9ab, 0x137e2179, 0x5be0cd19,
]);

// RFC 7693 section 2.7: message word schedule; rounds 10 and 11 repeat rows 0 and 1.
const SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];
// Flattened and doubled (indices of the lo halves), for all 12 rounds.
const SCHEDULE = new Uint8Array(12 * 16);
for (let round = 0; round < 12; round++) {
  for (let i = 0; i < 16; i++) SCHEDULE[round * 16 + i] = 2 * SIGMA[round % 10]![i]!;
}

const v = new Uint32Array(32);
const m = new Uint32Array(32);
const block = new Uint8Array(128);
const blockWords = new DataView(block.buffer);
// Message words are little-endian; on a little-endian platform (all common ones) the block's bytes
// already are the words.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const blockU32 = new Uint32Array(block.buffer);
const EMPTY = new Uint8Array(0);

const TWO_32 = 0x100000000;

/**
 * The mixing function G (RFC 7693 section 3.1) on words a, b, c, d with message words x, y. The
 * words are read into locals once and written back once; every value is kept unsigned so that
 * carries can be taken from plain additions.
 */
function mix(a: number, b: number, c: number, d: number, x: number, y: number): void {
  let alo = v[a]!;
  let ahi = v[a + 1]!;
  let blo = v[b]!;
  let bhi = v[b + 1]!;
  let clo = v[c]!;
  let chi = v[c + 1]!;
  let dlo = v[d]!;
  let dhi = v[d + 1]!;
  let sum: number;
  let tlo: number;
  let thi: number;
  // a = a + b + m[x]
  sum = alo + blo + m[x]!;
  ahi = (ahi + bhi + m[x + 1]! + ((sum / TWO_32) | 0)) >>> 0;
  alo = sum >>> 0;
  // d = (d ^ a) >>> 32
  tlo = (dlo ^ alo) >>> 0;
  dlo = (dhi ^ ahi) >>> 0;
  dhi = tlo;
  // c = c + d
  sum = clo + dlo;
  chi = (chi + dhi + ((sum / TWO_32) | 0)) >>> 0;
  clo = sum >>> 0;
  // b = (b ^ c) >>> 24
  tlo = blo ^ clo;
  thi = bhi ^ chi;
  blo = ((tlo >>> 24) | (thi << 8)) >>> 0;
  bhi = ((thi >>> 24) | (tlo << 8)) >>> 0;
  // a = a + b + m[y]
  sum = alo + blo + m[y]!;
  ahi = (ahi + bhi + m[y + 1]! + ((sum / TWO_32) | 0)) >>> 0;
  alo = sum >>> 0;
  // d = (d ^ a) >>> 16
  tlo = dlo ^ alo;
  thi = dhi ^ ahi;
  dlo = ((tlo >>> 16) | (thi << 16)) >>> 0;
  dhi = ((thi >>> 16) | (tlo << 16)) >>> 0;
  // c = c + d
  sum = clo + dlo;
  chi = (chi + dhi + ((sum / TWO_32) | 0)) >>> 0;
  clo = sum >>> 0;
  // b = (b ^ c) >>> 63, i.e. rotate left by 1
  tlo = blo ^ clo;
  thi = bhi ^ chi;
  blo = ((tlo << 1) | (thi >>> 31)) >>> 0;
  bhi = ((thi << 1) | (tlo >>> 31)) >>> 0;
  v[a] = alo;
  v[a + 1] = ahi;
  v[b] = blo;
  v[b + 1] = bhi;
  v[c] = clo;
  v[c + 1] = chi;
  v[d] = dlo;
  v[d + 1] = dhi;
}

/**
 * The state after the parameter block of an unkeyed BLAKE2b with a 32-byte digest and the given
 * 16-byte personalization (RFC 7693 section 2.5; BLAKE2 spec section 2.8).
 */
export function blake2bInitialState(personalization: Uint8Array): Uint32Array {
  if (personalization.length !== 16) throw new RangeError('personalization must be 16 bytes');
  const h = IV.slice();
  h[0] = h[0]! ^ 0x01010020; // digest length 32, key length 0, fanout 1, depth 1
  const p = new DataView(personalization.buffer, personalization.byteOffset, 16);
  // Bytes 48..63 of the parameter block: words 6 and 7.
  h[12] = h[12]! ^ p.getUint32(0, true);
  h[13] = h[13]! ^ p.getUint32(4, true);
  h[14] = h[14]! ^ p.getUint32(8, true);
  h[15] = h[15]! ^ p.getUint32(12, true);
  return h;
}

/** The WebAssembly compression (blake2b-wasm.ts), or null where it cannot run. */
const wasmCompressor = wasmBlockCompressor(IV, SIGMA);

/** Both parts' length, refused above one block. */
function blockLength(input: Uint8Array, suffix: Uint8Array): number {
  const length = input.length + suffix.length;
  if (length > 128) throw new RangeError('input must be at most 128 bytes');
  return length;
}

/**
 * BLAKE2b-256 of `input` followed by `suffix` (together at most 128 bytes), starting from
 * `initialState` (see `blake2bInitialState`). Returns a new 32-byte array. The two parts let a
 * Merkle node hash `left || right` without first copying them into one array.
 */
export function blake2b256Block(
  initialState: Uint32Array,
  input: Uint8Array,
  suffix: Uint8Array = EMPTY,
): Uint8Array {
  return (wasmCompressor ?? portableBlock)(initialState, input, suffix, blockLength(input, suffix));
}

/** `blake2b256Block` in JavaScript only (where WebAssembly cannot run; tests compare the two). */
export function blake2b256BlockPortable(
  initialState: Uint32Array,
  input: Uint8Array,
  suffix: Uint8Array = EMPTY,
): Uint8Array {
  return portableBlock(initialState, input, suffix, blockLength(input, suffix));
}

/** Whether `blake2b256Block` runs in WebAssembly here. */
export const BLAKE2B_BLOCK_IN_WASM = wasmCompressor !== null;

function portableBlock(
  initialState: Uint32Array,
  input: Uint8Array,
  suffix: Uint8Array,
  length: number,
): Uint8Array {
  block.fill(0);
  block.set(input);
  block.set(suffix, input.length);
  if (LITTLE_ENDIAN) m.set(blockU32);
  else for (let i = 0; i < 32; i++) m[i] = blockWords.getUint32(4 * i, true);
  v.set(initialState, 0);
  v.set(IV, 16);
  v[24] = v[24]! ^ length; // t, the byte count (low word)
  v[28] = ~v[28]!; // final block flag: invert word 14
  v[29] = ~v[29]!;
  for (let r = 0; r < 12 * 16; r += 16) {
    mix(0, 8, 16, 24, SCHEDULE[r]!, SCHEDULE[r + 1]!);
    mix(2, 10, 18, 26, SCHEDULE[r + 2]!, SCHEDULE[r + 3]!);
    mix(4, 12, 20, 28, SCHEDULE[r + 4]!, SCHEDULE[r + 5]!);
    mix(6, 14, 22, 30, SCHEDULE[r + 6]!, SCHEDULE[r + 7]!);
    mix(0, 10, 20, 30, SCHEDULE[r + 8]!, SCHEDULE[r + 9]!);
    mix(2, 12, 22, 24, SCHEDULE[r + 10]!, SCHEDULE[r + 11]!);
    mix(4, 14, 16, 26, SCHEDULE[r + 12]!, SCHEDULE[r + 13]!);
    mix(6, 8, 18, 28, SCHEDULE[r + 14]!, SCHEDULE[r + 15]!);
  }
  if (LITTLE_ENDIAN) {
    const words = new Uint32Array(8);
    for (let i = 0; i < 8; i++) words[i] = initialState[i]! ^ v[i]! ^ v[i + 16]!;
    return new Uint8Array(words.buffer);
  }
  const out = new Uint8Array(32);
  const outWords = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outWords.setUint32(4 * i, initialState[i]! ^ v[i]! ^ v[i + 16]!, true);
  return out;
}
