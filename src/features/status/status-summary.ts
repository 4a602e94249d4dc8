import { isAnchorInFlight, type AnchorStatus, type InFlightAnchor } from '../../api/anchor';
import { ApiError } from '../../api/client';
import { countWords, formatNumber } from '../../components/number-words';
import { formatDuration, parseServiceTime } from '../../components/time-format';
import { visibleText } from 'zap1';

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
  // A state this page does not know is the service's text: shown with visibleText.
  return STATE_TEXT[inFlight.state] ?? `State: ${visibleText(inFlight.state)}`;
}

/** What to tell an operator whose "Anchor now" failed (the service's words shown with visibleText). */
export function anchorNowErrorText(error: unknown): string {
  return visibleText(anchorNowErrorWords(error));
}

function anchorNowErrorWords(error: unknown): string {
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
  return `${countWords(lag, 'block', 'blocks')} behind${lag > 10 ? ' (more than 10: the scanner counts as not operational)' : ''}`;
}

/**
 * Whether an anchor is due, in one sentence that agrees with itself and with the rest of the page:
 * nothing is "due" while every leaf is anchored or while the anchor in flight covers them, a wait is
 * given only when one is expected, and the service's own recommendation (the reference's words) is
 * used only where this service's `anchor_due` is absent.
 */
export function dueText(status: AnchorStatus): string {
  const waiting = status.unanchored_leaves;
  const leaves = (n: number) => countWords(n, 'leaf', 'leaves');
  const waitingLeaves = (n: number) => `${leaves(n)} ${n === 1 ? 'waits' : 'wait'}`;
  if (waiting <= 0) return 'No: every leaf is anchored.';
  const inFlight = status.in_flight;
  if (inFlight && isAnchorInFlight(status)) {
    const after = status.leaf_count - inFlight.leaf_count;
    return after <= 0
      ? `No: the anchor in flight covers all ${leaves(waiting)} waiting.`
      : `After the anchor in flight, ${leaves(after)} will still wait.`;
  }
  if (status.broadcast_enabled === false)
    return `No: anchoring is paused; ${waitingLeaves(waiting)} for an operator-authorised anchor.`;
  if (status.signer_configured === false)
    return `No: ${waitingLeaves(waiting)}, but no signer is configured, so nothing can be sent.`;
  const wait = status.expected_wait_s;
  const due = anchorDue(status);
  if (status.anchor_due === undefined) {
    // A reference service: its own words, which it keeps consistent with its counts.
    const said = due === null ? 'Not stated' : due ? 'Yes' : 'No';
    return status.recommendation
      ? `${said}: ${visibleText(status.recommendation)}.`
      : `${said}; ${waitingLeaves(waiting)}.`;
  }
  if (due) {
    return wait != null && wait > 0
      ? `Yes: ${waitingLeaves(waiting)}; the next anchor is expected in about ${formatDuration(wait)}.`
      : `Yes: ${waitingLeaves(waiting)}; the next anchor starts now.`;
  }
  return wait != null
    ? `Not yet: ${waitingLeaves(waiting)}; the next anchor is expected in about ${formatDuration(Math.max(wait, 1))}.`
    : `Not yet: ${waitingLeaves(waiting)} for the next automatic anchor.`;
}

/**
 * What became of the anchor an operator started with "Anchor now", from the latest status: its
 * state while it is in flight, "Anchored" once the status names it as the latest anchor, so the
 * page never keeps saying "Pending" after the anchor landed.
 */
export function startedAnchorText(started: InFlightAnchor | null, status: AnchorStatus | undefined): string {
  if (!started) return 'Anchor started.';
  // "the first leaf", never "the first 1 leaf".
  const first =
    started.leaf_count === 1
      ? 'the first leaf'
      : `the first ${countWords(started.leaf_count, 'leaf', 'leaves')}`;
  const latest = status?.latest_anchor;
  if (latest && latest.root === started.root)
    return `Anchored at height ${latest.height === null ? 'unknown' : formatNumber(latest.height)}: the root of ${first}.`;
  const live = status?.in_flight;
  if (live && live.root === started.root) return `Anchoring the root of ${first}. ${inFlightText(live)}.`;
  if (status && !live) return `The anchor of ${first} is no longer in flight; see the last anchor above.`;
  return `Anchoring the root of ${first}. ${inFlightText(started)}.`;
}
