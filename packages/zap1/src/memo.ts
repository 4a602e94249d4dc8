/** Memo decoding for callers that hold a memo as hex (an explorer, a node's JSON) or as bytes. */
import { parseHex } from '../../../src/core/hex.js';
import { decodeMemo as decodeMemoBytes, type DecodedMemo } from '../../../src/core/memo.js';

/**
 * Classifies a memo: a structured event memo (`zap1`/`nsm1`: `event_type`, `payload_hash`), typed
 * parts (`zip302`), UTF-8 `text`, or `binary`/`empty`/`unknown`. Hex (either case, an optional
 * `0x`) is read as its bytes; malformed hex throws a `RangeError` naming the memo.
 */
export function decodeMemo(memo: string | Uint8Array): DecodedMemo {
  if (typeof memo !== 'string') return decodeMemoBytes(memo);
  const hex = memo.trim().replace(/^0x/i, '');
  if (!/^[0-9a-f]*$/i.test(hex)) throw new RangeError('memo must be hex digits (0-9, a-f) or bytes');
  return decodeMemoBytes(parseHex(hex.toLowerCase(), { name: 'memo' }));
}
