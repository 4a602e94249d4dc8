import { Link } from 'react-router';
import type { EventResult } from '../../api/submit-event';
import { DownloadReceiptButton } from './receipt-button';
import type { SavedSubmission } from './submissions-store';
import { leafPath, verifyLeafPath } from '../../app/paths';
import { HashText } from '../../components/hash-text';
import { SuccessNotice } from '../../components/ui/success-notice';

/** What the service recorded for a submission, checked against the leaf computed here, with the receipt. */
export function SubmitResult({
  result,
  localLeafHex,
  submission,
}: {
  result: EventResult;
  localLeafHex: string | null;
  submission: SavedSubmission | null;
}) {
  const mismatch = localLeafHex !== null && localLeafHex !== result.leaf_hash;
  return (
    <SuccessNotice testId="submit-result">
      <p className="font-semibold" data-testid="submit-status">
        {result.status === 'created'
          ? 'Recorded: a new leaf was created.'
          : 'Already recorded: this leaf existed before.'}
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt>Leaf</dt>
        <dd>
          <HashText value={result.leaf_hash} what="leaf hash" full testId="submit-leaf" />
        </dd>
        <dt>Root now</dt>
        <dd>
          <HashText value={result.root_hash} what="root" full />
        </dd>
      </dl>
      {mismatch && (
        <p className="font-semibold text-red-800 dark:text-red-200">
          Warning: the service recorded a different leaf than the one computed here ({localLeafHex}).
        </p>
      )}
      <p className="text-sm">
        The root is anchored on chain shortly; the leaf page shows when. Keep the receipt: with the file, it
        is what proves this contract was anchored (Verify completes it with the proof once anchored).
      </p>
      <p className="flex flex-wrap items-center gap-4">
        {submission && submission.leafHex === result.leaf_hash && (
          <DownloadReceiptButton submission={submission} />
        )}
        <Link className="font-medium underline" to={leafPath(result.leaf_hash)}>
          Open the leaf page
        </Link>
        <Link className="underline" to={verifyLeafPath(result.leaf_hash)}>
          Verify its proof
        </Link>
      </p>
    </SuccessNotice>
  );
}
