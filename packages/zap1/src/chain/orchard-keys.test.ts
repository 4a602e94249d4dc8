import { describe, expect, it } from 'vitest';
import { readZcashVectors } from '../../test/vectors.js';
import { parseHex, toHex } from '../protocol/hex.js';
import { ChainFormatError } from './bytes.js';
import { orchardOutgoingViewingKeys, prfExpand } from './orchard-keys.js';
import { PALLAS_BASE_MODULUS, PALLAS_SCALAR_ORDER, bigIntToLeBytes, isPallasXCoordinate } from './pallas.js';
import { decodeViewingKey } from './viewing-key.js';

const vectors = readZcashVectors('orchard_key_components.json') as Array<Record<string, string>>;

function fvkOf(v: Record<string, string>): Uint8Array {
  return parseHex(v.ak! + v.nk! + v.rivk!);
}

describe('Orchard outgoing viewing keys (4.2.3, ZIP 32 internal key derivation)', () => {
  it('has the vectors it is checked against', () => {
    expect(vectors.length).toBe(10); // the full public set
  });

  it.each(vectors.map((v, i) => [i, v] as const))(
    'vector %i: external and internal ovk, dk and rivk',
    (_, v) => {
      const keys = orchardOutgoingViewingKeys(fvkOf(v));
      expect(toHex(keys.external)).toBe(v.ovk);
      expect(toHex(keys.externalScope.ovk)).toBe(v.ovk);
      expect(toHex(keys.externalScope.dk)).toBe(v.dk);
      expect(toHex(keys.externalScope.rivk)).toBe(v.rivk);
      expect(toHex(keys.internal)).toBe(v.internal_ovk);
      expect(toHex(keys.internalScope.dk)).toBe(v.internal_dk);
      expect(toHex(keys.internalScope.rivk)).toBe(v.internal_rivk);
    },
  );

  it('PRF^expand is BLAKE2b-512 personalized Zcash_ExpandSeed over sk ‖ t', () => {
    const out = prfExpand(new Uint8Array(32), Uint8Array.of(0x82));
    expect(out.length).toBe(64);
    expect(prfExpand(new Uint8Array(32), Uint8Array.of(0x83))).not.toEqual(out);
  });

  it('derives keys from the Orchard item of every unified full viewing key vector', () => {
    for (const v of readZcashVectors('unified_full_viewing_keys.json')) {
      if (v.orchard_fvk_bytes === null) continue;
      const key = decodeViewingKey(v.unified_fvk as string);
      const keys = orchardOutgoingViewingKeys(key.orchard!);
      expect(keys.external).not.toEqual(keys.internal);
    }
  });

  it('refuses a key that is not a canonical Orchard full viewing key', () => {
    const good = fvkOf(vectors[0]!);
    const withPart = (offset: number, value: bigint) => {
      const fvk = good.slice();
      fvk.set(bigIntToLeBytes(value, 32), offset);
      return fvk;
    };
    let offCurveX = 1n;
    while (isPallasXCoordinate(offCurveX)) offCurveX++;
    for (const bad of [
      good.subarray(0, 95),
      new Uint8Array(97),
      withPart(0, PALLAS_BASE_MODULUS),
      withPart(0, offCurveX),
      withPart(32, PALLAS_BASE_MODULUS),
      withPart(64, PALLAS_SCALAR_ORDER),
    ]) {
      expect(() => orchardOutgoingViewingKeys(bad)).toThrow(ChainFormatError);
    }
    expect(() => orchardOutgoingViewingKeys('00' as unknown as Uint8Array)).toThrow(ChainFormatError);
  });
});
