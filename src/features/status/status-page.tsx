import { useQuery } from '@tanstack/react-query';
import { anchorHistoryQueryOptions, anchorStatusQueryOptions } from '../../api/anchor';
import { anchorSpendQueryOptions } from '../../api/anchor-spend';
import { healthQueryOptions } from '../../api/health';
import { useServiceNetwork } from '../../api/network';
import { networkName, protocolInfoQueryOptions } from '../../api/protocol';
import { useBaseUrl } from '../../api/settings';
import { LoadingOrError } from '../../components/page-states';
import { countWords, formatNumber } from '../../components/number-words';
import { HashText } from '../../components/hash-text';
import { TxLink } from '../../components/tx-link';
import { useKeptError } from '../../components/use-kept-error';
import { inFlightText, lastAnchorAgeS, syncLagText } from './status-summary';
import { Page } from '../../components/ui/page';
import { Section } from '../../components/ui/section';
import { useCapabilities } from '../../api/capabilities';
import { visibleText } from 'zap1';
import { ManualAnchor } from './manual-anchor';
import { AttemptLog } from './attempt-log';
import { AnchorNow } from './anchor-now';
import { DetailsList, Row } from './details-list';
import { LastAnchor } from './last-anchor';
import { SpendSection } from './spend-section';
import { StatusBanner } from './status-banner';
import { useRefreshAfterAnchor } from './use-refresh-after-anchor';

const STATUS_MS = 2_000;
const HEALTH_MS = 5_000;
const HISTORY_MS = 30_000;
const SPEND_MS = 30_000;

/** What the development chain is, said wherever its name is: it is no public blockchain. */
const DEVNET_WORDS = 'development chain: not a public blockchain';

/**
 * What an operator watches: first a banner (healthy or not, the next anchor, balance and runway),
 * then the root, what awaits anchoring, the anchor in flight, the chain; and "Anchor now".
 * Errors and states are the service's text: shown with visibleText (hashes through HashText).
 */
