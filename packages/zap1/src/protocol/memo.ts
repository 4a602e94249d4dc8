/**
 * ZAP1 memos: the 72-byte wire format (docs/protocol.md 5.1) and the raw memo classifier with its ZIP 302
 * TVLV decoder (docs/protocol.md 5.2-5.4), matching the reference `POST /memo/decode` output.
 */
import { EVENT_SPECS, eventTypeLabel } from './event-specs.js';
import { parseHash, parseHex, toHex } from './hex.js';

/** What `decodeMemo` found in a memo, in the JSON shape of `POST /memo/decode` (docs/protocol.md 5.4). */
export type DecodedMemo =
  | { format: 'text'; text: string }
  | {
      format: 'zap1' | 'nsm1';
      protocol: 'ZAP1' | 'NSM1';
      event_type: string;
      event_label: string;
      payload_hash: string;
      raw: string;
    }
  | {
      format: 'zip302';
      parts: { part_type: number; version: number; value_hex: string; value_utf8: string | null }[];
    }
  | { format: 'empty' }
  | { format: 'binary'; length: number; hex: string }
  | { format: 'unknown'; first_byte: string; length: number };

/** The seven memo formats (docs/protocol.md 5.2 labels). */
export const MEMO_FORMATS: readonly DecodedMemo['format'][] = [
  'text',
  'zap1',
  'nsm1',
  'zip302',
  'empty',
  'binary',
  'unknown',
];

/** A Zcash memo field is 512 bytes. */
const MEMO_FIELD_BYTES = 512;
const ZAP1_MEMO_BYTES = 72;
const ANCHOR_MEMO = /^ZAP1:09:([0-9a-f]{64})$/;

const ascii = new TextEncoder();
// fatal: invalid UTF-8 is an error, not U+FFFD; ignoreBOM: keep a leading BOM as U+FEFF, as Rust does.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const hexByte = (value: number): string => `0x${value.toString(16).padStart(2, '0')}`;

/**
 * The ZAP1 memo `ZAP1:<tt>:<payload>` as its 72 ASCII bytes (docs/protocol.md 5.1), or zero-padded to the
 * 512-byte memo field with `padTo512`. `typeByte` must be a defined event type byte and `payloadHex`
 * 64 lowercase hex (the leaf hash, or the root commitment for 0x09); otherwise `TypeError`/`RangeError`.
 */
export function encodeMemo(
  typeByte: number,
  payloadHex: string,
  options: { padTo512?: boolean } = {},
): Uint8Array {
  if (typeof typeByte !== 'number') throw new TypeError('typeByte must be a number');
  if (!Number.isInteger(typeByte) || eventTypeLabel(typeByte) === 'UNKNOWN') {
    throw new RangeError(`typeByte ${String(typeByte)} is not a defined ZAP1 event type byte`);
  }
  parseHash(payloadHex, 'payloadHex');
  const text = ascii.encode(`ZAP1:${typeByte.toString(16).padStart(2, '0')}:${payloadHex}`);
  if (!options.padTo512) return text;
  const padded = new Uint8Array(MEMO_FIELD_BYTES);
  padded.set(text);
  return padded;
}

/**
 * The root commitment of an anchor memo: the hex when `bytes`, after stripping trailing zero
 * padding, are exactly `ZAP1:09:<64 lowercase hex>` (docs/protocol.md 5.1); otherwise `null`.
 */
export function parseAnchorMemo(bytes: Uint8Array): string | null {
  if (!(bytes instanceof Uint8Array)) return null;
  const trimmed = stripTrailingZeros(bytes);
  if (trimmed.length !== ZAP1_MEMO_BYTES) return null;
  let text = '';
  for (const byte of trimmed) text += String.fromCharCode(byte);
  return ANCHOR_MEMO.exec(text)?.[1] ?? null;
}

/** The memo of an anchor of `rootHex` as the hex a wallet's `z_sendmany` takes (72 bytes; the node pads). */
export function anchorMemoHex(rootHex: string): string {
  return toHex(encodeMemo(EVENT_SPECS.MERKLE_ROOT.byte, rootHex));
}

/**
 * The root an anchor memo names, given as hex as a wallet reports it (either case), or null when the
 * memo is not exactly `ZAP1:09:<root>` followed only by zero padding.
 */
export function rootOfMemoHex(memoHex: string | undefined): string | null {
  if (memoHex === undefined) return null;
  let bytes: Uint8Array;
  try {
    bytes = parseHex(memoHex.toLowerCase(), { name: 'memo' });
  } catch {
    return null;
  }
  return parseAnchorMemo(bytes);
}

function stripTrailingZeros(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return bytes.subarray(0, end);
}

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Classify and decode a raw memo (docs/protocol.md 5.2, in that order): empty, the 0xF6 empty marker,
 * ZIP 302 TVLV (0xF7), binary (0xFF), reserved markers (unknown), then strict UTF-8 text, which is a
 * ZAP1/NSM1 attestation memo when it parses as one. Never throws for any byte string. A memo held as
 * hex (an explorer's, a node's JSON: either case, an optional `0x`) is read as its bytes; malformed
 * hex throws a `RangeError` naming the memo.
 */
