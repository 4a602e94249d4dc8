import { bech32m } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readZcashVectors } from '../../test/vectors.js';
import { parseHex, toHex } from '../protocol/hex.js';
import { ByteWriter, ChainFormatError } from './bytes.js';
import { f4jumble } from './f4jumble.js';
import { PALLAS_BASE_MODULUS, PALLAS_SCALAR_ORDER, bigIntToLeBytes } from './pallas.js';
import { decodeViewingKey, encodeViewingKey, type UnifiedFullViewingKey } from './viewing-key.js';

interface UfvkVector {
  t_key_bytes: string | null;
  sapling_fvk_bytes: string | null;
  orchard_fvk_bytes: string | null;
  unknown_fvk_typecode: number;
  unknown_fvk_bytes: string | null;
  unified_fvk: string;
}
const vectors = readZcashVectors('unified_full_viewing_keys.json') as unknown as UfvkVector[];
const withOrchard = vectors.find((v) => v.orchard_fvk_bytes !== null && v.sapling_fvk_bytes !== null)!;
const hexOrNull = (bytes: Uint8Array | null) => (bytes === null ? null : toHex(bytes));

/** A key string from raw item bytes: padding appended, jumbled, Bech32m-encoded (a valid envelope). */
function envelope(prefix: string, items: Uint8Array): string {
  const raw = new Uint8Array(items.length + 16);
  raw.set(items);
  for (let i = 0; i < prefix.length; i++) raw[items.length + i] = prefix.charCodeAt(i);
  return bech32m.encode(prefix, bech32m.toWords(f4jumble(raw)), false);
}

/** The 16-byte padding of `prefix`: its ASCII bytes, then zeros. */
function paddingOf(prefix: string): Uint8Array {
  const padding = new Uint8Array(16);
  for (let i = 0; i < prefix.length; i++) padding[i] = prefix.charCodeAt(i);
  return padding;
}

function items(...list: Array<[number, Uint8Array]>): Uint8Array {
  const writer = new ByteWriter();
  for (const [typecode, data] of list) writer.compactSize(typecode, 'typecode').varBytes(data, 'item');
  return writer.finish();
}

function expectRefused(encoded: unknown, message?: RegExp): void {
  let thrown: unknown;
  try {
    decodeViewingKey(encoded as string);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ChainFormatError);
  if (message) expect((thrown as Error).message).toMatch(message);
}

