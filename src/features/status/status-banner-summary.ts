/**
 * The Status page's banner in words: whether the service is healthy (and if not, why), and what the
 * wallet's balance pays for (how long it lasts is spend-summary.ts's).
 */
import type { AnchorStatus } from '../../api/anchor';
import type { Health } from '../../api/health';
import { countWords, formatNumber } from '../../components/number-words';

/** The sync lag beyond which the reference counts the scanner as not operational. */
const LAG_LIMIT = 10;

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
  /** The anchoring status failed to load: the service is not answering all it should. */
  statusFailed = false,
): HealthVerdict {
  const problems: string[] = [];
  if (healthFailed) problems.push('the health check failed');
  if (statusFailed) problems.push('the anchoring status could not be loaded');
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
  if (!health && !healthFailed && !statusFailed) return { healthy: null, problems };
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
 * nothing here" (a free anchor), or the balance alone when the cost is not stated; amounts in the
 * unit `formatAmount` gives them (dev-ZEC on the development chain).
 */
export function balanceText(health: Health, formatAmount: (zat: number) => string): string | null {
  if (health.wallet_balance_zat == null) return null;
  const balance = formatAmount(health.wallet_balance_zat);
  const cost = health.anchor_cost_zat;
  if (cost === undefined) return balance;
  if (cost <= 0) return `${balance} · an anchor costs nothing here`;
  const affordable = anchorsAffordable(health) ?? 0;
  return `${balance} · pays for about ${formatNumber(affordable)} more anchors at ${formatAmount(cost)} each`;
}
