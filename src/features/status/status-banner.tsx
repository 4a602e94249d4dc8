import { useId } from 'react';
import type { AnchorSpend } from '../../api/anchor-spend';
import type { AnchorStatus } from '../../api/anchor';
import type { Health } from '../../api/health';
import { useBaseUrl } from '../../api/settings';
import { visibleText } from 'zap1';
import { useFormatAmount } from '../../components/amount-words';
import { errorWords } from '../../components/error-words';
import { RelativeTime } from '../../components/relative-time';
import { askedAgainWords } from '../../components/time-format';
import { DetailsList, Row } from './details-list';
import { dueText } from './status-summary';
import { balanceText, healthVerdict } from './status-banner-summary';
import { runwayEstimate, runwayText } from './spend-summary';

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
 * A failed request is said as such (and that it is asked again), never left as "Checking…"; and
 * while the service does not answer, what is still shown is dated: when it was last heard from.
 */
export function StatusBanner({
  status,
  health,
  healthError,
  statusError,
  retryMs,
  spend,
  lastHeardMs,
}: {
  status: AnchorStatus | undefined;
  health: Health | undefined;
  healthError: Error | null;
  statusError: Error | null;
  /** How often the page asks again for the health check and the anchoring status. */
  retryMs: { health: number; status: number };
  spend: AnchorSpend | undefined;
  /** When the service last answered this page (ms since the epoch); 0 when it never did. */
  lastHeardMs: number;
}) {
  const headingId = useId();
  const baseUrl = useBaseUrl();
  const formatAmount = useFormatAmount();
  const statusFailed = statusError !== null;
  // Either request failing says why; the health check's words first, as its row comes first.
  const failed = healthError ?? statusError;
  const failure = failed ? errorWords(failed, baseUrl) : null;
  const verdict = healthVerdict(health, healthError !== null, status, statusFailed);
  const state = verdict.healthy === null ? 'unknown' : verdict.healthy ? 'healthy' : 'unhealthy';
  const balance = health ? balanceText(health, formatAmount) : null;
  const runway = runwayEstimate(health?.wallet_balance_zat, spend);
  // The figures below are the last answer's while the service does not answer now.
  const stale = failed !== null && lastHeardMs > 0;
  const asLastHeard = (text: string) => (stale ? `As last heard: ${text}` : text);
  const heading =
    state === 'unknown'
      ? 'Checking health…'
      : state === 'healthy'
        ? 'Healthy'
        : failure?.siteDown
          ? 'This site cannot be reached'
          : 'Needs attention';
  return (
    <section
      aria-labelledby={headingId}
      className={`space-y-2 rounded border-l-4 p-4 ${LOOK[state]}`}
      data-testid="status-banner"
      data-health={state}
    >
      <h2 id={headingId} className="text-xl font-semibold" data-testid="health-verdict">
        {heading}
      </h2>
      {verdict.problems.length > 0 && (
        <p data-testid="health-problems">{capitalised(verdict.problems.join('; '))}.</p>
      )}
      {failure && (
        // The service's words (or the app's, for a service not reached): shown with visibleText.
        <p className="text-sm" data-testid="health-failure">
          {visibleText(failure.message)} {askedAgainWords(healthError ? retryMs.health : retryMs.status)}
        </p>
      )}
      {failed && (
        <p className="text-sm font-medium" data-testid="last-heard">
          {lastHeardMs > 0 ? (
            <>
              Last heard from the service <RelativeTime value={new Date(lastHeardMs)} />. What follows is as
              of then.
            </>
          ) : (
            'Not heard from the service since this page opened.'
          )}
        </p>
      )}
      <DetailsList>
        <Row label="Next anchor" testId="anchor-due">
          {status
            ? asLastHeard(dueText(status))
            : statusFailed
              ? `Unknown: the anchoring status could not be loaded. ${askedAgainWords(retryMs.status)}`
              : 'loading…'}
        </Row>
        {balance !== null && (
          <Row label="Wallet balance" testId="wallet-balance">
            {asLastHeard(balance)}
          </Row>
        )}
        {runway !== null && (
          <Row label="Runway" testId="runway">
            {asLastHeard(runwayText(runway, formatAmount))}
          </Row>
        )}
      </DetailsList>
    </section>
  );
}