describe('unified full viewing keys (ZIP 316)', () => {
  it('has the vectors it is checked against', () => {
    expect(vectors.length).toBe(20); // the full public set
  });

  it('includes keys without an Orchard item, which ZIP 316 allows', () => {
    // Three of the public set: two of transparent and Sapling items, one of a Sapling item alone.
    const withoutOrchard = vectors.filter((v) => v.orchard_fvk_bytes === null);
    expect(withoutOrchard.map((v) => [v.t_key_bytes !== null, v.sapling_fvk_bytes !== null])).toEqual([
      [true, true],
      [true, true],
      [false, true],
    ]);
    // Decoding them changes none of ZIP 316's refusals for keys without Orchard.
    const transparent = parseHex(withoutOrchard[0]!.t_key_bytes!);
    const sapling = parseHex(withoutOrchard[0]!.sapling_fvk_bytes!);
    expect(envelope('uview', items([0, transparent], [2, sapling]))).toBe(withoutOrchard[0]!.unified_fvk);
    expectRefused(envelope('uview', items([0, transparent])), /must hold a Sapling or Orchard item/);
    expectRefused(envelope('uview', items([0, transparent], [1, new Uint8Array(20)], [2, sapling])), /P2SH/);
    expectRefused(envelope('uview', items([2, sapling], [0xe0, new Uint8Array(4)])), /0xe0 is not allowed/);
    const badAk = sapling.slice();
    badAk.fill(0xff, 0, 32);
    expectRefused(envelope('uview', items([0, transparent], [2, badAk])), /Sapling ak/);
    expectRefused(envelope('uview', items([2, sapling.subarray(1)])), /must be 128 bytes/);
  });

  it.each(vectors.map((v, i) => [i, v] as const))(
    'vector %i decodes with the default options to the items it lists, and encodes back',
    (_, v) => {
      for (const key of [
        decodeViewingKey(v.unified_fvk),
        decodeViewingKey(v.unified_fvk, { network: 'mainnet', validateItems: 'all' }),
        decodeViewingKey(v.unified_fvk, { validateItems: 'orchard' }),
      ]) {
        expect(key.network).toBe('mainnet');
        expect(key.revision).toBe(0);
        expect(hexOrNull(key.transparent)).toBe(v.t_key_bytes);
        expect(hexOrNull(key.sapling)).toBe(v.sapling_fvk_bytes);
        expect(hexOrNull(key.orchard)).toBe(v.orchard_fvk_bytes);
        expect(key.unknown.map((item) => [item.typecode, toHex(item.data)])).toEqual(
          v.unknown_fvk_bytes === null ? [] : [[v.unknown_fvk_typecode, v.unknown_fvk_bytes]],
        );
        expect(encodeViewingKey(key)).toBe(v.unified_fvk);
      }
      // Only a caller that asks for the Orchard item has a key without one refused.
      if (v.orchard_fvk_bytes === null) {
        expect(() => decodeViewingKey(v.unified_fvk, { requireOrchard: true })).toThrow(
          /unified full viewing key: has no Orchard item/,
        );
      } else {
        expect(toHex(decodeViewingKey(v.unified_fvk, { requireOrchard: true }).orchard!)).toBe(
          v.orchard_fvk_bytes,
        );
      }
    },
  );

  it('encodes and decodes on Testnet and regtest, and refuses a key of another network', () => {
    const key = decodeViewingKey(withOrchard.unified_fvk);
    for (const [network, prefix] of [
      ['testnet', 'uviewtest1'],
      ['regtest', 'uviewregtest1'],
    ] as const) {
      const encoded = encodeViewingKey({ ...key, network });
      expect(encoded.startsWith(prefix)).toBe(true);
      expect(decodeViewingKey(encoded, { network })).toEqual({ ...key, network });
      expect(() => decodeViewingKey(encoded, { network: 'mainnet' })).toThrow(/testnet|regtest/);
    }
    expect(() => decodeViewingKey(withOrchard.unified_fvk, { network: 'testnet' })).toThrow(
      /a mainnet key where a testnet key is expected/,
    );
  });

  it('refuses a Mainnet key relabelled for Testnet with a valid checksum: the padding gives it away', () => {
    const { words } = bech32m.decode(withOrchard.unified_fvk as `${string}1${string}`, false);
    expectRefused(bech32m.encode('uviewtest', words, false), /padding does not match/);
  });

  it('refuses addresses and incoming viewing keys by name, and unknown prefixes', () => {
    expectRefused(envelope('u', items([3, new Uint8Array(43)])), /unified address/);
    expectRefused(envelope('uivktest', items([3, new Uint8Array(64)])), /incoming viewing key/);
    expectRefused(envelope('zxviews', items([3, new Uint8Array(96)])), /unknown prefix/);
    expectRefused('no separator here', /not a Bech32m string/);
  });

  it('takes an all-uppercase key and refuses mixed case', () => {
    const upper = withOrchard.unified_fvk.toUpperCase();
    expect(decodeViewingKey(upper).orchard).toEqual(decodeViewingKey(withOrchard.unified_fvk).orchard);
    expectRefused(withOrchard.unified_fvk.slice(0, 20) + upper.slice(20), /mixes upper and lower case/);
  });

  it('refuses a changed character as a bad checksum', () => {
    const s = withOrchard.unified_fvk;
    const i = 40;
    const changed = s.slice(0, i) + (s[i] === 'q' ? 'p' : 'q') + s.slice(i + 1);
    expectRefused(changed, /checksum/);
  });

  it('keeps the item rules: order, duplicates, lengths, MUST-understand metadata, a shielded item', () => {
    const orchard = parseHex(withOrchard.orchard_fvk_bytes!);
    const sapling = parseHex(withOrchard.sapling_fvk_bytes!);
    expect(decodeViewingKey(envelope('uview', items([2, sapling], [3, orchard]))).sapling).toEqual(sapling);
    expectRefused(envelope('uview', items([3, orchard], [2, sapling])), /ascending typecode order/);
    expectRefused(envelope('uview', items([3, orchard], [3, orchard])), /appears twice/);
    expectRefused(envelope('uview', items([3, orchard.subarray(0, 95)])), /must be 96 bytes/);
    expectRefused(envelope('uview', items([3, orchard], [0xe0, new Uint8Array(4)])), /0xe0 is not allowed/);
    expectRefused(envelope('uview', items([0xc0, new Uint8Array(30)])), /not metadata/);
    expectRefused(envelope('uview', items([0xfffa, new Uint8Array(30)])), /Sapling or Orchard item/);
    const truncated = items([3, orchard]).subarray(0, 60);
    expectRefused(envelope('uview', truncated), /needs 96 bytes/);
    const nonCanonical = Uint8Array.of(0xfd, 0x03, 0x00, 96, ...orchard);
    expectRefused(envelope('uview', nonCanonical), /non-canonical compactSize/);
    // Unknown typecodes are kept as they are.
    const kept = decodeViewingKey(envelope('uview', items([3, orchard], [0xfffa, Uint8Array.of(9)])));
    expect(kept.unknown.map((item) => item.typecode)).toEqual([0xfffa]);
  });

  it('refuses a key with a P2SH item (typecode 0x01), alone or beside a P2PKH item', () => {
    const full = vectors.find((v) => v.t_key_bytes && v.sapling_fvk_bytes && v.orchard_fvk_bytes)!;
    const transparent = parseHex(full.t_key_bytes!);
    const sapling = parseHex(full.sapling_fvk_bytes!);
    const orchard = parseHex(full.orchard_fvk_bytes!);
    // The envelope builder reproduces the vector itself, so only the added item differs below.
    expect(envelope('uview', items([0, transparent], [2, sapling], [3, orchard]))).toBe(full.unified_fvk);
    const p2sh: [number, Uint8Array] = [1, new Uint8Array(20).fill(7)];
    for (const withP2sh of [
      envelope('uview', items([0, transparent], p2sh, [2, sapling], [3, orchard])),
      envelope('uview', items(p2sh, [2, sapling], [3, orchard])),
      envelope('urviewtest', items(p2sh, [3, orchard])),
    ]) {
      expectRefused(withP2sh, /typecode 0x01 \(P2SH\) is not defined for viewing keys/);
      expect(() => decodeViewingKey(withP2sh, { validateItems: 'orchard' })).toThrow(ChainFormatError);
    }
  });

  it('refuses items that are not valid keys of their kind', () => {
    const orchard = parseHex(withOrchard.orchard_fvk_bytes!);
    const badRivk = orchard.slice();
    badRivk.set(bigIntToLeBytes(PALLAS_SCALAR_ORDER, 32), 64);
    expectRefused(envelope('uview', items([3, badRivk])), /rivk/);
    const badSapling = parseHex(withOrchard.sapling_fvk_bytes!);
    badSapling.fill(0xff, 0, 32);
    expectRefused(envelope('uview', items([2, badSapling], [3, orchard])), /Sapling ak/);
    const badTransparent = new Uint8Array(65);
    badTransparent[32] = 0x04;
    expectRefused(envelope('uview', items([0, badTransparent], [3, orchard])), /secp256k1/);
  });

  it("with validateItems: 'orchard', checks the Orchard item but the Sapling and transparent items by length only", () => {
    const orchard = parseHex(withOrchard.orchard_fvk_bytes!);
    const badSapling = parseHex(withOrchard.sapling_fvk_bytes!);
    badSapling.fill(0xff, 0, 32); // ak is no Jubjub point
    const badTransparent = new Uint8Array(65);
    badTransparent[32] = 0x04; // not a compressed secp256k1 key
    const encoded = envelope('uview', items([0, badTransparent], [2, badSapling], [3, orchard]));
    expect(() => decodeViewingKey(encoded)).toThrow(/secp256k1/);
    expect(() => decodeViewingKey(encoded, { validateItems: 'all' })).toThrow(/secp256k1/);
    const key = decodeViewingKey(encoded, { validateItems: 'orchard' });
    expect(key.orchard).toEqual(orchard);
    expect(key.sapling).toEqual(badSapling);
    expect(key.transparent).toEqual(badTransparent);
    // Any other value is the default.
    expect(() => decodeViewingKey(encoded, { validateItems: 'sapling' as unknown as 'orchard' })).toThrow(
      /secp256k1/,
    );

    const orchardOnly = (encodedKey: string) => () =>
      decodeViewingKey(encodedKey, { validateItems: 'orchard' });
    // Lengths, order, the Orchard item and the envelope are still checked.
    expect(orchardOnly(envelope('uview', items([2, badSapling.subarray(1)], [3, orchard])))).toThrow(
      /typecode 2 must be 128 bytes/,
    );
    expect(orchardOnly(envelope('uview', items([0, badTransparent.subarray(1)], [3, orchard])))).toThrow(
      /typecode 0 must be 65 bytes/,
    );
    expect(orchardOnly(envelope('uview', items([3, orchard], [2, badSapling])))).toThrow(/ascending/);
    const badAk = orchard.slice();
    badAk.set(bigIntToLeBytes(PALLAS_BASE_MODULUS, 32), 0);
    expect(orchardOnly(envelope('uview', items([2, badSapling], [3, badAk])))).toThrow(/Orchard ak/);
    const last = encoded.at(-1) === 'q' ? 'p' : 'q';
    expect(orchardOnly(encoded.slice(0, -1) + last)).toThrow(/checksum/);
    const paddedForTestnet = bech32m.encode(
      'uview',
      bech32m.toWords(f4jumble(Uint8Array.from([...items([3, orchard]), ...paddingOf('uviewtest')]))),
      false,
    );
    expect(orchardOnly(paddedForTestnet)).toThrow(/padding/);
  });

  it('reads and writes Revision 1 keys (urview), which may be transparent-only', () => {
    const key = decodeViewingKey(withOrchard.unified_fvk);
    const r1 = encodeViewingKey({ ...key, revision: 1 });
    expect(r1.startsWith('urview1')).toBe(true);
    expect(decodeViewingKey(r1)).toEqual({ ...key, revision: 1 });
    const transparentOnly = vectors.find((v) => v.t_key_bytes !== null)!;
    const t = parseHex(transparentOnly.t_key_bytes!);
    const encoded = encodeViewingKey({ network: 'regtest', revision: 1, transparent: t });
    expect(encoded.startsWith('urviewregtest1')).toBe(true);
    expect(decodeViewingKey(encoded)).toMatchObject({ orchard: null, sapling: null, transparent: t });
    expect(() => decodeViewingKey(encoded, { requireOrchard: true })).toThrow(/has no Orchard item/);
    expect(() => encodeViewingKey({ network: 'regtest', transparent: t })).toThrow(/Sapling or Orchard/);
    expectRefused(
      envelope('urview', items([3, parseHex(withOrchard.orchard_fvk_bytes!)], [0xe1, new Uint8Array(8)])),
      /must be understood/,
    );
  });

  it('encodes only what it could decode', () => {
    const orchard = parseHex(withOrchard.orchard_fvk_bytes!);
    const refuse = (input: unknown) =>
      expect(() => encodeViewingKey(input as UnifiedFullViewingKey)).toThrow(ChainFormatError);
    refuse({ network: 'mainnet' });
    refuse({ network: 'main', orchard });
    refuse({ network: 'mainnet', orchard: orchard.subarray(1) });
    refuse({ network: 'mainnet', orchard, unknown: [{ typecode: 3, data: orchard }] });
    refuse({ network: 'mainnet', orchard, unknown: [{ typecode: 1, data: new Uint8Array(20) }] });
    refuse({ network: 'mainnet', orchard, unknown: [{ typecode: 0xe0, data: new Uint8Array(4) }] });
    refuse({ network: 'mainnet', revision: 1, unknown: [{ typecode: 9, data: new Uint8Array(1) }] });
    // Malformed unknown lists: refused as ChainFormatError, not a TypeError from reading them.
    refuse({ network: 'mainnet', orchard, unknown: [null] });
    refuse({ network: 'mainnet', orchard, unknown: [7] });
    refuse({ network: 'mainnet', orchard, unknown: 5 });
    refuse({ network: 'mainnet', orchard, unknown: { typecode: 9, data: new Uint8Array(1) } });
  });

  it('takes null options as the defaults and refuses options that are not an object', () => {
    expect(decodeViewingKey(withOrchard.unified_fvk, null).orchard).toEqual(
      parseHex(withOrchard.orchard_fvk_bytes!),
    );
    expect(() => decodeViewingKey(withOrchard.unified_fvk, 7 as never)).toThrow(ChainFormatError);
  });
});

