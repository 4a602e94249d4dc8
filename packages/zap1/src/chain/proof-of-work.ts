/**
 * A block header's proof of work (protocol specification §7.7 "Proof of Work"): its Equihash
 * solution holds (§7.7.1) and its hash meets the target its nBits encodes (§7.7.2 "Difficulty
 * filter", §7.7.4 "nBits conversion"), the target being no easier than the network's powLimit.
 *
 * This checks the work a header carries, not that its nBits is the one the difficulty adjustment
 * (§7.7.3) asks for at its height: that needs the chain before it.
 */
import { parseBlockHeader, serializeBlockHeader, sha256d } from './block.js';
import type { BlockHeader } from './block.js';
import { ChainFormatError, chainBytes } from './bytes.js';
import { EQUIHASH_INPUT_BYTES, equihashParameters, verifyEquihash } from './equihash.js';
import type { PowNetwork } from './equihash.js';

/**
 * The easiest target each network allows: consensus.powLimit in zcashd's src/chainparams.cpp
 * (CMainParams uint256S("0007ff…ff"), CTestNetParams "07ff…ff", CRegTestParams "0f0f…0f").
 */
export const POW_LIMITS: Readonly<Record<PowNetwork, bigint>> = Object.freeze({
  mainnet: BigInt('0x0007' + 'f'.repeat(60)),
  testnet: BigInt('0x07' + 'f'.repeat(62)),
  regtest: BigInt('0x' + '0f'.repeat(32)),
});

/** nBits as zcashd prints it: 0x and eight hex digits. */
function bitsHex(bits: number): string {
  return `0x${bits.toString(16).padStart(8, '0')}`;
}

/**
 * The target a compact nBits encodes (Bitcoin's SetCompact, which zcashd keeps): a 23-bit mantissa
 * times 256^(exponent - 3), the exponent being the top byte. A set sign bit with a nonzero mantissa
 * (a negative target) or a target of 2^256 or more throws `ChainFormatError`, as zcashd refuses both.
 */
export function targetFromBits(bits: number): bigint {
  if (!Number.isInteger(bits) || bits < 0 || bits > 0xffff_ffff) {
    throw new RangeError('nBits must be an integer in 0..2^32-1');
  }
  const size = bits >>> 24;
  const mantissa = bits & 0x007f_ffff;
  if (mantissa !== 0 && (bits & 0x0080_0000) !== 0) {
    throw new ChainFormatError(`nBits ${bitsHex(bits)} encodes a negative target`);
  }
  // Small exponents shift mantissa bits out (zcashd floors, where the spec's formula would not).
  const target =
    size <= 3 ? BigInt(mantissa >>> (8 * (3 - size))) : BigInt(mantissa) << BigInt(8 * (size - 3));
  if (target >> 256n !== 0n)
    throw new ChainFormatError(`nBits ${bitsHex(bits)} encodes a target above 2^256`);
  return target;
}

/** What checkProofOfWork concludes, in words either way. */
export interface ProofOfWorkVerdict {
  ok: boolean;
  reason: string;
}

/** A 32-byte hash read as a little-endian 256-bit number, as the difficulty filter reads it. */
function littleEndianNumber(bytes: Uint8Array): bigint {
  let value = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[i]!);
  return value;
}

/** Exactly one header's bytes and its parse, or why there is none. */
function readHeader(header: string | Uint8Array | BlockHeader): { bytes: Uint8Array; parsed: BlockHeader } {
  if (typeof header === 'string' || header instanceof Uint8Array) {
    const bytes = chainBytes(header, 'block header');
    return { bytes, parsed: parseBlockHeader(bytes) };
  }
  // A parsed header is checked as the bytes it serializes to; parsing them back refuses a bad one.
  const bytes = serializeBlockHeader(header);
  return { bytes, parsed: parseBlockHeader(bytes) };
}

/**
 * Whether a block header (hex, bytes, or parsed) carries valid proof of work on `network`: its
 * Equihash solution verifies with the network's (n, k) over the header's first 140 bytes, the
 * target its nBits encodes is positive and within the network's powLimit, and the header's double
 * SHA-256, read as a little-endian number, is at or under that target. Never throws: a header
 * that cannot be read is `ok: false` with the reason.
 */
export function checkProofOfWork(
  header: string | Uint8Array | BlockHeader,
  network: PowNetwork,
): ProofOfWorkVerdict {
  if (!Object.hasOwn(POW_LIMITS, network)) return { ok: false, reason: `unknown network ${String(network)}` };
  let bytes: Uint8Array;
  let parsed: BlockHeader;
  try {
    ({ bytes, parsed } = readHeader(header));
  } catch (error) {
    const why = error instanceof Error ? error.message : 'unreadable';
    return { ok: false, reason: `the header cannot be read: ${why}` };
  }
  const { n, k } = equihashParameters(network);
  const equihash = verifyEquihash(bytes.subarray(0, EQUIHASH_INPUT_BYTES), parsed.solution, n, k);
  if (!equihash.ok) return { ok: false, reason: `the Equihash solution does not hold: ${equihash.reason}` };

  const bits = bitsHex(parsed.bits);
  let target: bigint;
  try {
    target = targetFromBits(parsed.bits);
  } catch (error) {
    return { ok: false, reason: `the header's nBits is unusable: ${(error as Error).message}` };
  }
  if (target === 0n) return { ok: false, reason: `the header's nBits (${bits}) encodes a zero target` };
  if (target > POW_LIMITS[network]) {
    return {
      ok: false,
      reason: `the target the header's nBits (${bits}) encodes is easier than the ${network} limit allows`,
    };
  }
  if (littleEndianNumber(sha256d(bytes)) > target) {
    return { ok: false, reason: `the header's hash is above the target its nBits (${bits}) encodes` };
  }
  return {
    ok: true,
    reason: `the Equihash (${n}, ${k}) solution holds and the header's hash is at or under the target its nBits (${bits}) encodes`,
  };
}
