/** The anchor memo `ZAP1:09:<root>` as the wallet RPC carries it: hex text (docs/protocol.md 5.1). */
import { EVENT_SPECS, encodeMemo, parseAnchorMemo, parseHex, toHex } from '../../src/core/index.js';

/** The memo of an anchor of `rootHex` as the hex that `z_sendmany` takes (72 bytes; the node pads). */
export function anchorMemoHex(rootHex: string): string {
  return toHex(encodeMemo(EVENT_SPECS.MERKLE_ROOT.byte, rootHex));
}

/**
 * The root an anchor memo (hex, as a wallet reports it) names, or null when the memo is not exactly
 * `ZAP1:09:<root>` followed only by zero padding.
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
