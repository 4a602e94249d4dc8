import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { anchorStatusQueryOptions } from '../../api/anchor';
import { trialKeyExpiry, type TrialKey } from '../../api/keys';
import type { EventResult } from '../../api/submit-event';
import { AWAITING_ANCHOR_POLL_MS } from '../../api/verify';
import { existedByWords, useAnchorBlockTime } from './anchored-words';
import { DownloadReceiptButton } from './receipt-button';
import { receiptFileNameFor } from 'zap1';
import { savedAnchorSummary } from './saved-submissions';
import { useSavedSubmissions } from './submissions-store';
import type { SubmittedEntry } from './use-anchor-submission';
import { PATHS, leafPath, verifyLeafPath } from '../../app/paths';
import { HashList } from '../../components/hash-text';
import { RelativeTime } from '../../components/relative-time';
import { CopyButton } from '../../components/ui/copy-button';
import { SuccessNotice } from '../../components/ui/success-notice';
import { awaitingExplanation } from '../leaf/leaf-status';
import { Button } from '../../components/ui/button';

/**
 * What the service recorded for a submission, checked against the leaf computed here. The receipt is
 * what the person came for, so "Download receipt" leads; anchoring another comes second.
 */
export function SubmitResult({
  result,
  localLeafHex,
  submitted,
  issuedKey,
  baseUrl,
  onAnchorAnother,
}: {
  result: EventResult;
  localLeafHex: string | null;
  submitted: SubmittedEntry | null;
  issuedKey: TrialKey | null;
  baseUrl: string;
  onAnchorAnother: () => void;
}) {
  const mismatch = localLeafHex !== null && localLeafHex !== result.leaf_hash;
  const submission = submitted?.submission.leafHex === result.leaf_hash ? submitted.submission : null;
  // One answer to "is it anchored?" for the whole card: the bundle kept with the leaf (Your submissions).
  const saved = useSavedSubmissions().find((s) => s.baseUrl === baseUrl && s.leafHex === result.leaf_hash);
  const summary = saved ? savedAnchorSummary(saved) : null;
  const anchor = summary?.kind === 'anchored' ? summary : null;
  return (
    <SuccessNotice testId="submit-result">
      <p className="font-semibold" data-testid="submit-status">
        {result.status === 'created'
          ? 'Recorded: a new leaf was created.'
          : submitted?.submittedBefore
            ? 'Already recorded: you submitted this contract with this reference before (see Your submissions).'
            : 'Already recorded: this contract with this reference was submitted before, perhaps from another browser or by someone holding the same file; no new leaf was needed.'}
      </p>
      {mismatch && (
        <p className="font-semibold text-red-800 dark:text-red-200">
          Warning: the service recorded a different leaf than the one computed here ({localLeafHex}).
        </p>
      )}
      <ExpectedAnchor
        baseUrl={baseUrl}
        leafHex={result.leaf_hash}
        fileName={saved?.fileName ?? submission?.fileName ?? null}
        anchor={anchor}
      />
      {submission && (
        <p className="text-sm" data-testid="submit-receipt-note">
          Keep the receipt: with the file, it is what proves this contract was anchored.{' '}
          {anchor
            ? `It is final now (${receiptFileNameFor(submission, true)}): it holds the anchor's proof.`
            : `Until the anchor lands it is a pending receipt (${receiptFileNameFor(submission, false)}); once anchored, "Download receipt" gives the final one, as does Your submissions below.`}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-4" data-testid="submit-actions">
        {submission && <DownloadReceiptButton submission={submission} variant="primary" />}
        <Button onClick={onAnchorAnother}>Anchor another contract</Button>
        <Link className="font-medium underline" to={leafPath(result.leaf_hash)}>
          Open the leaf page
        </Link>
        <Link className="underline" to={verifyLeafPath(result.leaf_hash)}>
          Verify its proof
        </Link>
      </div>
      <HashList
        className="text-sm"
        hashes={[
          { label: 'Leaf', value: result.leaf_hash, what: 'leaf hash', testId: 'submit-leaf' },
          { label: 'Root now', value: result.root_hash, what: 'root' },
        ]}
      />
      {issuedKey && <IssuedTrialKey trialKey={issuedKey} />}
    </SuccessNotice>
  );
}

/**
 * When the root is expected on chain: the same words (from /anchor/status) as the Leaf page, until
 * the kept submission's proof (watched in Your submissions) names its anchor; then the date the
 * contract existed by, as the Verify page says it.
 */
function ExpectedAnchor({
  baseUrl,
  leafHex,
  fileName,
  anchor,
}: {
  baseUrl: string;
  leafHex: string;
  fileName: string | null;
  anchor: { txid: string; height: number | null } | null;
}) {
  const status = useQuery({
    ...anchorStatusQueryOptions(baseUrl, AWAITING_ANCHOR_POLL_MS),
    enabled: anchor === null,
  });
  const blockTime = useAnchorBlockTime(baseUrl, leafHex, anchor?.txid ?? null);
  return (
    <p className={anchor ? 'font-semibold' : 'text-sm'} data-testid="submit-expected-wait">
      {anchor
        ? `${existedByWords({ fileName, blockTime, height: anchor.height })}.`
        : status.isError
          ? 'When the next anchor is due could not be fetched; the leaf page shows it.'
          : status.isPending
            ? 'Asking when the next anchor is due…'
            : awaitingExplanation(status.data)}
    </p>
  );
}

/** The trial key asked for on Submit: kept in this browser, shown this once to copy. */
function IssuedTrialKey({ trialKey }: { trialKey: TrialKey }) {
  return (
    <div className="space-y-1 text-sm" data-testid="inline-trial-key">
      <p>
        A trial key was issued for this submission and kept in this browser ({trialKey.quota} events, expires{' '}
        <RelativeTime value={trialKeyExpiry(trialKey)} />
        ). It is shown only this once:
      </p>
      <p className="flex flex-wrap items-center gap-2">
        <code className="break-all rounded bg-white px-2 py-1 font-mono text-slate-900 dark:bg-slate-900 dark:text-slate-100">
          {trialKey.key}
        </code>
        <CopyButton text={trialKey.key} what="key" />
        <Link className="underline" to={PATHS.keys}>
          Keys page
        </Link>
      </p>
    </div>
  );
}
