/**
 * BLAKE2b's single-block hash (blake2b-block.ts) as a small WebAssembly function, assembled here
 * from its opcodes when the module loads. In JavaScript a 64-bit word is two 32-bit halves and
 * every addition carries by hand; WebAssembly has 64-bit integers, so one compression costs a
 * fraction as much. The tree, the service's proofs and the browser's verifier all hash through it.
 *
 * Memory (one page): the initial state at STATE_AT (8 words), the zero-padded block at BLOCK_AT
 * (16 words), the digest at OUT_AT (4 words), the message schedule at SIGMA_AT (12 rounds × 16
 * byte indices). `compress(length)` runs the one, final compression of a `length`-byte message.
 */

const STATE_AT = 0;
const BLOCK_AT = 64;
const OUT_AT = 192;
const SIGMA_AT = 256;
const ROUNDS = 12;

/** Hashes `input || suffix` (`length` bytes, at most 128) from `initialState`; a new 32-byte array. */
export type BlockCompressor = (
  initialState: Uint32Array,
  input: Uint8Array,
  suffix: Uint8Array,
  length: number,
) => Uint8Array;

// Opcodes and types of the WebAssembly binary format (core specification, section 5).
const I32 = 0x7f;
const I64 = 0x7e;
const LOCAL_GET = 0x20;
const LOCAL_SET = 0x21;
const LOCAL_TEE = 0x22;
const I32_CONST = 0x41;
const I64_CONST = 0x42;
const I64_LOAD = 0x29;
const I64_STORE = 0x37;
const I32_LOAD8_U = 0x2d;
const I32_ADD = 0x6a;
const I32_SHL = 0x74;
const I32_LT_U = 0x49;
const I64_ADD = 0x7c;
const I64_XOR = 0x85;
const I64_ROTR = 0x8a;
const I64_EXTEND_I32_U = 0xad;
const LOOP = 0x03;
const BR_IF = 0x0d;
const END = 0x0b;
const EMPTY_BLOCK_TYPE = 0x40;

function unsignedLeb(value: number): number[] {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    out.push(byte);
  } while (value !== 0);
  return out;
}

