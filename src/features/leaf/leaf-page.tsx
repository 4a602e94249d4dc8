import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatNumber } from '../../components/number-words';
import { useId } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { anchorStatusQueryOptions } from '../../api/anchor';
import { ApiError } from '../../api/client';
import { useBaseUrl, serviceName } from '../../api/settings';
import {
  AWAITING_ANCHOR_POLL_MS,
  anchorBlockTime,
  anchoredTxid,
  proofBundleQueryOptions,
  verifyCheckQueryOptions,
  type VerifyCheck,
} from '../../api/verify';
import { ErrorNotice } from '../../components/error-notice';
import { normaliseHex64 } from '../../components/hash-input';
import { useLeafHashDraft } from '../../components/use-leaf-hash-draft';
import { RelativeTime } from '../../components/relative-time';
import { eventTypeName, visibleText } from 'zap1';
import { HashText } from '../../components/hash-text';
import { TxLink } from '../../components/tx-link';
import { downloadJson } from './download-json';
import { DownloadReceiptButton } from '../anchor/receipt-button';
import { useSavedSubmissions } from '../anchor/submissions-store';
import { awaitingExplanation } from './leaf-status';
import { Page } from '../../components/ui/page';
import { Button } from '../../components/ui/button';
import { PATHS, leafPath, verifyLeafPath } from '../../app/paths';
import { useBusyAction } from '../../components/ui/use-busy-action';
import { NotifyWhenAnchored } from '../../components/ui/notify-when-anchored';

/** `/leaf` and the shareable `/leaf/:leaf`: is this leaf anchored, and where? */
export function LeafPage() {
  const { leaf } = useParams();
  const parsed = leaf === undefined ? null : normaliseHex64(leaf, 'The leaf hash');
  if (parsed?.ok && parsed.lowercased) return <Navigate to={leafPath(parsed.hex)} replace />;
  return (
    <Page title="Leaf" className="max-w-3xl space-y-6 [overflow-wrap:anywhere]">
      <LeafForm initial={leaf ?? ''} />
      {parsed && !parsed.ok && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {parsed.message}
        </p>
      )}
      {parsed?.ok && <LeafStatus key={parsed.hex} leafHex={parsed.hex} />}
      {!leaf && (
        <p className="text-slate-700 dark:text-slate-300">
          Paste a leaf hash to see whether, when and where it was anchored.
        </p>
      )}
    </Page>
  );
}

function LeafForm({ initial }: { initial: string }) {
  const id = useId();
  const navigate = useNavigate();
  // The box follows the address (Back, Forward, a link): it shows the leaf whose status is shown.
  const { draft, setDraft, problem, submit } = useLeafHashDraft(initial, (hex) => {
    void navigate(leafPath(hex));
  });
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="block font-medium">
        Leaf hash
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          spellCheck={false}
          autoComplete="off"
          placeholder="64 hex characters"
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="min-w-0 flex-1 rounded border border-slate-400 bg-white px-3 py-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-900"
        />
        <Button type="submit" variant="primary">
          Look up
        </Button>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="text-sm text-slate-700 dark:text-slate-300">
          {problem}
        </p>
      )}
    </form>
  );
}

function LeafStatus({ leafHex }: { leafHex: string }) {
  const baseUrl = useBaseUrl();
  const check = useQuery(verifyCheckQueryOptions(baseUrl, leafHex, { pollUntilAnchored: true }));
  if (check.isPending) return <p aria-live="polite">Looking up the leaf…</p>;
  if (check.isError) {
    if (check.error instanceof ApiError && check.error.status === 404) {
      return (
        <div role="alert" className="rounded border border-slate-400 p-4">
          <p className="font-semibold">This service has no such leaf.</p>
          <p className="text-sm">
            Check that the hash is complete, and that it was submitted to this service ({serviceName(baseUrl)}
            ); the service URL is set in{' '}
            <Link className="underline" to={PATHS.settings}>
              Settings
            </Link>
            .
          </p>
        </div>
      );
    }
    return <ErrorNotice error={check.error} title="Could not look up the leaf" />;
  }
  const anchored = anchoredTxid(check.data) !== null;
  return (
    <div className="space-y-4">
      <div
        className={`space-y-2 rounded border p-4 ${
          anchored
            ? 'border-emerald-400 bg-emerald-50 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-50'
            : 'border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50'
        }`}
      >
        {/* Only the state line is live: the rest changes on every poll ("last checked …") and would be re-read each time. */}
        <p className="text-lg font-semibold" data-testid="leaf-state" aria-live="polite">
          {anchored ? 'Anchored' : 'Awaiting an anchor'}
        </p>
        {anchored ? (
          <Anchored check={check.data} />
        ) : (
          <Awaiting check={check.data} updatedAt={check.dataUpdatedAt} />
        )}
      </div>
      {!check.data.valid && (
        <p className="font-medium text-red-700 dark:text-red-300">
          The service's own check says this leaf's proof does not verify (
          {visibleText(check.data.merkle_scheme ?? 'no scheme')}).
        </p>
      )}
      <NotifyWhenAnchored anchored={anchored} what={`Leaf ${leafHex.slice(0, 16)}… is anchored on chain.`} />
      <ProofActions leafHex={leafHex} />
    </div>
  );
}

