import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { bundleIsAnchored, proofBundleQueryOptions } from '../../api/verify';
import { verifyProofBundle, visibleText } from 'zap1';
import { updateSavedBundle, useSavedSubmissions, type SavedSubmission } from './submissions-store';
import { leafPath, verifyLeafPath } from '../../app/paths';
import { Section } from '../../components/ui/section';
import { StatusPill } from '../../components/ui/status-pill';
import { HashText } from '../../components/hash-text';
import { RelativeTime } from '../../components/relative-time';
import { DRAGGING_CLASS, useFileDrop } from '../../components/ui/use-file-drop';
import { focusWhenShown } from '../../components/ui/focus-when-shown';
import { HELP_CLASS } from '../../components/ui/styles';
import { FileCheck } from './file-check';
import { leftOutNote } from './file-drop-zone';
import { ForgetSubmission } from './forget-submission';
import { DownloadReceiptButton } from './receipt-button';
import { SubmissionsTransfer } from './submissions-transfer-controls';
import { useFileHash } from './use-file-hash';
import { existedByWords, useAnchorBlockTime } from './anchored-words';

/** This browser's submissions to the current service, each watched until its bundle names an anchor. */
export function SavedSubmissions({ baseUrl }: { baseUrl: string }) {
  const saved = useSavedSubmissions().filter((s) => s.baseUrl === baseUrl);
  // What was last forgotten: said where the card was, and focused, since the card took focus with it.
  const [forgotten, setForgotten] = useState<{ what: string; at: number } | null>(null);
  return (
    <Section title="Your submissions" className="space-y-3">
      <SubmissionsTransfer />
      {forgotten && (
        <p
          role="status"
          className={HELP_CLASS}
          data-testid="forgotten"
          tabIndex={-1}
          ref={focusWhenShown}
          key={forgotten.at}
        >
          Forgot {forgotten.what} in this browser. Its leaf stays recorded with the service.
        </p>
      )}
      {saved.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          None yet from this browser for this service. Submissions are kept here so you can come back to them.
        </p>
      ) : (
        <ul className="space-y-3" data-testid="saved-submissions">
          {saved.map((s) => (
            <SavedRow
              key={s.leafHex}
              entry={s}
              onForgotten={() => setForgotten({ what: submissionTitle(s), at: Date.now() })}
            />
          ))}
        </ul>
      )}
    </Section>
  );
}

/** A card's title in words: its file (or "the pasted SHA-256") and serial number, hidden characters shown. */
function submissionTitle(entry: SavedSubmission): string {
  const what = entry.fileName === null ? 'the pasted SHA-256' : visibleText(entry.fileName);
  return `${what} · serial number ${visibleText(entry.serialNumber)}`;
}

/** What a kept bundle says about the anchor, checked with the protocol library, not taken on trust. */
export function savedAnchorSummary(
  entry: SavedSubmission,
):
  | { kind: 'anchored'; txid: string; height: number | null }
  | { kind: 'awaiting' }
  | { kind: 'unknown' }
  | { kind: 'invalid'; reason: string } {
  if (entry.bundle === undefined) return { kind: 'unknown' };
  const verdict = verifyProofBundle(entry.bundle, { expectedLeafHex: entry.leafHex });
  if (!verdict.valid) return { kind: 'invalid', reason: verdict.error ?? 'the proof does not verify' };
  const txid = verdict.anchor?.txid ?? null;
  return txid ? { kind: 'anchored', txid, height: verdict.anchor?.height ?? null } : { kind: 'awaiting' };
}

/**
 * One kept submission. Its file name, serial and wallet are what the user (or a file) gave, and the
 * errors may quote the service: all shown with visibleText, so none can disguise itself.
 */
