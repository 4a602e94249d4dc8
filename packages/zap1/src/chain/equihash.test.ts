import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { blake2b } from '@noble/hashes/blake2.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from '../protocol/hex.js';
import { readBlockHeader } from './block.js';
import { ByteReader, ChainFormatError, chainBytes } from './bytes.js';
import {
  EQUIHASH_INPUT_BYTES,
  encodeSolution,
  equihashParameters,
  solutionIndices,
  solveEquihash,
  verifyEquihash,
} from './equihash.js';
import type { EquihashVerdict } from './equihash.js';

/** Zebra's real blocks, copied into the package's test vectors (see their README beside them). */
const ZEBRA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/vectors/zebra');
const ZEBRA_FILES = [
  'block-main-0-000-000.txt',
  'block-main-0-000-001.txt',
  'block-main-0-000-002.txt',
  'block-main-1-687-107.txt',
  'block-test-0-000-000.txt',
  'block-test-1-842-421.txt',
];

/** A Zebra block's header bytes: as far as readBlockHeader reads. */
function zebraHeader(file: string): Uint8Array {
  const block = chainBytes(readFileSync(path.join(ZEBRA_DIR, file), 'utf8').trim(), file);
  const reader = new ByteReader(block, file);
  readBlockHeader(reader);
  return block.slice(0, reader.position);
}

const reasonOf = (verdict: EquihashVerdict): string => (verdict.ok ? 'ok' : verdict.reason);

/**
 * EquihashGen written out again from the spec (§5.4.1), one-shot rather than from a cloned state:
 * BLAKE2b-(512/n * n) personalized "ZcashPoW" || le32(n) || le32(k) over input || le32(i div m).
 */
function leafHash(input: Uint8Array, n: number, k: number, index: number): Uint8Array {
  const perOutput = Math.floor(512 / n);
  const personalization = new Uint8Array(16);
  personalization.set(new TextEncoder().encode('ZcashPoW'));
  new DataView(personalization.buffer).setUint32(8, n, true);
  new DataView(personalization.buffer).setUint32(12, k, true);
  const message = new Uint8Array(input.length + 4);
  message.set(input);
  new DataView(message.buffer).setUint32(input.length, Math.floor(index / perOutput), true);
  const output = blake2b(message, { dkLen: (perOutput * n) / 8, personalization });
  const at = (index % perOutput) * (n / 8);
  return output.slice(at, at + n / 8);
}

function xorOfLeaves(input: Uint8Array, n: number, k: number, indices: number[]): Uint8Array {
  const sum = new Uint8Array(n / 8);
  for (const index of indices) leafHash(input, n, k, index).forEach((byte, i) => (sum[i]! ^= byte));
  return sum;
}

/** A 140-byte input, different for each seed. */
function inputFor(seed: number): Uint8Array {
  const input = new Uint8Array(EQUIHASH_INPUT_BYTES).map((_, i) => (i * 37 + 11) & 0xff);
  new DataView(input.buffer).setUint32(108, seed, true); // inside nNonce
  return input;
}

/**
 * Every (16, 3) solution and near-solution, by trying all pairs at each level (no buckets): the
 * rows whose three merges collide, with the 4 bits left over. Small enough to enumerate outright.
 */
function enumerate16x3(input: Uint8Array): Array<{ rest: number; indices: number[] }> {
  let rows = Array.from({ length: 32 }, (_, i) => {
    const hash = leafHash(input, 16, 3, i);
    return { value: (hash[0]! << 8) | hash[1]!, indices: [i] };
  });
  for (let r = 1; r <= 3; r++) {
    const next: typeof rows = [];
    for (let a = 0; a < rows.length; a++) {
      for (let b = a + 1; b < rows.length; b++) {
        const [x, y] =
          rows[a]!.indices[0]! < rows[b]!.indices[0]! ? [rows[a]!, rows[b]!] : [rows[b]!, rows[a]!];
        const value = x.value ^ y.value;
        if ((value >> (16 - 4 * r)) & 0xf || x.indices.some((i) => y.indices.includes(i))) continue;
        next.push({ value, indices: [...x.indices, ...y.indices] });
      }
    }
    rows = next;
  }
  return rows.map((row) => ({ rest: row.value & 0xf, indices: row.indices }));
}

describe('equihashParameters', () => {
  it("gives zcashd's (n, k) for each network", () => {
    expect(equihashParameters('mainnet')).toEqual({ n: 200, k: 9 });
    expect(equihashParameters('testnet')).toEqual({ n: 200, k: 9 });
    expect(equihashParameters('regtest')).toEqual({ n: 48, k: 5 });
    expect(() => equihashParameters('devnet' as never)).toThrow(RangeError);
  });
});

