import type { AnchorHistoryEntry } from '../../api/anchor';
import type { EventItem } from '../../api/events';
import { parseServiceTime } from '../../components/time-format';

/** The time of an anchor: its block's time when the service gives it, else the root's creation time. */
export function anchorTime(anchor: AnchorHistoryEntry): Date | null {
  return parseServiceTime(anchor.block_time ?? null) ?? parseServiceTime(anchor.created_at ?? null);
}

/** Positions new in the anchor at `index` (oldest-first list): after the largest earlier anchored size. */
export function coveredRange(
  anchorsOldestFirst: readonly AnchorHistoryEntry[],
  index: number,
): { newFrom: number; newTo: number } {
  const anchor = anchorsOldestFirst[index];
  if (!anchor) return { newFrom: 1, newTo: 0 };
  let previous = 0;
  for (const a of anchorsOldestFirst.slice(0, index)) previous = Math.max(previous, a.leaf_count);
  return { newFrom: previous + 1, newTo: anchor.leaf_count };
}

/**
 * Events fetched with `before = leafCount` and no type filter come newest first from
 * position `leafCount` down, one per position, so each one's position follows from its index.
 */
export function withPositions(
  events: readonly EventItem[],
  leafCount: number,
): { position: number; event: EventItem }[] {
  return events.map((event, i) => ({ position: leafCount - i, event })).filter((row) => row.position >= 1);
}
