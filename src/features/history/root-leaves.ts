import type { AnchorHistoryEntry } from '../../api/anchor';
import type { EventItem } from '../../api/events';
import { parseServiceTime } from '../../components/time-format';
import { formatNumber } from '../../components/number-words';

/** The time of an anchor: its block's time when the service gives it, else the root's creation time. */
export function anchorTime(anchor: AnchorHistoryEntry): Date | null {
  return parseServiceTime(anchor.block_time ?? null) ?? parseServiceTime(anchor.created_at ?? null);
}

/**
 * Positions new in the anchor at `index` (oldest-first list), 0-based as the API, the Events page
 * and webhooks count them: from the largest earlier anchored size to this anchor's size minus one.
 * Empty (`newFrom > newTo`) when the anchor adds none.
 */
export function coveredRange(
  anchorsOldestFirst: readonly AnchorHistoryEntry[],
  index: number,
): { newFrom: number; newTo: number } {
  const anchor = anchorsOldestFirst[index];
  if (!anchor) return { newFrom: 0, newTo: -1 };
  let previous = 0;
  for (const a of anchorsOldestFirst.slice(0, index)) previous = Math.max(previous, a.leaf_count);
  return { newFrom: previous, newTo: anchor.leaf_count - 1 };
}

/** "position 4", "positions 0 to 4", or "no positions" (0-based, inclusive). */
export function positionsText(from: number, to: number): string {
  if (from > to) return 'no positions';
  return from === to
    ? `position ${formatNumber(from)}`
    : `positions ${formatNumber(from)} to ${formatNumber(to)}`;
}

/**
 * Events fetched with `before = leafCount` and no type filter come newest first from
 * position `leafCount - 1` down, one per position, so each one's (0-based) position follows from
 * its index.
 */
export function withPositions(
  events: readonly EventItem[],
  leafCount: number,
): { position: number; event: EventItem }[] {
  return events
    .map((event, i) => ({ position: leafCount - 1 - i, event }))
    .filter((row) => row.position >= 0);
}
