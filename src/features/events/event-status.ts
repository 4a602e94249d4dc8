import type { AnchorStatus } from '../../api/anchor';

/** Whether an event's leaf is covered by an anchored root yet. */
export type EventAnchorState = 'anchored' | 'pending';
export const EVENT_ANCHOR_STATES: readonly EventAnchorState[] = ['anchored', 'pending'];

/** The `?status=` filter of the events page; anything else means no filter. */
export function parseStatusFilter(param: string | null): EventAnchorState | null {
  return param === 'anchored' || param === 'pending' ? param : null;
}

/**
 * How many leaves the latest anchored root covers: leaves are anchored in position order, so the
 * first `leaf_count - unanchored_leaves` positions are anchored and the rest wait.
 */
export function anchoredLeafCount(status: AnchorStatus): number {
  return Math.max(0, status.leaf_count - Math.max(0, status.unanchored_leaves));
}

/** An event's state from its 0-based position; null when either is unknown (a service without positions). */
export function eventAnchorState(
  position: number | undefined,
  anchoredCount: number | null,
): EventAnchorState | null {
  if (position === undefined || anchoredCount === null) return null;
  return position < anchoredCount ? 'anchored' : 'pending';
}

/**
 * Where the feed starts for a status filter: anchored events are the positions below the anchored
 * count (`before`); pending ones are the newest, from the top.
 */
export function feedStartFor(filter: EventAnchorState | null, anchoredCount: number | null): number | null {
  return filter === 'anchored' && anchoredCount !== null ? anchoredCount : null;
}

/**
 * Whether older pages can still hold events of the filter: pending events are all newer than the
 * anchored ones, so once a loaded event is anchored no older page has a pending one.
 */
export function olderPagesMayMatch(
  filter: EventAnchorState | null,
  loadedPositions: readonly (number | undefined)[],
  anchoredCount: number | null,
): boolean {
  if (filter !== 'pending' || anchoredCount === null) return true;
  return !loadedPositions.some((p) => p !== undefined && p < anchoredCount);
}
