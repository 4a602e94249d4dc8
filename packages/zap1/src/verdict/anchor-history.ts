/**
 * A ZAP1 service's anchor history (`GET /anchor/history`, docs/reference-api.md 4.6) read as
 * untrusted JSON, and the search of it for one root and one transaction. The fetching is the
 * caller's (the browser's API module or the command-line verifier): this module only reads pages.
 */
import { isHex64, isRecord } from '../protocol/guards.js';

/** One anchored root as a service's history lists it. */
export interface HistoryAnchor {
  rootHex: string;
  txid: string;
  height: number;
  leafCount: number | null;
  /** Unix time of the block, where the service gives it. */
  blockTime: number | null;
  /** The block's hash (display order), where the service gives it: what lets its word confirm a block. */
  blockHash: string | null;
}

/** One page of the history and where the next (older) one starts, if the service pages it. */
export interface HistoryPage {
  anchors: HistoryAnchor[];
  /** The `before` of the next page (a block height), or null at the end or when the service does not page. */
  nextBefore: number | null;
}

/** Loads the page below block `before` (null: the first, newest page). */
export type HistoryPageLoader = (before: number | null) => Promise<HistoryPage>;

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * The anchors of a `/anchor/history` body. Entries the reference shape does not allow (a root or
 * txid that is not 64 hex, a missing height) are left out rather than trusted; txids and roots are
 * compared lowercase. Throws `TypeError` when the body is not a history at all.
 */
export function parseHistoryBody(body: unknown): HistoryAnchor[] {
  if (!isRecord(body) || !Array.isArray(body['anchors'])) {
    throw new TypeError('the anchor history is not an object with a list of anchors');
  }
  const anchors: HistoryAnchor[] = [];
  for (const entry of body['anchors']) {
    if (!isRecord(entry)) continue;
    const root = typeof entry['root'] === 'string' ? entry['root'].toLowerCase() : null;
    const txid = typeof entry['txid'] === 'string' ? entry['txid'].toLowerCase() : null;
    const height = entry['height'];
    if (!isHex64(root) || !isHex64(txid) || !isCount(height)) continue;
    const leafCount = entry['leaf_count'];
    const blockTime = entry['block_time'];
    const blockHash = typeof entry['block_hash'] === 'string' ? entry['block_hash'].toLowerCase() : null;
    anchors.push({
      rootHex: root,
      txid,
      height,
      leafCount: isCount(leafCount) ? leafCount : null,
      blockTime: isCount(blockTime) ? blockTime : null,
      blockHash: isHex64(blockHash) ? blockHash : null,
    });
  }
  return anchors;
}

/** What the history says about one root and one transaction. */
export interface HistoryFindings {
  /** The entry anchoring the root, if any (the first found, newest first). */
  byRoot: HistoryAnchor | null;
  /** The entry of the transaction, if any (it may anchor another root). */
  byTxid: HistoryAnchor | null;
}

/** At most this many pages are read: a history longer than that is not searched to its end. */
const MAX_PAGES = 200;

/**
 * Searches the history, page by page from the newest, for `rootHex` and `txid` (null: none
 * claimed). Stops when both are found, at the last page, or when a service repeats a page (the
 * reference ignores `before` and returns everything on every call).
 */
export async function findInHistory(
  loadPage: HistoryPageLoader,
  rootHex: string,
  txid: string | null,
): Promise<HistoryFindings> {
  let byRoot: HistoryAnchor | null = null;
  let byTxid: HistoryAnchor | null = null;
  let before: number | null = null;
  const seenCursors = new Set<number>();
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const page = await loadPage(before);
    for (const anchor of page.anchors) {
      if (byRoot === null && anchor.rootHex === rootHex) byRoot = anchor;
      if (byTxid === null && txid !== null && anchor.txid === txid) byTxid = anchor;
    }
    const done = byRoot !== null && (txid === null || byTxid !== null);
    const next = page.nextBefore;
    if (done || next === null || seenCursors.has(next) || (before !== null && next >= before)) break;
    seenCursors.add(next);
    before = next;
  }
  return { byRoot, byTxid };
}