export function decodeMemo(memo: string | Uint8Array): DecodedMemo {
  const bytes = typeof memo === 'string' ? memoBytes(memo) : memo;
  if (!(bytes instanceof Uint8Array)) throw new TypeError('bytes must be a Uint8Array');
  const length = bytes.length;
  const first = bytes[0];
  if (first === undefined || bytes.every((byte) => byte === 0)) return { format: 'empty' };
  const unknown: DecodedMemo = { format: 'unknown', first_byte: hexByte(first), length };
  if (first === 0xf6) return bytes.subarray(1).every((byte) => byte === 0) ? { format: 'empty' } : unknown;
  if (first === 0xf7) {
    const parts = decodeTvlv(bytes);
    return parts === null ? unknown : { format: 'zip302', parts };
  }
  if (first === 0xff) return { format: 'binary', length: length - 1, hex: toHex(bytes.subarray(1)) };
  if (first >= 0xf5) return unknown;

  const text = decodeUtf8(stripTrailingZeros(bytes));
  if (text === null) return unknown;
  if (text.startsWith('ZAP1:')) return parseAttestation(text, 'ZAP1') ?? { format: 'text', text };
  if (text.startsWith('NSM1:')) return parseAttestation(text, 'NSM1') ?? { format: 'text', text };
  return { format: 'text', text };
}

/** `u8::from_str_radix(s, 16)`: optional single leading `+`, then one or more hex digits (either case, leading zeros allowed). */
function parseU8Hex(s: string): number | null {
  const digits = s.startsWith('+') ? s.slice(1) : s;
  if (!/^[0-9a-fA-F]+$/.test(digits)) return null;
  let value = 0;
  for (const ch of digits) {
    value = value * 16 + parseInt(ch, 16);
    if (value > 0xff) return null; // leading zeros never overflow, so checking as we go is exact
  }
  return value;
}

function parseAttestation(text: string, protocol: 'ZAP1' | 'NSM1'): DecodedMemo | null {
  const pieces = text.slice(5).split(':');
  if (pieces.length !== 2) return null;
  const [typeText, payload] = pieces;
  if (typeText === undefined || payload === undefined) return null;
  const typeByte = parseU8Hex(typeText);
  if (typeByte === null) return null;
  // The reference requires 64 *bytes*; any non-ASCII character there either fails to parse or panics it.
  if (payload.length !== 64 || !/^[\x20-\x7e]*$/.test(payload)) return null;
  const payloadBytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) {
    const value = parseU8Hex(payload.slice(2 * i, 2 * i + 2));
    if (value === null) return null;
    payloadBytes[i] = value;
  }
  return {
    format: protocol === 'ZAP1' ? 'zap1' : 'nsm1',
    protocol,
    event_type: hexByte(typeByte),
    event_label: eventTypeLabel(typeByte),
    payload_hash: toHex(payloadBytes),
    raw: text,
  };
}

/** Reads canonical Bitcoin compactSize values (docs/protocol.md 5.3); `null` when truncated or non-minimal. */
class CompactSizeReader {
  position = 1; // after the 0xF7 marker
  private readonly bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  get remaining(): number {
    return this.bytes.length - this.position;
  }

  private littleEndian(width: number): bigint | null {
    if (this.remaining < width) return null;
    let value = 0n;
    for (let i = width - 1; i >= 0; i--) value = (value << 8n) | BigInt(this.bytes[this.position + i] ?? 0);
    this.position += width;
    return value;
  }

  read(): bigint | null {
    const tag = this.littleEndian(1);
    if (tag === null) return null;
    if (tag < 0xfdn) return tag;
    const width = tag === 0xfdn ? 2 : tag === 0xfen ? 4 : 8;
    const minimum = tag === 0xfdn ? 0xfdn : tag === 0xfen ? 0x1_0000n : 0x1_0000_0000n;
    const value = this.littleEndian(width);
    return value === null || value < minimum ? null : value;
  }

  take(length: bigint): Uint8Array | null {
    if (length > BigInt(this.remaining)) return null;
    const start = this.position;
    this.position += Number(length);
    return this.bytes.subarray(start, this.position);
  }
}

type Zip302Part = Extract<DecodedMemo, { format: 'zip302' }>['parts'][number];

/** ZIP 302 TVLV parts of a memo starting with 0xF7, or `null` on any decode error (docs/protocol.md 5.3). */
function decodeTvlv(bytes: Uint8Array): Zip302Part[] | null {
  if (bytes[0] !== 0xf7) return null;
  const reader = new CompactSizeReader(bytes);
  const parts: Zip302Part[] = [];
  const seenTypes = new Set<number>();
  for (;;) {
    const partType = reader.read();
    if (partType === null) return null;
    // The end marker test uses the untruncated value: 65536 is a part of type 0, not the end.
    if (partType === 0n) break;
    const version = reader.read();
    if (version === null) return null;
    const valueLength = reader.read();
    if (valueLength === null) return null;
    const value = reader.take(valueLength);
    if (value === null) return null;
    // The reference keeps the type as u16 and the version as u8 by truncation.
    const shortType = Number(partType & 0xffffn);
    if (seenTypes.has(shortType)) return null;
    seenTypes.add(shortType);
    parts.push({
      part_type: shortType,
      version: Number(version & 0xffn),
      value_hex: toHex(value),
      value_utf8: decodeUtf8(value),
    });
  }
  for (let i = reader.position; i < bytes.length; i++) if (bytes[i] !== 0) return null;
  return parts;
}

/** The bytes of a memo written as hex. */
function memoBytes(text: string): Uint8Array {
  const hex = text.trim().replace(/^0x/i, '');
  if (!/^[0-9a-f]*$/i.test(hex)) throw new RangeError('memo must be hex digits (0-9, a-f) or bytes');
  return parseHex(hex.toLowerCase(), { name: 'memo' });
}
