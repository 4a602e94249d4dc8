import { useId } from 'react';
import type { AnchorHistoryEntry, AnchorStatus } from '../../api/anchor';
import type { Health } from '../../api/health';
import { visibleText } from 'zap1';
import { askedAgainWords } from '../../components/time-format';
import { DetailsList, Row } from './details-list';
import { dueText } from './status-summary';
import {
  anchorsAffordable,
  balanceText,
  healthVerdict,
  recentAnchorIntervalS,
  runwayText,
} from './status-banner-summary';

const LOOK = {
  healthy:
    'border-emerald-700 bg-emerald-50 text-emerald-950 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-50',
  unhealthy: 'border-red-700 bg-red-50 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50',
  unknown:
    'border-slate-500 bg-slate-50 text-slate-900 dark:border-slate-400 dark:bg-slate-900 dark:text-slate-50',
};

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * What an operator needs at a glance, leading the Status page: healthy or not (and why), when the
 * next anchor is due, the wallet's balance and how long it lasts. The details follow below it.
 * A failed request is said as such (and that it is asked again), never left as "Checking…".
 */
export function StatusBanner({
  status,
  health,
  healthError,
  statusFailed,
  retryMs,
  anchors,
}: {
  status: AnchorStatus | undefined;
  health: Health | undefined;
  healthError: Error | null;
  statusFailed: boolean;
  /** How often the page asks again for the health check and the anchoring status. */
  retryMs: { health: number; status: number };
  anchors: readonly AnchorHistoryEntry[];
}) {
  const headingId = useId();
  const verdict = healthVerdict(health, healthError !== null, status);
  const state = verdict.healthy === null ? 'unknown' : verdict.healthy ? 'healthy' : 'unhealthy';
  const balance = health ? balanceText(health) : null;
  const runway = runwayText(anchorsAffordable(health), recentAnchorIntervalS(anchors));
  return (
    <section
      aria-labelledby={headingId}
      className={`space-y-2 rounded border-l-4 p-4 ${LOOK[state]}`}
      data-testid="status-banner"
      data-health={state}
    >
      <h2 id={headingId} className="text-xl font-semibold" data-testid="health-verdict">
        {state === 'unknown' ? 'Checking health…' : state === 'healthy' ? 'Healthy' : 'Needs attention'}
      </h2>
      {verdict.problems.length > 0 && (
        <p data-testid="health-problems">{capitalised(verdict.problems.join('; '))}.</p>
      )}
      {healthError && (
        // The service's words (or the app's, for a service not reached): shown with visibleText.
        <p className="text-sm" data-testid="health-failure">
          {visibleText(healthError.message)} {askedAgainWords(retryMs.health)}
        </p>
      )}
      <DetailsList>
        <Row label="Next anchor" testId="anchor-due">
          {status
            ? dueText(status)
            : statusFailed
              ? `Unknown: the anchoring status could not be loaded. ${askedAgainWords(retryMs.status)}`
              : 'loading…'}
        </Row>
        {balance !== null && (
          <Row label="Wallet balance" testId="wallet-balance">
            {balance}
          </Row>
        )}
        {runway !== null && (
          <Row label="Runway" testId="runway">
            {runway}
          </Row>
        )}
      </DetailsList>
    </section>
  );
}
