import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  anchorAttemptsQueryOptions,
  type AnchorAttemptWithLog,
  type AttemptLogEntry,
  type InFlightAnchor,
} from '../../api/anchor';
import { LoadingOrError } from '../../components/page-states';
import { useKeptError } from '../../components/use-kept-error';
import { countWords, formatNumber } from '../../components/number-words';
import { HashText } from '../../components/hash-text';
import { RelativeTime } from '../../components/relative-time';
import { shortHex } from '../../components/time-format';
import { StatusPill, type PillState } from '../../components/ui/status-pill';
import { Section } from '../../components/ui/section';
import { visibleText } from 'zap1';

/** Attempts shown: enough to see a run of failures, few enough to read on a phone. */
const ATTEMPTS_SHOWN = 8;

const PILL: Record<AnchorAttemptWithLog['state'], PillState> = {
  pending: 'pending',
  broadcast: 'sent',
  confirmed: 'sent',
  anchored: 'anchored',
  failed: 'failed',
};

/** One change of an attempt, in words an operator reads without the state machine at hand. */
export function changeText(entry: AttemptLogEntry, leafCount: number): string {
  // The detail (an error, a txid, a height) is the service's text: shown with visibleText.
  const detail = visibleText(entry.detail ?? '');
  switch (entry.change) {
    case 'recorded':
      return `Decided to anchor the root of ${countWords(leafCount, 'leaf', 'leaves')}`;
    case 'send_started':
      return 'Asked the wallet to send the memo';
    case 'error':
      return `Error, will retry: ${detail}`;
    case 'state':
      switch (entry.state) {
        case 'broadcast':
          return `Transaction broadcast${detail ? ` (${shortHex(detail)})` : ''}`;
        case 'confirmed':
          return `Mined at height ${heightWords(detail)}, waiting for confirmations`;
        case 'anchored':
          return `Anchored at height ${heightWords(detail)}: memo read back from the chain`;
        case 'failed':
          return `Failed${detail ? `: ${detail}` : ''}`;
        case 'pending':
          return 'Waiting to be sent';
      }
  }
}

/** A height the log states as text: written as every height on the page when it is a number. */
function heightWords(detail: string): string {
  return /^\d{1,15}$/.test(detail) ? formatNumber(Number(detail)) : detail;
}

/**
 * The attempt log: each recent anchoring attempt and every change and error it went through. It is
 * read again whenever the status's anchor in flight changes, so the two never tell different stories
 * (no "nothing attempted" beside an anchor being sent).
 */
export function AttemptLog({
  baseUrl,
  refreshMs,
  inFlight,
}: {
  baseUrl: string;
  refreshMs: number;
  /** The status's anchor in flight (null: none). */
  inFlight: InFlightAnchor | null;
}) {
  const attempts = useQuery(anchorAttemptsQueryOptions(baseUrl, ATTEMPTS_SHOWN, refreshMs));
  const { refetch } = attempts;
  const inFlightKey = inFlight ? `${inFlight.root}:${inFlight.state}:${inFlight.attempts ?? 0}` : null;
  const seenKey = useRef(inFlightKey);
  useEffect(() => {
    // A change, not the first look: the first read is under way already.
    if (inFlightKey === seenKey.current) return;
    seenKey.current = inFlightKey;
    void refetch();
  }, [inFlightKey, refetch]);
  const attemptsError = useKeptError(attempts, [baseUrl]);
  const empty = attempts.data?.attempts.length === 0;
  return (
    <Section title="Attempt log">
      <LoadingOrError
        query={attempts}
        error={attemptsError}
        what="the attempt log"
        retryEveryMs={refreshMs}
      />
      {empty && (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="attempt-log-empty">
          {inFlight
            ? 'The anchor in flight is being written to the log…'
            : 'No anchor has been attempted yet.'}
        </p>
      )}
      <ol className="space-y-3" data-testid="attempt-log">
        {attempts.data?.attempts.map((attempt) => (
          <li
            key={attempt.id}
            className="rounded border border-slate-200 p-3 dark:border-slate-700"
            data-testid="attempt"
            data-state={attempt.state}
          >
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">Attempt {attempt.id}</span>
              <StatusPill state={PILL[attempt.state]}>{attempt.state}</StatusPill>
              <span>
                {countWords(attempt.leaf_count, 'leaf', 'leaves')}, root{' '}
                <HashText value={attempt.root} what="root" />
              </span>
              {attempt.retries > 0 && <span>{countWords(attempt.retries, 'retry', 'retries')}</span>}
            </p>
            <ul className="mt-2 space-y-1 text-sm">
              {attempt.log.map((entry, i) => (
                <li key={i} className="flex flex-col gap-x-3 sm:flex-row" data-change={entry.change}>
                  <span className="shrink-0 text-slate-600 sm:w-32 dark:text-slate-400">
                    <RelativeTime value={entry.at} />
                  </span>
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    {changeText(entry, attempt.leaf_count)}
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </Section>
  );
}
