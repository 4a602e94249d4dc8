/**
 * Bounds-checked reading and writing of Zcash's wire encodings (little-endian integers, Bitcoin's
 * compactSize, fixed-length byte strings). Chain bytes come from nodes, explorers and receipts the
 * project does not control, so every read checks what is left first and every refusal is a
 * `ChainFormatError` naming the field and the offset: never a read past the end, never another kind
 * of exception escaping from a parser.
 */
import { parseHex, toHex } from '../protocol/hex.js';

/** Bytes that do not encode what they claim to (a transaction, a block header, a branch). */
export class ChainFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChainFormatError';
  }
}

/**
 * The largest compactSize a node accepts (zcashd's MAX_SIZE, 0x02000000). Larger counts are refused
 * before anything is allocated for them.
 */
export const MAX_COMPACT_SIZE = 0x0200_0000;

/**
 * Uint8Array.fromHex where the runtime has it (ES2026; current browsers, not yet Node 20): it takes
 * exactly what parseHex takes (an even number of digits 0-9, a-f, A-F) and decodes a transaction's
 * thousands of bytes natively, where parseHex's loop runs in the interpreter on a cold page.
 */
const nativeFromHex: ((hex: string) => Uint8Array) | undefined = (() => {
  const fromHex: unknown = Reflect.get(Uint8Array, 'fromHex');
  return typeof fromHex === 'function'
    ? (hex: string) => Reflect.apply(fromHex, Uint8Array, [hex]) as Uint8Array
    : undefined;
})();

/**
 * Bytes of `input`: a Uint8Array as given, or a hex string (either case). Bad hex is a
 * `ChainFormatError` naming `what`, so callers handing over text from elsewhere see one error kind.
 */
export function chainBytes(input: string | Uint8Array, what: string): Uint8Array {
  if (input instanceof Uint8Array) return input;
  if (typeof input !== 'string') throw new ChainFormatError(`${what} must be a hex string or bytes`);
  if (nativeFromHex !== undefined) {
    try {
      return nativeFromHex(input);
    } catch {
      // not hex: parseHex below says what is wrong
    }
  }
  try {
    return parseHex(input, { name: what });
  } catch (error) {
    throw new ChainFormatError((error as Error).message);
  }
}

/**
 * `run()`, with any other error it throws (a TypeError from an object that only looks like a parsed
 * transaction or header) turned into a `ChainFormatError` about `what`: callers see one error kind.
 */
export function asChainFormat<T>(run: () => T, what: string): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof ChainFormatError) throw error;
    throw new ChainFormatError(
      `${what} is malformed: ${error instanceof Error ? error.message : 'unreadable'}`,
    );
  }
}

/** Lowercase hex of `bytes` reversed: how RPCs and explorers show a txid or block hash (uint256 order). */
export function toDisplayHex(bytes: Uint8Array): string {
  return toHex(bytes.slice().reverse());
}

/** The 32 natural-order bytes of a hash written in display (byte-reversed) order, as RPCs list txids. */
export function fromDisplayHex(hex: string, what = 'hash'): Uint8Array {
  if (typeof hex !== 'string' || !/^[0-9a-fA-F]{64}$/.test(hex)) {
    throw new ChainFormatError(`${what} must be 64 hex characters`);
  }
  return chainBytes(hex, what).reverse();
}

/** A cursor over `bytes` whose every read checks the remaining length first. */
export class ByteReader {
  private offset = 0;

  constructor(
    private readonly data: Uint8Array,
    /** What the bytes are, for error messages ("transaction", "block header"). */
    private readonly context: string,
  ) {}

  get position(): number {
    return this.offset;
  }

  get remaining(): number {
    return this.data.length - this.offset;
  }

  /** A `ChainFormatError` naming the context, the field and where it starts (by default, here). */
  fail(field: string, problem: string, at = this.offset): ChainFormatError {
    return new ChainFormatError(`${this.context}: ${field} at byte ${at}: ${problem}`);
  }

  private need(count: number, field: string): void {
    if (count > this.remaining) {
      throw this.fail(field, `needs ${count} bytes, only ${this.remaining} left`);
    }
  }

  u8(field: string): number {
    this.need(1, field);
    return this.data[this.offset++]!;
  }

