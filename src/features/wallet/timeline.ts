import type { LifecycleEvent } from '../../api/lifecycle';

export type AnchorStateView =
  | { kind: 'anchored'; txid: string; height: number | null }
  | { kind: 'broadcast'; txid: string }
  | { kind: 'awaiting' };

/** A lifecycle entry's anchor: anchored (txid and height), a txid without height, or awaiting. */
export function anchorStateOf(event: LifecycleEvent): AnchorStateView {
  const txid = event.anchor_txid ?? null;
  if (txid && (event.anchored ?? event.anchor_height != null))
    return { kind: 'anchored', txid, height: event.anchor_height ?? null };
  if (txid) return { kind: 'broadcast', txid };
  return { kind: 'awaiting' };
}

/** Oldest to newest. The service already sends them so; a stable sort by time keeps ties in its order. */
export function timelineOrder(events: readonly LifecycleEvent[]): LifecycleEvent[] {
  return events
    .map((event, i) => ({ event, i, t: Date.parse(event.created_at) }))
    .sort((a, b) => (Number.isNaN(a.t) || Number.isNaN(b.t) ? a.i - b.i : a.t - b.t || a.i - b.i))
    .map((x) => x.event);
}

/** Whether any entry still awaits its anchor (then the page keeps asking). */
export function anyAwaiting(events: readonly LifecycleEvent[]): boolean {
  return events.some((e) => anchorStateOf(e).kind !== 'anchored');
}
