/** Hex encoding helpers. Hashes cross every boundary of this project as lowercase hex strings. */

import { HEX64_PATTERN } from './guards.js';

const HEX_DIGITS = '0123456789abcdef';

// Two hex digits per byte value: proofs and bundles turn many hashes into hex, one lookup per byte.
const BYTE_HEX: readonly string[] = Array.from(
  { length: 256 },
  (_, b) => HEX_DIGITS[b >> 4]! + HEX_DIGITS[b & 15]!,
);

/** Lowercase hex of `bytes`. */
export function toHex(bytes: Uint8Array): string {
  if (!(bytes instanceof Uint8Array)) throw new TypeError('bytes must be a Uint8Array');
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += BYTE_HEX[bytes[i]!]!;
  return out;
}

function nibble(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  if (code >= 97 && code <= 102) return code - 87; // a-f
  if (code >= 65 && code <= 70) return code - 55; // A-F
  return -1;
}

/**
 * Bytes of a hex string (either case). Throws `TypeError` for a non-string and `RangeError` for odd
 * length, a non-hex character, or a length other than `expectedBytes` when given. `name` names the
 * argument in the message.
 */
export function parseHex(hex: string, options: { name?: string; expectedBytes?: number } = {}): Uint8Array {
  const name = options.name ?? 'hex';
  if (typeof hex !== 'string') throw new TypeError(`${name} must be a hex string`);
  if (hex.length % 2 !== 0) throw new RangeError(`${name} must have an even number of hex digits`);
  if (options.expectedBytes !== undefined && hex.length !== options.expectedBytes * 2) {
    throw new RangeError(`${name} must be exactly ${options.expectedBytes * 2} hex characters`);
  }
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) {
    const hi = nibble(hex.charCodeAt(2 * i));
    const lo = nibble(hex.charCodeAt(2 * i + 1));
    if (hi < 0 || lo < 0)
      throw new RangeError(`${name} contains a character that is not hex at position ${2 * i}`);
    out[i] = (hi << 4) | lo;
  }
  return out;
}

/** Bytes of a 32-byte hash given as 64 lowercase hex characters; anything else throws naming `name`. */
export function parseHash(hex: string, name = 'hash'): Uint8Array {
  if (typeof hex !== 'string') throw new TypeError(`${name} must be a hex string`);
  if (!HEX64_PATTERN.test(hex)) throw new RangeError(`${name} must be exactly 64 lowercase hex characters`);
  return parseHex(hex, { name });
}

/** Whether two byte arrays hold the same bytes. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
