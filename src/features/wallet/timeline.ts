import type { LifecycleEvent } from '../../api/lifecycle';
import { serialLabel } from 'zap1';

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

/** One labelled fact of a timeline entry, as the page shows it. */
export interface TimelineFact {
  label: string;
  value: string;
  /** Shown in a monospaced font (identifiers the user may compare character by character). */
  mono: boolean;
}

/**
 * The facts a timeline entry carries besides its type, time and leaf, each under its own event type's
 * label: a staking deposit's value is its validator, a vote's its proposal, a contract's its serial
 * number (the service keeps one such value per leaf, named by the type's `serialField`).
 * A transfer says which way it went and the wallet on the other side, where the service tells
 * (this one links a transfer to both owners); a service that does not links it to the old owner only.
 */
export function timelineFacts(event: LifecycleEvent): TimelineFact[] {
  const facts: TimelineFact[] = [];
  if (event.serial_number)
    facts.push({ label: serialLabel(event.event_type), value: event.serial_number, mono: true });
  if (event.event_type === 'TRANSFER') {
    const other = event.counterparty_wallet;
    if (event.direction === 'in' && other) {
      facts.push({ label: 'Direction', value: 'Into this wallet (its new owner)', mono: false });
      facts.push({ label: 'From wallet', value: other, mono: true });
    } else if (other) {
      facts.push({ label: 'Direction', value: 'Out of this wallet (its old owner)', mono: false });
      facts.push({ label: 'To wallet', value: other, mono: true });
    } else {
      facts.push({
        label: 'Direction',
        value: 'Out of this wallet, to a new owner the service does not publish',
        mono: false,
      });
    }
  }
  return facts;
}
