import type { AnchorStatus, InFlightAnchor } from '../../api/anchor';
import { ApiError } from '../../api/client';
import { parseServiceTime } from '../../components/time-format';

/**
 * Seconds since the last anchor: from its block time when the service gives it, else from the
 * history's whole hours (reference services), else null.
 */
export function lastAnchorAgeS(
  status: AnchorStatus | undefined,
  historyAgeHours: number | null | undefined,
  now: Date,
): number | null {
  const blockTime = parseServiceTime(status?.latest_anchor?.block_time ?? null);
  if (blockTime) return Math.max(0, (now.getTime() - blockTime.getTime()) / 1000);
  if (historyAgeHours != null && historyAgeHours >= 0) return historyAgeHours * 3600;
  return null;
}

/** Whether an anchor is due: this service's `anchor_due`, else the reference's `needs_anchor`. */
export function anchorDue(status: AnchorStatus): boolean | null {
  return status.anchor_due ?? status.needs_anchor ?? null;
}

const STATE_TEXT: Record<string, string> = {
  pending: 'Pending: the intent is written; the transaction is being sent',
  broadcast: 'Broadcast: sent, waiting to be mined',
  confirmed: 'Confirmed: mined, waiting for enough confirmations and the memo read-back',
  anchored: 'Anchored',
  failed: 'Failed: the next attempt will anchor the current root',
};

/** The state of an anchor attempt in words. */
export function inFlightText(inFlight: InFlightAnchor): string {
  return STATE_TEXT[inFlight.state] ?? `State: ${inFlight.state}`;
}

/** What to tell an operator whose "Anchor now" failed. */
export function anchorNowErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    // The service says why it refused (one in flight, or nothing new to anchor); a ZAP1 deployment may not.
    if (error.status === 409)
      return error.code === 'conflict' && error.message
        ? error.message
        : 'An anchor is already in flight; it must finish first.';
    if (error.status === 403) return 'This key may not anchor: an operator key is needed.';
    if (error.status === 401) return 'The service did not accept the key you keep.';
    if (error.status === 503) return 'The chain is unreachable right now; try again when it is back.';
    return error.message;
  }
  return error instanceof Error ? error.message : 'Anchoring could not be started.';
}

/** The sync lag in words, with the reference's operational threshold (10 blocks). */
export function syncLagText(lag: number): string {
  if (lag === 0) return 'in sync';
  return `${lag} ${lag === 1 ? 'block' : 'blocks'} behind${lag > 10 ? ' (more than 10: the scanner counts as not operational)' : ''}`;
}