function Facts({ check }: { check: VerifyCheck }) {
  return (
    <>
      <dt className="font-medium">Root</dt>
      <dd>
        <HashText value={check.root} what="root" full />
      </dd>
      {check.leaf_count !== undefined && (
        <>
          <dt className="font-medium">Leaves under the root</dt>
          <dd>{formatNumber(check.leaf_count)}</dd>
        </>
      )}
      {check.event_type && (
        <>
          <dt className="font-medium">Event type</dt>
          {/* The service's text: shown, never obeyed (a bidi override could reorder it). */}
          <dd>{visibleText(eventTypeName(check.event_type))} (as the service claims it)</dd>
        </>
      )}
    </>
  );
}

function Anchored({ check }: { check: VerifyCheck }) {
  const txid = anchoredTxid(check) ?? '';
  const blockTime = anchorBlockTime(check);
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      <dt className="font-medium">Transaction</dt>
      <dd>
        <TxLink txid={txid} full />
      </dd>
      <dt className="font-medium">Block</dt>
      <dd>{check.anchor?.height == null ? 'not reported' : formatNumber(check.anchor.height)}</dd>
      <dt className="font-medium">Block time</dt>
      <dd>
        <RelativeTime value={blockTime} unknown="not reported by the service" testId="block-time" />
      </dd>
      <Facts check={check} />
    </dl>
  );
}

function Awaiting({ check, updatedAt }: { check: VerifyCheck; updatedAt: number }) {
  const baseUrl = useBaseUrl();
  const status = useQuery(anchorStatusQueryOptions(baseUrl, AWAITING_ANCHOR_POLL_MS));
  return (
    <>
      <p className="text-sm">
        The service has recorded this leaf in its Merkle tree, but no root containing it has been written to
        the chain yet. Until then the leaf's existence rests on the service's word alone. The service anchors
        its current root regularly.
      </p>
      <p className="text-sm" data-testid="expected-wait">
        {status.isError
          ? 'The anchoring status could not be fetched.'
          : status.isPending
            ? 'Asking when the next anchor is due…'
            : awaitingExplanation(status.data)}
      </p>
      <p className="text-sm">
        Checking again every {AWAITING_ANCHOR_POLL_MS / 1000} s (last checked{' '}
        {/* When the page last asked matters only as an age; the dates on this page are the evidence. */}
        <RelativeTime value={new Date(updatedAt)} testId="last-checked" ageOnly />
        ).
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <Facts check={check} />
      </dl>
    </>
  );
}

function ProofActions({ leafHex }: { leafHex: string }) {
  const baseUrl = useBaseUrl();
  // A receipt needs the event's fields, which only this browser's own submission of the leaf has.
  const submission = useSavedSubmissions().find((s) => s.baseUrl === baseUrl && s.leafHex === leafHex);
  const queryClient = useQueryClient();
  const { busy, error, run } = useBusyAction();
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-3">
        <Button
          disabled={busy}
          onClick={() =>
            run(async () => {
              // Always the latest bundle: it changes once the leaf is anchored.
              const bundle = await queryClient.fetchQuery({
                ...proofBundleQueryOptions(baseUrl, leafHex),
                staleTime: 0,
              });
              downloadJson(`zap1-proof-${leafHex.slice(0, 16)}.json`, bundle);
            })
          }
        >
          {busy ? 'Fetching…' : 'Download proof'}
        </Button>
        {submission && <DownloadReceiptButton submission={submission} />}
        <Link className="self-center underline" to={verifyLeafPath(leafHex)}>
          Verify the proof in this browser
        </Link>
      </div>
      {error !== null && <ErrorNotice error={error} title="The proof could not be downloaded" />}
    </div>
  );
}