export function StatusPage() {
  const baseUrl = useBaseUrl();
  const status = useQuery(anchorStatusQueryOptions(baseUrl, STATUS_MS));
  const health = useQuery(healthQueryOptions(baseUrl, HEALTH_MS));
  const history = useQuery({ ...anchorHistoryQueryOptions(baseUrl), refetchInterval: HISTORY_MS });
  const capabilities = useCapabilities(baseUrl);
  const info = useQuery(protocolInfoQueryOptions(baseUrl));
  const spendOffered = info.data?.extensions?.includes('anchor-spend') ?? false;
  const spend = useQuery({ ...anchorSpendQueryOptions(baseUrl, SPEND_MS), enabled: spendOffered });
  const { network } = useServiceNetwork(baseUrl);
  // Each failure stays shown while the page asks again, instead of going back to "Loading…".
  const statusError = useKeptError(status, [baseUrl]);
  const healthError = useKeptError(health, [baseUrl]);
  const historyError = useKeptError(history, [baseUrl]);
  const spendError = useKeptError(spend, [baseUrl]);

  const s = status.data;
  useRefreshAfterAnchor(baseUrl, s ? (s.latest_anchor?.root ?? s.last_anchor_txid ?? null) : undefined);
  const ageS = s
    ? lastAnchorAgeS(s, history.data?.last_anchor_age_hours, new Date(status.dataUpdatedAt))
    : null;

  return (
    <Page title="Operator status" className="max-w-4xl space-y-6">
      <p className="text-sm text-slate-700 dark:text-slate-300">Refreshes every few seconds.</p>
      {network === 'devnet' && (
        <p className="text-sm" data-testid="devnet-note">
          This service anchors on <strong>devnet</strong>, a {DEVNET_WORDS}. Its blocks are made on the
          service&apos;s own machine, and its coins (dev-ZEC) are worth nothing.
        </p>
      )}
      <StatusBanner
        status={s}
        health={health.data}
        healthError={healthError}
        statusError={statusError}
        retryMs={{ health: HEALTH_MS, status: STATUS_MS }}
        spend={spend.data}
        lastHeardMs={Math.max(status.dataUpdatedAt, health.dataUpdatedAt)}
      />

      <Section title="Anchoring">
        <LoadingOrError
          query={status}
          error={statusError}
          what="the anchoring status"
          retryEveryMs={STATUS_MS}
        />
        {s && (
          <DetailsList>
            <Row label="Current root" testId="current-root">
              {s.current_root === 'none' ? (
                'none (no leaves yet)'
              ) : (
                <HashText value={s.current_root} what="current root" full />
              )}
            </Row>
            <Row label="Leaves" testId="leaf-count">
              {formatNumber(s.leaf_count)}
            </Row>
            <Row label="Unanchored leaves" testId="unanchored">
              {formatNumber(s.unanchored_leaves)}
            </Row>
            <Row label="In flight" testId="in-flight">
              {s.in_flight ? (
                <span data-state={s.in_flight.state}>
                  <strong>{inFlightText(s.in_flight)}</strong> · root{' '}
                  <HashText value={s.in_flight.root} what="root in flight" /> (
                  {countWords(s.in_flight.leaf_count, 'leaf', 'leaves')})
                  {s.in_flight.txid && (
                    <>
                      {' '}
                      · tx <TxLink txid={s.in_flight.txid} />
                    </>
                  )}
                  {s.in_flight.height != null && ` · height ${formatNumber(s.in_flight.height)}`}
                  {/* `attempts` counts the errors met, as the attempt log's "retries" does. */}
                  {s.in_flight.attempts != null &&
                    s.in_flight.attempts > 0 &&
                    ` · ${countWords(s.in_flight.attempts, 'retry', 'retries')}`}
                  {s.in_flight.last_error && (
                    <span className="block text-red-700 dark:text-red-300">
                      Last error: {visibleText(s.in_flight.last_error)}
                    </span>
                  )}
                </span>
              ) : (
                <span data-state="none">nothing in flight</span>
              )}
            </Row>
            <Row label="Last anchor" testId="last-anchor">
              <LastAnchor
                status={s}
                anchors={history.data?.anchors ?? []}
                historyState={history.data ? 'loaded' : historyError ? 'failed' : 'pending'}
                ageS={ageS}
              />
            </Row>
            {s.broadcast_enabled !== undefined && (
              <Row label="Sending anchors" testId="broadcast-enabled">
                {!s.broadcast_enabled
                  ? 'paused: leaves wait for an operator-authorised anchor'
                  : s.signer_configured === false
                    ? 'enabled, but no signer is configured: nothing can be sent'
                    : 'enabled'}
              </Row>
            )}
          </DetailsList>
        )}
        {capabilities?.anchorNow && <AnchorNow status={s} feeZat={health.data?.anchor_cost_zat} />}
        {capabilities?.manualAnchor && <ManualAnchor />}
      </Section>

      {spendOffered && <SpendSection spend={spend} error={spendError} retryEveryMs={SPEND_MS} />}

      {capabilities?.anchorAttempts && (
        <AttemptLog baseUrl={baseUrl} refreshMs={STATUS_MS} inFlight={s?.in_flight ?? null} />
      )}

      <Section title="Chain and service health">
        <LoadingOrError
          query={health}
          error={healthError}
          what="health"
          title="The health check failed"
          retryEveryMs={HEALTH_MS}
        />
        {health.data && (
          <DetailsList>
            <Row label="Chain tip" testId="chain-tip">
              {formatNumber(health.data.chain_tip)}
            </Row>
            <Row label="Last scanned height">{formatNumber(health.data.last_scanned_height)}</Row>
            <Row label="Sync lag" testId="sync-lag">
              {syncLagText(health.data.sync_lag)}
            </Row>
            <Row label="Node reachable">{health.data.rpc_reachable ? 'yes' : 'no'}</Row>
            <Row label="Scanner operational" testId="scanner-operational">
              {health.data.scanner_operational ? 'yes' : 'no'}
            </Row>
            {health.data.network && (
              <Row label="Network" testId="health-network">
                {networkName(health.data.network)}
                {networkName(health.data.network) === 'devnet' && ` (${DEVNET_WORDS})`}
              </Row>
            )}
            {health.data.store_ok !== undefined && (
              <Row label="Store">{health.data.store_ok ? 'ok' : 'failing'}</Row>
            )}
            {health.data.last_error && <Row label="Last error">{visibleText(health.data.last_error)}</Row>}
          </DetailsList>
        )}
      </Section>
    </Page>
  );
}