/** Signed LEB128 of a 64-bit word given as its unsigned value. */
function signedLeb64(word: bigint): number[] {
  let value = BigInt.asIntN(64, word);
  const out: number[] = [];
  for (;;) {
    const byte = Number(value & 0x7fn);
    value >>= 7n;
    const done = (value === 0n && (byte & 0x40) === 0) || (value === -1n && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

const section = (id: number, content: number[]): number[] => [id, ...unsignedLeb(content.length), ...content];
const name = (text: string): number[] => [text.length, ...Array.from(text, (c) => c.charCodeAt(0))];

/** The module's bytes; `iv` is the IV as (lo, hi) 32-bit halves. */
function moduleBytes(iv: Uint32Array): Uint8Array {
  // Locals: 0 is the parameter `length`; 1–16 are the working words v0–v15; 17 walks the schedule.
  const V = (i: number) => 1 + i;
  const S = 17;
  const code: number[] = [];
  const get = (local: number) => code.push(LOCAL_GET, local);
  const set = (local: number) => code.push(LOCAL_SET, local);
  const i64Const = (word: bigint) => code.push(I64_CONST, ...signedLeb64(word));
  const load64 = (offset: number) => code.push(I64_LOAD, 3, ...unsignedLeb(offset));
  /** Pushes message word sigma[round][k]: the schedule gives its index in the block. */
  const messageWord = (k: number) => {
    get(S);
    code.push(I32_LOAD8_U, 0, ...unsignedLeb(k), I32_CONST, 3, I32_SHL);
    load64(BLOCK_AT);
  };
  /** target = rotr(target ^ with, bits) */
  const xorRotate = (target: number, withWord: number, bits: number) => {
    get(target);
    get(withWord);
    code.push(I64_XOR);
    i64Const(BigInt(bits));
    code.push(I64_ROTR);
    set(target);
  };
  /** The mixing function G (RFC 7693 section 3.1) on v[a], v[b], v[c], v[d] and message words x, y. */
  const mix = (a: number, b: number, c: number, d: number, x: number, y: number) => {
    for (const [k, r1, r2] of [
      [x, 32, 24],
      [y, 16, 63],
    ] as const) {
      get(V(a));
      get(V(b));
      code.push(I64_ADD);
      messageWord(k);
      code.push(I64_ADD);
      set(V(a));
      xorRotate(V(d), V(a), r1);
      get(V(c));
      get(V(d));
      code.push(I64_ADD);
      set(V(c));
      xorRotate(V(b), V(c), r2);
    }
  };
  const ivWord = (i: number) => (BigInt(iv[2 * i + 1]!) << 32n) | BigInt(iv[2 * i]!);

  for (let i = 0; i < 8; i++) {
    code.push(I32_CONST, 0);
    load64(STATE_AT + 8 * i);
    set(V(i));
    i64Const(ivWord(i));
    set(V(8 + i));
  }
  // v12 ^= t (the byte count; its high word stays 0); v14 = ~v14 (the final block).
  get(V(12));
  get(0);
  code.push(I64_EXTEND_I32_U, I64_XOR);
  set(V(12));
  get(V(14));
  i64Const(-1n);
  code.push(I64_XOR);
  set(V(14));
  code.push(I32_CONST, ...unsignedLeb(SIGMA_AT));
  set(S);
  code.push(LOOP, EMPTY_BLOCK_TYPE);
  mix(0, 4, 8, 12, 0, 1);
  mix(1, 5, 9, 13, 2, 3);
  mix(2, 6, 10, 14, 4, 5);
  mix(3, 7, 11, 15, 6, 7);
  mix(0, 5, 10, 15, 8, 9);
  mix(1, 6, 11, 12, 10, 11);
  mix(2, 7, 8, 13, 12, 13);
  mix(3, 4, 9, 14, 14, 15);
  get(S);
  code.push(I32_CONST, 16, I32_ADD, LOCAL_TEE, S);
  code.push(I32_CONST, ...unsignedLeb(SIGMA_AT + ROUNDS * 16), I32_LT_U, BR_IF, 0, END);
  // The digest: the first four words of h ^ v[0..7] ^ v[8..15].
  for (let i = 0; i < 4; i++) {
    code.push(I32_CONST, 0); // the store's address (its offset carries OUT_AT)
    code.push(I32_CONST, 0);
    load64(STATE_AT + 8 * i);
    get(V(i));
    code.push(I64_XOR);
    get(V(8 + i));
    code.push(I64_XOR, I64_STORE, 3, ...unsignedLeb(OUT_AT + 8 * i));
  }
  code.push(END);

  const body = [2, 16, I64, 1, I32, ...code];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [1, 0x60, 1, I32, 0]), // type 0: (i32) -> ()
    ...section(3, [1, 0]), // function 0 has type 0
    ...section(5, [1, 0x00, 1]), // one memory of one page
    ...section(7, [2, ...name('memory'), 0x02, 0, ...name('compress'), 0x00, 0]),
    ...section(10, [1, ...unsignedLeb(body.length), ...body]),
  ]);
}

/** The part of WebAssembly's JavaScript API used here (the server's type library does not declare it). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: Record<string, unknown> };
}

/**
 * The WebAssembly compressor, or null where WebAssembly cannot run (or the platform is big-endian,
 * where the state's 32-bit halves would not lie as WebAssembly's little-endian words).
 */
export function wasmBlockCompressor(
  iv: Uint32Array,
  sigma: readonly (readonly number[])[],
): BlockCompressor | null {
  const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (!api || !littleEndian) return null;
  let exports: Record<string, unknown>;
  try {
    exports = new api.Instance(new api.Module(moduleBytes(iv))).exports;
  } catch {
    // A page whose policy forbids compiling WebAssembly keeps the JavaScript compression.
    return null;
  }
  const memory = exports.memory as { buffer: ArrayBuffer };
  const compress = exports.compress as (length: number) => void;
  const bytes = new Uint8Array(memory.buffer);
  const words = new Uint32Array(memory.buffer);
  for (let round = 0; round < ROUNDS; round++) bytes.set(sigma[round % sigma.length]!, SIGMA_AT + 16 * round);
  return (initialState, input, suffix, length) => {
    words.set(initialState, STATE_AT / 4);
    bytes.set(input, BLOCK_AT);
    bytes.set(suffix, BLOCK_AT + input.length);
    bytes.fill(0, BLOCK_AT + length, BLOCK_AT + 128);
    compress(length);
    return bytes.slice(OUT_AT, OUT_AT + 32);
  };
}
