import { describe, expect, it } from 'vitest';
import { readZcashVectors } from '../../test/vectors.js';
import { parseHex, toHex } from '../protocol/hex.js';
import { F4JUMBLE_MAX_LENGTH, F4JUMBLE_MIN_LENGTH, f4jumble, f4jumbleInverse } from './f4jumble.js';

describe('F4Jumble (ZIP 316)', () => {
  const vectors = readZcashVectors('f4jumble.json') as Array<{ normal: string; jumbled: string }>;

  it('has the vectors it is checked against', () => {
    expect(vectors.length).toBe(8); // the full public set
  });

  it.each(vectors.map((v, i) => [i, v] as const))('vector %i jumbles and unjumbles', (_, vector) => {
    expect(toHex(f4jumble(parseHex(vector.normal)))).toBe(vector.jumbled);
    expect(toHex(f4jumbleInverse(parseHex(vector.jumbled)))).toBe(vector.normal);
  });

  it('inverts itself at every length around the round-size boundaries and leaves its input alone', () => {
    for (const length of [38, 39, 63, 64, 127, 128, 129, 130, 191, 192, 193, 255, 256, 257, 1000]) {
      const message = Uint8Array.from({ length }, (_, i) => (i * 37 + length) & 0xff);
      const copy = message.slice();
      const jumbled = f4jumble(message);
      expect(message).toEqual(copy);
      expect(jumbled).not.toEqual(message);
      expect(f4jumbleInverse(jumbled)).toEqual(message);
    }
  });

  it('counts G blocks past 255 (a two-byte counter) and takes the longest input', () => {
    const long = Uint8Array.from({ length: 70_000 }, (_, i) => i & 0xff);
    expect(f4jumbleInverse(f4jumble(long))).toEqual(long);
    // ℓ^MAX_M: G runs its counter up to 65535; about a second, so one direction only.
    expect(f4jumble(new Uint8Array(F4JUMBLE_MAX_LENGTH)).length).toBe(F4JUMBLE_MAX_LENGTH);
  });

  it('refuses lengths outside 38..4,194,368 bytes', () => {
    for (const length of [0, 1, F4JUMBLE_MIN_LENGTH - 1, F4JUMBLE_MAX_LENGTH + 1]) {
      expect(() => f4jumble(new Uint8Array(length))).toThrow(RangeError);
      expect(() => f4jumbleInverse(new Uint8Array(length))).toThrow(RangeError);
    }
  });
});
