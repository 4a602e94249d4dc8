import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from '../protocol/hex.js';
import { blockHash, parseBlockHeader, readBlockHeader, serializeBlockHeader, sha256d } from './block.js';
import type { BlockHeader } from './block.js';
import { ByteReader, ChainFormatError, chainBytes, fromDisplayHex } from './bytes.js';
import { solveEquihash } from './equihash.js';
import type { PowNetwork } from './equihash.js';
import { POW_LIMITS, checkProofOfWork, targetFromBits } from './proof-of-work.js';

/** Zebra's real blocks, copied into the package's test vectors (see their README beside them). */
const ZEBRA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/vectors/zebra');
const ZEBRA: Array<[file: string, network: PowNetwork, bits: number]> = [
  ['block-main-0-000-000.txt', 'mainnet', 0x1f07ffff],
  ['block-main-0-000-001.txt', 'mainnet', 0x1f07ffff],
  ['block-main-0-000-002.txt', 'mainnet', 0x1f07ffff],
  ['block-main-1-687-107.txt', 'mainnet', 0x1c01a98a],
  ['block-test-0-000-000.txt', 'testnet', 0x2007ffff],
  ['block-test-1-842-421.txt', 'testnet', 0x2007ffff],
];

function zebraBlock(file: string): Uint8Array {
  return chainBytes(readFileSync(path.join(ZEBRA_DIR, file), 'utf8').trim(), file);
}

/** A Zebra block's header bytes: as far as readBlockHeader reads. */
function zebraHeader(file: string): Uint8Array {
  const block = zebraBlock(file);
  const reader = new ByteReader(block, file);
  readBlockHeader(reader);
  return block.slice(0, reader.position);
}

/** The header's double SHA-256 as a little-endian number, computed here apart from the code under test. */
function hashNumber(header: BlockHeader): bigint {
  return BigInt(`0x${toHex(sha256d(serializeBlockHeader(header)).reverse())}`);
}

/** zcashd's regtest genesis block header (src/chainparams.cpp, CRegTestParams): an Equihash (48, 5) vector. */
const regtestGenesis: BlockHeader = {
  version: 4,
  previousBlockHash: new Uint8Array(32),
  merkleRoot: fromDisplayHex('c4eaa58879081de3c24a7b117ed2b28300e7ec4c4c1dff1d3f1268b7857a4ddb'),
  blockCommitments: new Uint8Array(32),
  time: 1296688602,
  bits: 0x200f0f0f,
  nonce: fromDisplayHex('0000000000000000000000000000000000000000000000000000000000000009'),
  solution: chainBytes(
    '01936b7db1eb4ac39f151b8704642d0a8bda13ec547d54cd5e43ba142fc6d8877cab07b3',
    'solution',
  ),
};

/** The first regtest header with nBits `bits` whose (48, 5) solution the solver finds and `wanted` accepts. */
function mineRegtest(bits: number, wanted: (header: BlockHeader) => boolean = () => true): BlockHeader {
  for (let n = 1; n < 2000; n++) {
    const nonce = new Uint8Array(32);
    new DataView(nonce.buffer).setUint32(0, n, true);
    const template = { ...regtestGenesis, time: 1700000000, bits, nonce };
    const input = serializeBlockHeader(template).subarray(0, 140);
    for (const solution of solveEquihash(input, 48, 5)) {
      if (wanted({ ...template, solution })) return { ...template, solution };
    }
  }
  throw new Error('no header found');
}

