/**
 * What anchoring costs, in words, from the service's `/anchor/spend`: the fees of today, this week
 * and in total, and how long the wallet's balance lasts. The runway is the balance over the spend
 * rate of a fixed window (the last 7 days, or the service's whole anchoring life while that is
 * shorter, at least a day), so it moves only as anchors enter and leave the window, never with the
 * gaps between the last few anchors (a burst of anchors, then a lull, swung that from 660 days to
 * 4,230 days within 15 minutes).
 */
import type { AnchorSpend, SpendWindow } from '../../api/anchor-spend';
import { countWords, formatNumber } from '../../components/number-words';
import { formatDuration, parseServiceTime } from '../../components/time-format';

const DAY_S = 86_400;
/** The window the rate is measured over, as the service's `last_7_days`. */
export const RATE_WINDOW_DAYS = 7;

export type RunwayEstimate =
  | {
      kind: 'estimate';
      /** How long the balance lasts at the rate. */
      seconds: number;
      /** The spend rate, zatoshi a day. */
      perDayZat: number;
      /** The window in words: "the last 7 days' rate". */
      window: string;
      /** Anchors in the window whose fee is unknown, left out of the rate. */
      unpriced: number;
    }
  /** No fee was paid in the window: the balance is not running down. */
  | { kind: 'idle' };

/**
 * The runway of `balanceZat` at the rate of the last 7 days' fees; null when either is unknown or
 * nothing was ever anchored. While the service has anchored for less than 7 days, the rate is over
 * its anchoring life so far (all of its fees are in the window), and over a whole day at least, so
 * that its first few anchors, minutes apart, are not taken for a pace kept up for days.
 */
export function runwayEstimate(
  balanceZat: number | null | undefined,
  spend: AnchorSpend | undefined,
): RunwayEstimate | null {
  if (balanceZat == null || !spend || spend.total.anchors === 0) return null;
  const now = parseServiceTime(spend.now);
  if (!now) return null;
  const window = spend.last_7_days;
  if (window.anchors === 0) return { kind: 'idle' };
  if (window.fee_zat <= 0) {
    // Fees of nothing, or no fee known at all (anchors the operator paid from another wallet).
    return window.unpriced_anchors < window.anchors ? { kind: 'idle' } : null;
  }
  const first = parseServiceTime(spend.total.first_anchor_at);
  const lifeS = first ? Math.max(0, (now.getTime() - first.getTime()) / 1000) : RATE_WINDOW_DAYS * DAY_S;
  const windowS = Math.min(RATE_WINDOW_DAYS * DAY_S, Math.max(DAY_S, lifeS));
  const perSecond = window.fee_zat / windowS;
  return {
    kind: 'estimate',
    seconds: Math.max(0, balanceZat) / perSecond,
    perDayZat: perSecond * DAY_S,
    window:
      windowS >= RATE_WINDOW_DAYS * DAY_S
        ? `the last ${RATE_WINDOW_DAYS} days' rate`
        : lifeS <= DAY_S
          ? "the last 24 hours' rate"
          : `the rate since the first anchor, ${formatDuration(lifeS)} ago`,
    unpriced: window.unpriced_anchors,
  };
}

/** A long span as a person says it: "about 660 days", "about 3 h 20 min". */
export function spanWords(seconds: number): string {
  const days = seconds / DAY_S;
  return days >= 2 ? `${formatNumber(Math.floor(days))} days` : formatDuration(seconds);
}

/**
 * "about 660 days at the last 7 days' rate (0.0015 dev-ZEC a day)"; what an idle wallet or a
 * window with unpriced anchors means is said too.
 */
export function runwayText(estimate: RunwayEstimate, formatAmount: (zat: number) => string): string {
  if (estimate.kind === 'idle')
    return `no fee was paid in the last ${RATE_WINDOW_DAYS} days, so the balance is not running down`;
  const rate = formatAmount(Math.round(estimate.perDayZat));
  const unpriced =
    estimate.unpriced > 0
      ? `; ${countWords(estimate.unpriced, 'anchor', 'anchors')} without a known fee not counted`
      : '';
  return `about ${spanWords(estimate.seconds)} at ${estimate.window} (${rate} a day${unpriced})`;
}

/** One window's spend: "0.0003 dev-ZEC · 3 anchors", with the anchors whose fee is unknown. */
export function windowText(window: SpendWindow, formatAmount: (zat: number) => string): string {
  if (window.anchors === 0) return 'nothing: no anchors';
  const priced = window.anchors - window.unpriced_anchors;
  const fees = priced > 0 ? formatAmount(window.fee_zat) : 'unknown';
  const unknown =
    window.unpriced_anchors > 0
      ? ` (${formatNumber(window.unpriced_anchors)} of them without a known fee, not counted)`
      : '';
  return `${fees} · ${countWords(window.anchors, 'anchor', 'anchors')}${unknown}`;
}
