import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { toHex } from '../protocol/hex.js';
import {
  ByteReader,
  ByteWriter,
  ChainFormatError,
  MAX_COMPACT_SIZE,
  chainBytes,
  fromDisplayHex,
  toDisplayHex,
} from './bytes.js';

const reader = (hex: string): ByteReader => new ByteReader(chainBytes(hex, 'test'), 'test');

describe('compactSize', () => {
  const canonical: Array<[number, string]> = [
    [0, '00'],
    [0xfc, 'fc'],
    [0xfd, 'fdfd00'],
    [0xffff, 'fdffff'],
    [0x1_0000, 'fe00000100'],
    [MAX_COMPACT_SIZE, 'fe00000002'],
  ];

  it.each(canonical)('%i is written as %s and read back', (value, hex) => {
    expect(toHex(new ByteWriter().compactSize(value, 'n').finish())).toBe(hex);
    const r = reader(hex);
    expect(r.compactSize('n')).toBe(value);
    expect(r.remaining).toBe(0);
  });

  it.each(['fd0000', 'fdfc00', 'fe0000000000', 'feffff0000', 'ff0000000000000000', 'ff0000000001000000'])(
    'refuses the non-canonical encoding %s',
    (hex) => {
      expect(() => reader(hex).compactSize('n')).toThrow(/non-canonical|too large/);
      expect(() => reader(hex).compactSize('n')).toThrow(ChainFormatError);
    },
  );

  it('refuses counts above MAX_COMPACT_SIZE and truncated encodings', () => {
    expect(() => reader('fe01000002').compactSize('n')).toThrow(/too large/);
    expect(() => reader('ffffffffffffffffff').compactSize('n')).toThrow(/too large/);
    for (const hex of ['', 'fd', 'fd01', 'fe010000', 'ff01000000']) {
      expect(() => reader(hex).compactSize('n')).toThrow(ChainFormatError);
    }
  });

  it('refuses a count the remaining bytes could not hold, before reading the items', () => {
    expect(() => reader('03aabb').count('items', 1)).toThrow(/count 3 needs at least 3 bytes, only 2 left/);
    expect(reader('02aabb').count('items', 1)).toBe(2);
  });
});

describe('ByteReader', () => {
  it('reads little-endian integers, signed and unsigned, exactly', () => {
    const r = reader('ffffffff' + 'ffffffff' + 'ffffffffffffffff' + 'ffffffffffffffff' + '0000000000000080');
    expect(r.u32le('a')).toBe(0xffff_ffff);
    expect(r.i32le('b')).toBe(-1);
    expect(r.u64le('c')).toBe(0xffff_ffff_ffff_ffffn);
    expect(r.i64le('d')).toBe(-1n);
    expect(r.i64le('e')).toBe(-(1n << 63n));
  });

  it('never reads past the end, naming the field and the offset', () => {
    const r = reader('0102');
    expect(() => r.u32le('nTime')).toThrow('test: nTime at byte 0: needs 4 bytes, only 2 left');
    expect(() => reader('01').bytes(2, 'x')).toThrow(ChainFormatError);
    expect(() => reader('0201').varBytes('script')).toThrow(ChainFormatError);
  });

  it('copies the bytes it returns', () => {
    const source = Uint8Array.of(1, 2, 3);
    const out = new ByteReader(source, 'test').bytes(3, 'x');
    source[0] = 9;
    expect([...out]).toEqual([1, 2, 3]);
  });

  it('end() refuses trailing bytes', () => {
    const r = reader('0001');
    r.u8('x');
    expect(() => r.end()).toThrow(/1 trailing bytes/);
  });

  it('any value the writer writes, the reader reads back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffff_ffff }),
        fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }),
        fc.integer({ min: 0, max: MAX_COMPACT_SIZE }),
        fc.uint8Array({ maxLength: 300 }),
        (u32, i64, size, bytes) => {
          const w = new ByteWriter()
            .u32le(u32, 'a')
            .i64le(i64, 'b')
            .compactSize(size, 'c')
            .varBytes(bytes, 'd');
          const r = new ByteReader(w.finish(), 'test');
          expect(r.u32le('a')).toBe(u32);
          expect(r.i64le('b')).toBe(i64);
          expect(r.compactSize('c')).toBe(size);
          expect(r.varBytes('d')).toEqual(bytes);
          r.end();
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('ByteWriter', () => {
  it('refuses values its encodings cannot hold', () => {
    expect(() => new ByteWriter().u32le(-1, 'x')).toThrow(RangeError);
    expect(() => new ByteWriter().u64le(1n << 64n, 'x')).toThrow(RangeError);
    expect(() => new ByteWriter().i64le(1n << 63n, 'x')).toThrow(RangeError);
    expect(() => new ByteWriter().compactSize(MAX_COMPACT_SIZE + 1, 'x')).toThrow(RangeError);
    expect(() => new ByteWriter().bytes(new Uint8Array(31), 'hash', 32)).toThrow(/must be 32 bytes/);
  });
});

describe('hex input and display order', () => {
  it('bad hex is a ChainFormatError', () => {
    for (const bad of ['abc', 'zz', '0x00']) expect(() => chainBytes(bad, 'tx')).toThrow(ChainFormatError);
    expect(() => chainBytes(42 as unknown as string, 'tx')).toThrow(ChainFormatError);
  });

  it("uses the runtime's Uint8Array.fromHex where there is one, with parseHex's messages for bad hex", async () => {
    const calls: string[] = [];
    const fromHex = (hex: string): Uint8Array => {
      calls.push(hex);
      if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new SyntaxError('bad hex');
      return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
    };
    const had = Object.getOwnPropertyDescriptor(Uint8Array, 'fromHex');
    Object.defineProperty(Uint8Array, 'fromHex', { value: fromHex, configurable: true, writable: true });
    try {
      vi.resetModules();
      const fresh = await import('./bytes.js');
      expect(fresh.chainBytes('00Ff7a', 'tx')).toEqual(Uint8Array.of(0, 255, 0x7a));
      expect(calls).toEqual(['00Ff7a']);
      for (const bad of ['abc', 'zz', '0x00']) {
        expect(() => fresh.chainBytes(bad, 'tx')).toThrow(fresh.ChainFormatError);
        let message = '';
        try {
          chainBytes(bad, 'tx'); // this module's copy, loaded before the stub
        } catch (error) {
          message = (error as Error).message;
        }
        expect(() => fresh.chainBytes(bad, 'tx')).toThrow(message);
      }
    } finally {
      if (had) Object.defineProperty(Uint8Array, 'fromHex', had);
      else Reflect.deleteProperty(Uint8Array, 'fromHex');
      vi.resetModules();
    }
  });

  it('display order is the natural order reversed', () => {
    const natural = Uint8Array.from({ length: 32 }, (_, i) => i);
    const display = toDisplayHex(natural);
    expect(display.slice(0, 4)).toBe('1f1e');
    expect(fromDisplayHex(display)).toEqual(natural);
    expect(() => fromDisplayHex('00')).toThrow(ChainFormatError);
  });
});