describe('checkProofOfWork on real headers', () => {
  it('accepts every Zebra block header on its network, as hex, bytes or parsed', () => {
    for (const [file, network, bits] of ZEBRA) {
      const header = zebraHeader(file);
      expect(header).toHaveLength(1487);
      const expected = {
        ok: true,
        reason: `the Equihash (200, 9) solution holds and the header's hash is at or under the target its nBits (0x${bits.toString(16)}) encodes`,
      };
      expect(checkProofOfWork(header, network)).toEqual(expected);
      expect(checkProofOfWork(toHex(header), network)).toEqual(expected);
      expect(checkProofOfWork(parseBlockHeader(header), network)).toEqual(expected);
    }
  });

  it("accepts zcashd's regtest genesis header, an Equihash (48, 5) block with the hash zcashd asserts", () => {
    expect(blockHash(regtestGenesis)).toBe(
      '029f11d80ef9765602235e1bc9727e3eb6ba20839319f761fee920d63401e327',
    );
    expect(checkProofOfWork(regtestGenesis, 'regtest')).toEqual({
      ok: true,
      reason:
        "the Equihash (48, 5) solution holds and the header's hash is at or under the target its nBits (0x200f0f0f) encodes",
    });
    expect(checkProofOfWork(regtestGenesis, 'mainnet').reason).toBe(
      'the Equihash solution does not hold: the solution is 36 bytes; Equihash (200, 9) solutions are 1344',
    );
  });

  it('refuses a header with any one solution, nonce, time or nBits byte changed', () => {
    for (const [file, network] of [ZEBRA[0]!, ZEBRA[3]!, ZEBRA[5]!]) {
      const header = zebraHeader(file);
      // Solution bytes across the whole solution, the nonce's first and last bytes, nTime, nBits.
      for (const at of [143, 144, 500, 1000, 1486, 108, 139, 100, 103, 104]) {
        const forged = header.slice();
        forged[at]! ^= 0x01;
        expect(checkProofOfWork(forged, network)).toEqual({
          ok: false,
          reason: expect.stringMatching(
            /^the Equihash solution does not hold: indices \d+ and \d+ do not collide on bits 0 to 19$/,
          ) as string,
        });
      }
    }
  });

  it("refuses a solution of the wrong length, and another network's parameters or limit", () => {
    const parsed = parseBlockHeader(zebraHeader('block-main-0-000-000.txt'));
    expect(checkProofOfWork({ ...parsed, solution: parsed.solution.subarray(0, 1343) }, 'mainnet')).toEqual({
      ok: false,
      reason:
        'the Equihash solution does not hold: the solution is 1343 bytes; Equihash (200, 9) solutions are 1344',
    });
    expect(checkProofOfWork(parsed, 'regtest').reason).toMatch(/solutions are 36$/);
    // Testnet's genesis solution holds for (200, 9), but its target is easier than mainnet allows.
    expect(checkProofOfWork(zebraHeader('block-test-0-000-000.txt'), 'mainnet')).toEqual({
      ok: false,
      reason: "the target the header's nBits (0x2007ffff) encodes is easier than the mainnet limit allows",
    });
  });
});

describe('checkProofOfWork on headers mined here (regtest, Equihash (48, 5))', () => {
  it('accepts a header whose hash is under its target and refuses one whose hash is above it', () => {
    const target = 0x0f0f0fn << 232n;
    const under = mineRegtest(0x200f0f0f, (h) => hashNumber(h) <= target);
    expect(checkProofOfWork(under, 'regtest').ok).toBe(true);
    expect(checkProofOfWork(serializeBlockHeader(under), 'regtest').ok).toBe(true);

    const above = mineRegtest(0x200f0f0f, (h) => hashNumber(h) > target);
    expect(checkProofOfWork(above, 'regtest')).toEqual({
      ok: false,
      reason: "the header's hash is above the target its nBits (0x200f0f0f) encodes",
    });
    const hard = mineRegtest(0x1f07ffff);
    expect(hashNumber(hard)).toBeGreaterThan(0x07ffffn << 224n);
    expect(checkProofOfWork(hard, 'regtest').reason).toBe(
      "the header's hash is above the target its nBits (0x1f07ffff) encodes",
    );
  });

  it('refuses a zero, negative, overflowing or too easy nBits even with a valid solution', () => {
    expect(checkProofOfWork(mineRegtest(0x00000000), 'regtest').reason).toBe(
      "the header's nBits (0x00000000) encodes a zero target",
    );
    expect(checkProofOfWork(mineRegtest(0x04923456), 'regtest').reason).toBe(
      "the header's nBits is unusable: nBits 0x04923456 encodes a negative target",
    );
    expect(checkProofOfWork(mineRegtest(0xff123456), 'regtest').reason).toBe(
      "the header's nBits is unusable: nBits 0xff123456 encodes a target above 2^256",
    );
    expect(checkProofOfWork(mineRegtest(0x2010ffff), 'regtest').reason).toBe(
      "the target the header's nBits (0x2010ffff) encodes is easier than the regtest limit allows",
    );
  });
});