  u32le(field: string): number {
    this.need(4, field);
    const b = this.data;
    const o = this.offset;
    this.offset += 4;
    return (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;
  }

  i32le(field: string): number {
    return this.u32le(field) | 0;
  }

  u64le(field: string): bigint {
    const low = this.u32le(field);
    const high = this.u32le(field);
    return (BigInt(high) << 32n) | BigInt(low);
  }

  /** A two's-complement 64-bit value (amounts and value balances are int64 on the wire). */
  i64le(field: string): bigint {
    return BigInt.asIntN(64, this.u64le(field));
  }

  /** A copy of the next `length` bytes (a copy, so a parsed value never aliases the caller's buffer). */
  bytes(length: number, field: string): Uint8Array {
    this.need(length, field);
    const out = this.data.slice(this.offset, this.offset + length);
    this.offset += length;
    return out;
  }

  /**
   * A compactSize: 1, 3, 5 or 9 bytes. Non-canonical encodings (a value that fits a shorter form) and
   * values above MAX_COMPACT_SIZE are refused as nodes do, which also keeps serialization the exact
   * inverse of parsing.
   */
  compactSize(field: string): number {
    const start = this.offset;
    const first = this.u8(field);
    let value: number;
    let minimum: number;
    if (first < 0xfd) return first;
    if (first === 0xfd) {
      this.need(2, field);
      value = this.data[this.offset]! | (this.data[this.offset + 1]! << 8);
      this.offset += 2;
      minimum = 0xfd;
    } else if (first === 0xfe) {
      value = this.u32le(field);
      minimum = 0x1_0000;
    } else {
      const wide = this.u64le(field);
      if (wide > BigInt(MAX_COMPACT_SIZE)) throw this.fail(field, `count ${wide} is too large`, start);
      value = Number(wide);
      minimum = 0x1_0000_0000;
    }
    if (value < minimum) throw this.fail(field, `non-canonical compactSize ${value}`, start);
    if (value > MAX_COMPACT_SIZE) throw this.fail(field, `count ${value} is too large`, start);
    return value;
  }

  /**
   * A compactSize count of items each taking at least `minItemBytes`: refused at once when the rest
   * of the input could not hold that many, so a forged count never drives a long loop or allocation.
   */
  count(field: string, minItemBytes: number): number {
    const n = this.compactSize(field);
    if (n * minItemBytes > this.remaining) {
      throw this.fail(
        field,
        `count ${n} needs at least ${n * minItemBytes} bytes, only ${this.remaining} left`,
      );
    }
    return n;
  }

  /** A compactSize length followed by that many bytes (a script, a proof). */
  varBytes(field: string): Uint8Array {
    const length = this.compactSize(field);
    return this.bytes(length, field);
  }

  /** Refuses anything left over: a transaction or header is exactly its bytes, nothing trailing. */
  end(): void {
    if (this.remaining !== 0) {
      throw new ChainFormatError(
        `${this.context}: ${this.remaining} trailing bytes after byte ${this.offset}`,
      );
    }
  }
}

/** An append-only byte buffer with the same encodings as `ByteReader`, for serializers. */
export class ByteWriter {
  private buffer = new Uint8Array(256);
  private length = 0;

  private reserve(count: number): void {
    if (this.length + count <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + count) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }

  u8(value: number, field: string): this {
    if (!Number.isInteger(value) || value < 0 || value > 0xff) {
      throw new RangeError(`${field} must be an integer in 0..255`);
    }
    this.reserve(1);
    this.buffer[this.length++] = value;
    return this;
  }

  u32le(value: number, field: string): this {
    if (!Number.isInteger(value) || value < 0 || value > 0xffff_ffff) {
      throw new RangeError(`${field} must be an integer in 0..2^32-1`);
    }
    this.reserve(4);
    for (let i = 0; i < 4; i++) this.buffer[this.length++] = (value >>> (8 * i)) & 0xff;
    return this;
  }

  i32le(value: number, field: string): this {
    if (!Number.isInteger(value) || value < -0x8000_0000 || value > 0x7fff_ffff) {
      throw new RangeError(`${field} must be a 32-bit signed integer`);
    }
    return this.u32le(value >>> 0, field);
  }

  u64le(value: bigint, field: string): this {
    if (typeof value !== 'bigint' || value < 0n || value > 0xffff_ffff_ffff_ffffn) {
      throw new RangeError(`${field} must be a bigint in 0..2^64-1`);
    }
    this.u32le(Number(value & 0xffff_ffffn), field);
    return this.u32le(Number(value >> 32n), field);
  }

  i64le(value: bigint, field: string): this {
    if (typeof value !== 'bigint' || value < -(1n << 63n) || value >= 1n << 63n) {
      throw new RangeError(`${field} must be a bigint in -2^63..2^63-1`);
    }
    return this.u64le(BigInt.asUintN(64, value), field);
  }

  /** Appends `bytes`, which must be exactly `length` long when a length is given. */
  bytes(bytes: Uint8Array, field: string, length?: number): this {
    if (!(bytes instanceof Uint8Array)) throw new TypeError(`${field} must be a Uint8Array`);
    if (length !== undefined && bytes.length !== length) {
      throw new RangeError(`${field} must be ${length} bytes, not ${bytes.length}`);
    }
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
    return this;
  }

  /** The canonical (shortest) compactSize of `value`. */
  compactSize(value: number, field: string): this {
    if (!Number.isSafeInteger(value) || value < 0 || value > MAX_COMPACT_SIZE) {
      throw new RangeError(`${field} must be an integer in 0..${MAX_COMPACT_SIZE}`);
    }
    if (value < 0xfd) return this.u8(value, field);
    if (value <= 0xffff)
      return this.u8(0xfd, field)
        .u8(value & 0xff, field)
        .u8(value >>> 8, field);
    return this.u8(0xfe, field).u32le(value, field);
  }

  varBytes(bytes: Uint8Array, field: string): this {
    return this.compactSize(bytes.length, field).bytes(bytes, field);
  }

  /** The bytes written so far. */
  finish(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}
