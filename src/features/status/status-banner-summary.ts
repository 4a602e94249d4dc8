/**
 * The Status page's banner in words: whether the service is healthy (and if not, why), what the
 * wallet's balance pays for, and for how long at the recent pace of anchors.
 */
import type { AnchorHistoryEntry, AnchorStatus } from '../../api/anchor';
import type { Health } from '../../api/health';
import { countWords, formatNumber } from '../../components/number-words';
import { formatDuration, formatZec } from '../../components/time-format';
import { anchorTime } from '../history/root-leaves';

/** The sync lag beyond which the reference counts the scanner as not operational. */
const LAG_LIMIT = 10;
/** Anchors the pace is measured over: recent enough to follow a change of pace. */
const PACE_ANCHORS = 20;

export interface HealthVerdict {
  /** null while the health check has not answered yet. */
  healthy: boolean | null;
  /** Each problem in a few words, most serious first; empty when healthy. */
  problems: string[];
}

/** Healthy or not, from the health check and the anchoring status (each problem named). */
export function healthVerdict(
  health: Health | undefined,
  healthFailed: boolean,
  status: AnchorStatus | undefined,
): HealthVerdict {
  const problems: string[] = [];
  if (healthFailed) problems.push('the health check failed');
  if (health) {
    if (!health.rpc_reachable) problems.push('the node is unreachable');
    if (health.store_ok === false) problems.push('the store is failing');
    if (!health.scanner_operational)
      problems.push(
        health.sync_lag > LAG_LIMIT
          ? `the scanner is ${countWords(health.sync_lag, 'block', 'blocks')} behind`
          : 'the anchoring loop is not running',
      );
    const cost = health.anchor_cost_zat;
    if (health.wallet_balance_zat != null && cost !== undefined && health.wallet_balance_zat < cost)
      problems.push('the wallet cannot pay for another anchor');
  }
  if (status?.signer_configured === false && status.broadcast_enabled !== false)
    problems.push('no signer is configured, so no anchor can be sent');
  if (status?.in_flight?.last_error) problems.push('the anchor in flight met an error and will retry');
  if (!health && !healthFailed) return { healthy: null, problems };
  return { healthy: problems.length === 0, problems };
}

/**
 * How many more anchors the wallet's balance pays for; null when the service states neither, or
 * when an anchor costs nothing (the balance sets no limit, so there is no runway to tell).
 */
export function anchorsAffordable(health: Health | undefined): number | null {
  const balance = health?.wallet_balance_zat;
  const cost = health?.anchor_cost_zat;
  if (balance == null || cost === undefined || cost <= 0) return null;
  return Math.max(0, Math.floor(balance / cost));
}

/**
 * "12.5 ZEC · pays for about 125,000 more anchors at 0.0001 ZEC each", "12.5 ZEC · an anchor costs
 * nothing here" (a free anchor), or the balance alone when the cost is not stated.
 */
export function balanceText(health: Health): string | null {
  if (health.wallet_balance_zat == null) return null;
  const balance = formatZec(health.wallet_balance_zat);
  const cost = health.anchor_cost_zat;
  if (cost === undefined) return balance;
  if (cost <= 0) return `${balance} · an anchor costs nothing here`;
  const affordable = anchorsAffordable(health) ?? 0;
  return `${balance} · pays for about ${formatNumber(affordable)} more anchors at ${formatZec(cost)} each`;
}

/**
 * Seconds between anchors lately: the span of the last anchors with a known time over their
 * number of gaps; null with fewer than two such anchors.
 */
export function recentAnchorIntervalS(anchorsOldestFirst: readonly AnchorHistoryEntry[]): number | null {
  const times = anchorsOldestFirst
    .map((a) => anchorTime(a)?.getTime())
    .filter((t): t is number => t !== undefined)
    .slice(-PACE_ANCHORS);
  if (times.length < 2) return null;
  const span = (Math.max(...times) - Math.min(...times)) / 1000;
  return span > 0 ? span / (times.length - 1) : null;
}

/** "about 3 d at the recent pace (one anchor every 2 h 5 min)", or null when either is unknown. */
export function runwayText(affordable: number | null, intervalS: number | null): string | null {
  if (affordable === null || intervalS === null) return null;
  return `about ${formatDuration(affordable * intervalS)} at the recent pace (one anchor every ${formatDuration(intervalS)})`;
}
