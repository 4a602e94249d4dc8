import type { AnchorHistoryEntry, AnchorStatus } from '../../api/anchor';
import { countWords, formatNumber } from '../../components/number-words';
import { RelativeTime } from '../../components/relative-time';
import { formatDuration } from '../../components/time-format';
import { TxLink } from '../../components/tx-link';

interface AnchorFacts {
  txid: string;
  height: number | null;
  /** Null where the service does not say (the reference's `last_anchor_*` fields). */
  leafCount: number | null;
  blockTime: AnchorHistoryEntry['block_time'];
}

/**
 * The latest anchor: this service's `latest_anchor`, else the reference's `last_anchor_*` (the
 * current root's own anchor), else the newest of the history.
 */
function lastAnchorOf(status: AnchorStatus, anchors: readonly AnchorHistoryEntry[]): AnchorFacts | null {
  const latest = status.latest_anchor;
  if (latest)
    return {
      txid: latest.txid,
      height: latest.height,
      leafCount: latest.leaf_count,
      blockTime: latest.block_time,
    };
  if (status.last_anchor_txid)
    return {
      txid: status.last_anchor_txid,
      height: status.last_anchor_height ?? null,
      leafCount: null,
      blockTime: null,
    };
  // The one covering the most leaves is the newest.
  const newest = anchors.reduce<AnchorHistoryEntry | null>(
    (found, a) => (found === null || a.leaf_count >= found.leaf_count ? a : found),
    null,
  );
  return (
    newest && {
      txid: newest.txid,
      height: newest.height,
      leafCount: newest.leaf_count,
      blockTime: newest.block_time,
    }
  );
}

/**
 * The Status page's one row about the latest anchor: where it is, what it covers and when, or that
 * there is none yet (said only once the history, which may name one, has answered).
 */
export function LastAnchor({
  status,
  anchors,
  historyState,
  ageS,
}: {
  status: AnchorStatus;
  anchors: readonly AnchorHistoryEntry[];
  historyState: 'pending' | 'failed' | 'loaded';
  /** Seconds since the last anchor where no block time says it (a reference service's whole hours). */
  ageS: number | null;
}) {
  const last = lastAnchorOf(status, anchors);
  if (!last) {
    if (historyState === 'pending') return <>loading…</>;
    if (historyState === 'failed') return <>unknown: the anchor history could not be loaded</>;
    return <>none yet</>;
  }
  const when =
    last.blockTime != null ? (
      <RelativeTime value={last.blockTime} />
    ) : ageS !== null ? (
      `about ${formatDuration(ageS)} ago`
    ) : null;
  return (
    <>
      height {last.height === null ? 'unknown' : formatNumber(last.height)},{' '}
      {last.leafCount !== null && `${countWords(last.leafCount, 'leaf', 'leaves')}, `}
      <TxLink txid={last.txid} />
      {when && <>, {when}</>}
    </>
  );
}