describe('checkProofOfWork on what is not a header', () => {
  it('gives ok: false with the reason, never an exception', () => {
    const header = zebraHeader('block-main-0-000-001.txt');
    const cases: Array<[unknown, RegExp]> = [
      ['zz', /^the header cannot be read: /],
      [
        header.subarray(0, 1486),
        /^the header cannot be read: block header: solution at byte 143: needs 1344/,
      ],
      [
        zebraBlock('block-main-0-000-001.txt'),
        /^the header cannot be read: block header: \d+ trailing bytes/,
      ],
      [null, /^the header cannot be read: /],
      [{}, /^the header cannot be read: /],
      [{ ...parseBlockHeader(header), nonce: 'x' }, /^the header cannot be read: /],
    ];
    for (const [input, reason] of cases) {
      const verdict = checkProofOfWork(input as never, 'mainnet');
      expect(verdict.ok).toBe(false);
      expect(verdict.reason).toMatch(reason);
    }
    expect(checkProofOfWork(header, 'devnet' as never)).toEqual({
      ok: false,
      reason: 'unknown network devnet',
    });
  });

  it('never throws on random bytes, and never accepts them', () => {
    const randomHeader = fc
      .tuple(
        fc.uint8Array({ minLength: 140, maxLength: 140 }),
        fc.uint8Array({ minLength: 1344, maxLength: 1344 }),
      )
      .map(([fields, solution]) => Uint8Array.of(...fields, 0xfd, 0x40, 0x05, ...solution));
    fc.assert(
      fc.property(
        fc.oneof(randomHeader, fc.uint8Array({ maxLength: 1600 })),
        fc.constantFrom<PowNetwork>('mainnet', 'testnet', 'regtest'),
        (bytes, network) => {
          expect(checkProofOfWork(bytes, network).ok).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('targetFromBits', () => {
  it('decodes compact targets as Bitcoin and zcashd do', () => {
    expect(targetFromBits(0x1f07ffff)).toBe(0x07ffffn * 256n ** (0x1fn - 3n));
    expect(targetFromBits(0x200f0f0f)).toBe(0x0f0f0fn * 256n ** 29n);
    expect(targetFromBits(0x2007ffff)).toBe(0x07ffffn << 232n);
    expect(targetFromBits(0x1d00ffff)).toBe(0xffffn << 208n); // Bitcoin's genesis
    expect(targetFromBits(0x01123456)).toBe(0x12n);
    expect(targetFromBits(0x02008000)).toBe(0x80n);
    expect(targetFromBits(0x03123456)).toBe(0x123456n);
    expect(targetFromBits(0x05009234)).toBe(0x92340000n);
    expect(targetFromBits(0x00123456)).toBe(0n);
    expect(targetFromBits(0x01003456)).toBe(0n);
    expect(targetFromBits(0x01800000)).toBe(0n); // sign bit on a zero mantissa: zero, not negative
    expect(targetFromBits(0x220000ff)).toBe(0xffn << 248n); // the largest exponent that still fits
  });

  it('relates each network limit to its genesis nBits', () => {
    expect(POW_LIMITS.mainnet).toBe((1n << 243n) - 1n);
    expect(POW_LIMITS.testnet).toBe((1n << 251n) - 1n);
    expect(POW_LIMITS.regtest.toString(16).padStart(64, '0')).toBe('0f'.repeat(32));
    expect(targetFromBits(0x1f07ffff) <= POW_LIMITS.mainnet).toBe(true);
    expect(targetFromBits(0x1f080000) > POW_LIMITS.mainnet).toBe(true);
    expect(targetFromBits(0x2007ffff) <= POW_LIMITS.testnet).toBe(true);
    expect(targetFromBits(0x200f0f0f) <= POW_LIMITS.regtest).toBe(true);
  });

  it('throws ChainFormatError on negative and overflowing encodings', () => {
    for (const bits of [0x04923456, 0x01fedcba, 0x20800001]) {
      expect(() => targetFromBits(bits)).toThrow(ChainFormatError);
      expect(() => targetFromBits(bits)).toThrow(/encodes a negative target/);
    }
    for (const bits of [0xff123456, 0x23000001, 0x22000100, 0x21010000]) {
      expect(() => targetFromBits(bits)).toThrow(/encodes a target above 2\^256/);
    }
    expect(targetFromBits(0x2100ffff)).toBe(0xffffn << 240n);
    for (const bits of [-1, 2 ** 32, 1.5, Number.NaN]) expect(() => targetFromBits(bits)).toThrow(RangeError);
  });
});