function SavedRow({ entry, onForgotten }: { entry: SavedSubmission; onForgotten: () => void }) {
  const anchored = bundleIsAnchored(entry.bundle);
  const bundle = useQuery({
    ...proofBundleQueryOptions(entry.baseUrl, entry.leafHex, { pollUntilAnchored: true }),
    enabled: !anchored,
  });
  // Keep the latest bundle with the submission, so it is there offline and after the service moves on;
  // also when the entry was saved again without one (the query's data, unchanged, would not say so).
  const keptBundle = entry.bundle !== undefined;
  useEffect(() => {
    if (bundle.data !== undefined) updateSavedBundle(entry.baseUrl, entry.leafHex, bundle.data);
  }, [bundle.data, keptBundle, entry.baseUrl, entry.leafHex]);
  const summary = savedAnchorSummary(entry);
  // "Did this file change?": the whole card takes the file.
  // An empty file is an answer here (it is not the anchored document), not a document refused.
  const check = useFileHash({ prestartWorker: false, refuseEmpty: false });
  // Several files dropped at once: the first is compared, and the others named, not dropped silently.
  const [leftOut, setLeftOut] = useState<string | null>(null);
  const compare = (files: readonly File[]) => {
    if (!files[0]) return;
    setLeftOut(leftOutNote('compared', files));
    check.hashFile(files[0]);
  };
  const { dragging, dropProps } = useFileDrop(compare);
  return (
    <li
      {...dropProps}
      data-testid="saved-submission"
      className={`space-y-1 rounded border p-3 text-sm ${dragging ? DRAGGING_CLASS : 'border-slate-300 dark:border-slate-700'}`}
    >
      <p className="font-medium [overflow-wrap:anywhere]">
        {entry.fileName === null ? 'Pasted SHA-256' : visibleText(entry.fileName)} · serial number{' '}
        <span className="font-mono">{visibleText(entry.serialNumber)}</span>
      </p>
      <p>
        Leaf <HashText value={entry.leafHex} what="leaf hash" to={leafPath(entry.leafHex)} />
      </p>
      <p className="text-slate-700 dark:text-slate-300">
        Contract SHA-256 <HashText value={entry.contractSha256} what="contract SHA-256" />
      </p>
      <p className="text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
        Wallet <span className="font-mono">{visibleText(entry.walletHash)}</span> · submitted{' '}
        <RelativeTime value={entry.submittedAt} />
      </p>
      <p data-testid="saved-status">
        {summary.kind === 'anchored' && (
          <AnchoredStatus entry={entry} txid={summary.txid} height={summary.height} />
        )}
        {summary.kind === 'awaiting' && (
          <span>
            <StatusPill state="pending">Awaiting an anchor</StatusPill> (checked every few seconds).
            {bundle.isError && (
              <span className="text-red-700 dark:text-red-300">
                {' '}
                The last check failed: {visibleText(bundle.error.message)} Trying again.
              </span>
            )}
          </span>
        )}
        {summary.kind === 'unknown' && (
          <span>
            {bundle.isError
              ? `Could not fetch its proof: ${visibleText(bundle.error.message)} Trying again.`
              : 'Fetching its proof…'}
          </span>
        )}
        {summary.kind === 'invalid' && (
          <span className="text-red-700 dark:text-red-300">
            The service's proof does not verify: {visibleText(summary.reason)}
          </span>
        )}
      </p>
      <FileCheck
        entry={entry}
        state={check.state}
        onFile={(file) => compare([file])}
        onCancel={() => {
          setLeftOut(null);
          check.cancel();
        }}
        leftOut={leftOut}
      />
      <div className="flex flex-wrap items-center gap-4">
        <DownloadReceiptButton
          submission={entry}
          label={summary.kind === 'anchored' ? 'Download the final receipt' : 'Download the pending receipt'}
        />
        <Link className="underline" to={leafPath(entry.leafHex)}>
          Leaf page
        </Link>
        <Link className="underline" to={verifyLeafPath(entry.leafHex)}>
          Verify
        </Link>
        <ForgetSubmission entry={entry} onForgotten={onForgotten} />
      </div>
    </li>
  );
}

/** An anchored card's news: the date its document existed by (as the Verify page says it), and where. */
function AnchoredStatus({
  entry,
  txid,
  height,
}: {
  entry: SavedSubmission;
  txid: string;
  height: number | null;
}) {
  const blockTime = useAnchorBlockTime(entry.baseUrl, entry.leafHex, txid);
  return (
    <span>
      <StatusPill state="anchored">Anchored</StatusPill>{' '}
      <span className="font-medium" data-testid="saved-existed-by">
        {existedByWords({ fileName: entry.fileName, blockTime, height })}
      </span>
      , in transaction <HashText value={txid} what="transaction id" />
    </span>
  );
}