describe('unified full viewing keys: hostile input', () => {
  const valid = withOrchard.unified_fvk;
  const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

  it('refuses every truncation and every single changed character with a ChainFormatError', () => {
    for (let length = 0; length < valid.length; length++) expectRefused(valid.slice(0, length));
    for (let i = 0; i < valid.length; i++) {
      const replacement = charset[(charset.indexOf(valid[i]!) + 1 + (i % 31)) % 32] ?? 'q';
      expectRefused(valid.slice(0, i) + replacement + valid.slice(i + 1));
    }
  });

  it('refuses random strings and non-strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (s) => expectRefused(s)),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...charset), maxLength: 600 }), (s) =>
        expectRefused('uview1' + s),
      ),
      { numRuns: 300 },
    );
    for (const value of [undefined, null, 42, {}, new Uint8Array(10)]) expectRefused(value);
  });

  it('refuses random bytes in a valid envelope (correct checksum, random content)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 38, maxLength: 400 }),
        fc.constantFrom('uview', 'uviewtest', 'urview'),
        (bytes, prefix) => {
          const encoded = bech32m.encode(prefix, bech32m.toWords(bytes), false);
          expectRefused(encoded);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses random item lists behind correct padding, or decodes them to what they say', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 22, maxLength: 300 }), (body) => {
        const encoded = envelope('uview', body);
        try {
          const key = decodeViewingKey(encoded);
          expect(encodeViewingKey(key)).toBe(encoded);
        } catch (error) {
          expect(error).toBeInstanceOf(ChainFormatError);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a string longer than any key at once', () => {
    expectRefused('uview1' + 'q'.repeat(7_000_000), /longer than any key/);
  });
});

describe('an Orchard item whose ak is not a spend validating key', () => {
  const key = decodeViewingKey(
    readZcashVectors('unified_full_viewing_keys.json').find((v) => v.orchard_fvk_bytes !== null)!
      .unified_fvk as string,
  );

  it('refuses an Orchard item whose ak is the identity (all zeros)', () => {
    const orchard = new Uint8Array(key.orchard!);
    orchard.fill(0, 0, 32);
    expect(() => encodeViewingKey({ ...key, orchard })).toThrow(/ak is the identity/);
  });
});
