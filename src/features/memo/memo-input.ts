/** Turning what a user gives the memo page (hex, text or a file) into memo bytes, and back into a hex view. */
import type { DecodedMemo } from 'zap1';
import type { ServiceDecodedMemo } from '../../api/memo';

export type MemoInputMode = 'hex' | 'text' | 'file';

/** A Zcash memo field. */
export const MEMO_FIELD_BYTES = 512;
/** What `POST /memo/decode` accepts (docs/reference-api.md 4.10). */
export const SERVICE_MEMO_LIMIT_BYTES = 1024;
/** Files beyond this are surely not memos; refusing keeps the hex view fast. */
export const MAX_FILE_BYTES = 64 * 1024;

export type ParsedMemoInput = { ok: true; bytes: Uint8Array } | { ok: false; error: string };

/** Hex as pasted: spaces and line breaks ignored, an optional `0x`, either case. */
export function parseMemoHex(input: string): ParsedMemoInput {
  let hex = input.replace(/\s+/g, '');
  if (/^0x/i.test(hex)) hex = hex.slice(2);
  const bad = /[^0-9a-fA-F]/.exec(hex);
  if (bad)
    return { ok: false, error: `"${bad[0]}" at character ${bad.index + 1} is not a hexadecimal digit.` };
  if (hex.length % 2 !== 0)
    return { ok: false, error: 'Hex must have an even number of digits (two per byte).' };
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return { ok: true, bytes };
}

/** Text is encoded as UTF-8, exactly as a wallet puts a text memo on chain. */
export function textToMemoBytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** Checks the size of a dropped or chosen file before reading it. */
export function fileSizeProblem(size: number): string | null {
  return size > MAX_FILE_BYTES
    ? `The file has ${size} bytes; a memo is at most ${MEMO_FIELD_BYTES} bytes.`
    : null;
}

/**
 * Whether nothing has been typed yet: then there is nothing to decode (not an "empty memo"). In text
 * mode a space is a byte; in hex mode whitespace is ignored anyway.
 */
export function memoInputIsBlank(mode: Exclude<MemoInputMode, 'file'>, input: string): boolean {
  return mode === 'hex' ? input.trim() === '' : input === '';
}

export function parseMemoInput(mode: Exclude<MemoInputMode, 'file'>, input: string): ParsedMemoInput {
  return mode === 'hex' ? parseMemoHex(input) : { ok: true, bytes: textToMemoBytes(input) };
}

/** Notes about the length, shown beside the result (not errors: the decoder still runs). */
export function lengthNotes(length: number): string[] {
  const notes: string[] = [];
  if (length > MEMO_FIELD_BYTES)
    notes.push(`${length} bytes is longer than a Zcash memo field (${MEMO_FIELD_BYTES} bytes).`);
  if (length > SERVICE_MEMO_LIMIT_BYTES)
    notes.push(`The service decodes at most ${SERVICE_MEMO_LIMIT_BYTES} bytes.`);
  return notes;
}

export interface HexRow {
  offset: string;
  hex: string;
  ascii: string;
}

/** A classic hex view: offset, bytes, printable ASCII (others as "."). */
export function hexRows(bytes: Uint8Array, perRow = 16): HexRow[] {
  const rows: HexRow[] = [];
  for (let start = 0; start < bytes.length; start += perRow) {
    const slice = bytes.subarray(start, start + perRow);
    rows.push({
      offset: start.toString(16).padStart(4, '0'),
      hex: Array.from(slice, (b) => b.toString(16).padStart(2, '0')).join(' '),
      ascii: Array.from(slice, (b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join(''),
    });
  }
  return rows;
}

/** Trailing zero bytes (the memo field's padding) collapse into one line of the hex view. */
export function splitPadding(bytes: Uint8Array): { content: Uint8Array; paddingBytes: number } {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return { content: bytes.subarray(0, end), paddingBytes: bytes.length - end };
}

/** The fields that define each format's answer; the rest (e.g. `raw`) may legitimately differ. */
function essentials(memo: DecodedMemo | ServiceDecodedMemo): Record<string, unknown> {
  switch (memo.format) {
    case 'text':
      return { format: memo.format, text: memo.text };
    case 'zap1':
    case 'nsm1':
      return {
        format: memo.format,
        protocol: memo.protocol,
        event_type: memo.event_type,
        event_label: memo.event_label,
        payload_hash: memo.payload_hash,
      };
    case 'zip302':
      return {
        format: memo.format,
        parts: memo.parts.map((p) => ({
          part_type: p.part_type,
          version: p.version,
          value_hex: p.value_hex,
          value_utf8: p.value_utf8,
        })),
      };
    case 'empty':
      return { format: memo.format };
    case 'binary':
      return { format: memo.format, length: memo.length, hex: memo.hex };
    case 'unknown':
      return { format: memo.format, first_byte: memo.first_byte, length: memo.length };
  }
}

/** Whether the browser's and the service's readings agree, and where they differ. */
export function compareDecodings(
  local: DecodedMemo,
  service: ServiceDecodedMemo,
): { agree: boolean; differences: string[] } {
  const a = essentials(local);
  const b = essentials(service);
  const differences: string[] = [];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) differences.push(key);
  }
  return { agree: differences.length === 0, differences };
}

/** A human name for each format. */
export function formatName(memo: DecodedMemo): string {
  switch (memo.format) {
    case 'zap1':
      return 'ZAP1 attestation';
    case 'nsm1':
      return 'NSM1 attestation (legacy prefix)';
    case 'zip302':
      return 'ZIP 302 typed parts';
    case 'text':
      return 'Plain UTF-8 text';
    case 'binary':
      return 'Binary data (0xFF marker)';
    case 'empty':
      return 'Empty memo';
    case 'unknown':
      return 'Unknown format';
  }
}