describe('Equihash (200, 9) on real mainnet and testnet headers', () => {
  it("verifies every Zebra block's solution over its header's first 140 bytes", () => {
    for (const file of ZEBRA_FILES) {
      const header = zebraHeader(file);
      expect(header).toHaveLength(1487);
      expect(toHex(header.subarray(140, 143))).toBe('fd4005'); // compactSize 1344
      expect(verifyEquihash(header.subarray(0, 140), header.subarray(143), 200, 9)).toEqual({ ok: true });
    }
  });

  it('its 512 indices hash, by EquihashGen written out separately, to values that XOR to zero', () => {
    const header = zebraHeader('block-main-0-000-000.txt');
    const indices = solutionIndices(header.subarray(143), 200, 9);
    expect(indices).toHaveLength(512);
    expect(indices.every((i) => Number.isInteger(i) && i >= 0 && i < 2 ** 21)).toBe(true);
    expect(new Set(indices).size).toBe(512);
    expect(toHex(xorOfLeaves(header.subarray(0, 140), 200, 9, indices))).toBe('00'.repeat(25));
    expect(toHex(xorOfLeaves(header.subarray(0, 140), 200, 9, indices.slice(0, 2))).slice(0, 5)).toBe(
      '00000',
    );
  });

  it("encodes indices as the spec's big-endian 21-bit fields, and decodes them back", () => {
    const header = zebraHeader('block-main-1-687-107.txt');
    const solution = header.subarray(143);
    expect(toHex(encodeSolution(solutionIndices(solution, 200, 9), 200, 9))).toBe(toHex(solution));
    // The spec's example: indices 68, 41, 2^21 - 1 (its i - 1) begin with bytes 0, 2, 32, 0, 10, 127, 255.
    const example = encodeSolution([68, 41, 2 ** 21 - 1, ...new Array<number>(509).fill(0)], 200, 9);
    expect([...example.subarray(0, 7)]).toEqual([0, 2, 32, 0, 10, 127, 255]);
    expect(example).toHaveLength(1344);
  });

  it('refuses a changed index, a reordered tree, a repeated index and another header, saying which', () => {
    const header = zebraHeader('block-test-1-842-421.txt');
    const input = header.subarray(0, 140);
    const indices = solutionIndices(header.subarray(143), 200, 9);
    const check = (changed: number[]) =>
      reasonOf(verifyEquihash(input, encodeSolution(changed, 200, 9), 200, 9));
    const [i0, i1] = [indices[0]!, indices[1]!];

    const changed = [...indices];
    changed[0] = i0 ^ 1;
    expect(check(changed)).toBe(`indices ${i0 ^ 1} and ${i1} do not collide on bits 0 to 19`);
    // Pairs 0-1 and 6-7 trade places: every pair still collides, but not the new subtrees of four.
    const traded = [...indices];
    [traded[2], traded[3], traded[6], traded[7]] = [indices[6]!, indices[7]!, indices[2]!, indices[3]!];
    expect(check(traded)).toBe(
      `the subtrees led by indices ${i0} and ${indices[6]} do not collide on bits 20 to 39`,
    );
    expect(check([i1, i0, ...indices.slice(2)])).toBe(
      `the index tree is not in canonical order: index ${i0} leads a right subtree but is below ${i1}, which leads its left one`,
    );
    expect(check([...indices.slice(256), ...indices.slice(0, 256)])).toMatch(
      /^the index tree is not in canonical order/,
    );
    expect(check([i0, i0, ...indices.slice(2)])).toBe(`an index appears twice: ${i0}`);

    const otherInput = input.slice();
    otherInput[139]! ^= 0x80; // the nonce's last byte
    expect(reasonOf(verifyEquihash(otherInput, header.subarray(143), 200, 9))).toMatch(
      /do not collide on bits 0 to 19$/,
    );
  });

  it('refuses solutions and inputs of the wrong length, naming both lengths', () => {
    const header = zebraHeader('block-main-0-000-001.txt');
    const input = header.subarray(0, 140);
    expect(reasonOf(verifyEquihash(input, header.subarray(143, 1486), 200, 9))).toBe(
      'the solution is 1343 bytes; Equihash (200, 9) solutions are 1344',
    );
    expect(reasonOf(verifyEquihash(input, new Uint8Array(1345), 200, 9))).toMatch(/1345 bytes/);
    expect(reasonOf(verifyEquihash(input, header.subarray(143), 48, 5))).toBe(
      'the solution is 1344 bytes; Equihash (48, 5) solutions are 36',
    );
    expect(reasonOf(verifyEquihash(header, header.subarray(143), 200, 9))).toBe(
      "the input is 1487 bytes; Equihash hashes the header's first 140",
    );
    expect(() => solutionIndices(header.subarray(143, 1486), 200, 9)).toThrow(ChainFormatError);
    expect(() => solutionIndices(header.subarray(143, 1486), 200, 9)).toThrow(
      'the solution is 1343 bytes; Equihash (200, 9) solutions are 1344',
    );
  });

  it('turns unusable parameters into a reason, and encodeSolution refuses what has no encoding', () => {
    const header = zebraHeader('block-main-0-000-000.txt');
    for (const [n, k] of [
      [200, 8],
      [201, 9],
      [0, 0],
      [Number.NaN, 9],
    ] as const) {
      expect(reasonOf(verifyEquihash(header.subarray(0, 140), header.subarray(143), n, k))).toMatch(
        /^Equihash/,
      );
    }
    expect(() => encodeSolution([1, 2, 3], 200, 9)).toThrow(RangeError);
    expect(() => encodeSolution(new Array<number>(512).fill(2 ** 21), 200, 9)).toThrow(/not below 2\^21/);
    expect(() => encodeSolution(new Array<number>(512).fill(-1), 200, 9)).toThrow(RangeError);
    expect(() => solutionIndices(new Uint8Array(1344), 200, 8)).toThrow(RangeError);
  });

  it('never throws on random bytes as a solution, and never accepts them', () => {
    const input = zebraHeader('block-main-0-000-002.txt').subarray(0, 140);
    fc.assert(
      fc.property(
        fc.oneof(fc.uint8Array({ minLength: 1344, maxLength: 1344 }), fc.uint8Array({ maxLength: 1400 })),
        (solution) => {
          const verdict = verifyEquihash(input, solution, 200, 9);
          expect(verdict.ok).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 200 }),
        fc.uint8Array({ maxLength: 100 }),
        fc.integer({ min: -1, max: 600 }),
        fc.integer({ min: -1, max: 25 }),
        (anyInput, solution, n, k) => {
          expect(verifyEquihash(anyInput, solution, n, k).ok).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('solveEquihash', () => {
  it('finds (48, 5) solutions that verify, in canonical order, for their own input only', () => {
    const found = [0, 1, 2, 3, 4, 5].map((seed) => ({
      input: inputFor(seed),
      solutions: solveEquihash(inputFor(seed), 48, 5),
    }));
    expect(found.flatMap((f) => f.solutions).length).toBeGreaterThan(0);
    for (const { input, solutions } of found) {
      for (const solution of solutions) {
        expect(solution).toHaveLength(36);
        expect(verifyEquihash(input, solution, 48, 5)).toEqual({ ok: true });
        const indices = solutionIndices(solution, 48, 5);
        expect(new Set(indices).size).toBe(32);
        expect(toHex(xorOfLeaves(input, 48, 5, indices))).toBe('00'.repeat(6));
        expect(verifyEquihash(inputFor(99), solution, 48, 5).ok).toBe(false);
      }
    }
  });

  it('a found solution, reordered, with an index repeated or changed, fails with the named reason', () => {
    const input = [0, 1, 2, 3, 4, 5, 6, 7].map(inputFor).find((i) => solveEquihash(i, 48, 5).length > 0)!;
    const indices = solutionIndices(solveEquihash(input, 48, 5)[0]!, 48, 5);
    const check = (changed: number[]) =>
      reasonOf(verifyEquihash(input, encodeSolution(changed, 48, 5), 48, 5));
    expect(check([...indices.slice(16), ...indices.slice(0, 16)])).toBe(
      `the index tree is not in canonical order: index ${indices[0]} leads a right subtree but is below ${indices[16]}, which leads its left one`,
    );
    expect(check([...indices.slice(0, 31), indices[30]!])).toBe(`an index appears twice: ${indices[30]}`);
    const last = (indices[31]! + 1) % 512;
    expect(check([...indices.slice(0, 31), last])).toMatch(
      new RegExp(`^indices ${indices[30]} and ${last} do not collide on bits 0 to 7$|canonical order`),
    );
  });

  it('finds exactly the (16, 3) solutions an all-pairs enumeration finds, and a near miss does not XOR to zero', () => {
    let nearMisses = 0;
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 140, maxLength: 140 }), (input) => {
        const all = enumerate16x3(input);
        const expected = all
          .filter((row) => row.rest === 0)
          .map((row) => toHex(encodeSolution(row.indices, 16, 3)));
        expect(solveEquihash(input, 16, 3).map(toHex).sort()).toEqual(expected.sort());
        for (const hex of expected)
          expect(verifyEquihash(input, chainBytes(hex, 'solution'), 16, 3).ok).toBe(true);
        const nearMiss = all.find((row) => row.rest !== 0);
        if (nearMiss === undefined) return;
        nearMisses++;
        expect(reasonOf(verifyEquihash(input, encodeSolution(nearMiss.indices, 16, 3), 16, 3))).toBe(
          'the hashes do not XOR to zero',
        );
      }),
      { numRuns: 30 },
    );
    expect(nearMisses).toBeGreaterThan(0);
  });

  it('refuses parameters too large to solve here and inputs that are not 140 bytes', () => {
    expect(() => solveEquihash(inputFor(0), 200, 9)).toThrow(/2\^21 rows/);
    expect(() => solveEquihash(new Uint8Array(139), 48, 5)).toThrow(ChainFormatError);
    expect(() => solveEquihash(inputFor(0), 48, 4)).toThrow(RangeError);
  });
});
