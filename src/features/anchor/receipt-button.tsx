/**
 * "Download receipt" (named after its document: `contract.pdf.pending.zap1.json` until anchored, then
 * `contract.pdf.zap1.json`): the one file a person keeps for a contract they anchored (zap1's
 * makeReceipt). It carries the event (serial number and contract hash), the file's name and size,
 * the service and its network, and the anchored proof once there is one (null before: Verify
 * completes it later), with the anchor's chain evidence where the service keeps it: the transaction's
 * bytes, its block header and branch, and the viewing key, so the receipt outlives the service.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { capabilitiesOf } from '../../api/capabilities';
import { chainEvidenceQueryOptions } from '../../api/evidence';
import { protocolInfoQueryOptions } from '../../api/protocol';
import { proofBundleQueryOptions } from '../../api/verify';
import { ErrorNotice } from '../../components/error-notice';
import { isRecord, makeReceipt, receiptFileNameFor, type ChainEvidence, type Receipt } from 'zap1';
import { downloadJson } from '../leaf/download-json';
import { absoluteServiceUrl } from '../verify/claim';
import type { SavedSubmission } from './submissions-store';
import { Button } from '../../components/ui/button';
import { useBusyAction } from '../../components/ui/use-busy-action';

/** The anchor transaction a bundle names, or null (a pending bundle names none). */
export function anchorTxidOf(bundle: unknown): string | null {
  if (!isRecord(bundle) || !isRecord(bundle['anchor'])) return null;
  const txid = bundle['anchor']['txid'];
  return typeof txid === 'string' ? txid : null;
}

/**
 * The receipt of a submission kept in this browser, with `bundle` as its proof when it is anchored,
 * and `evidence` (the chain evidence of that anchor) when it is of the bundle's transaction.
 */
export function receiptOfSubmission(
  submission: SavedSubmission,
  context: {
    origin: string;
    network: string | null;
    bundle: unknown;
    evidence?: ChainEvidence | null;
    now: Date;
  },
): Receipt {
  const txid = anchorTxidOf(context.bundle);
  const evidence =
    context.evidence && txid !== null && context.evidence.txid === txid ? context.evidence : null;
  return makeReceipt({
    serviceUrl: absoluteServiceUrl(submission.baseUrl, context.origin),
    network: context.network,
    event: {
      event_type: 'CONTRACT_ANCHOR',
      wallet_hash: submission.walletHash,
      serial_number: submission.serialNumber,
      contract_sha256: submission.contractSha256,
    },
    leafHex: submission.leafHex,
    file:
      submission.fileName !== null && typeof submission.fileSize === 'number'
        ? { name: submission.fileName, size: submission.fileSize }
        : null,
    proof: txid !== null ? context.bundle : null,
    chainEvidence: evidence,
    now: context.now,
  });
}

/**
 * Fetches the latest proof (it may be anchored by now) and, once anchored, the anchor's chain
 * evidence, and downloads the receipt. `primary` where the receipt is what the page is for (right
 * after submitting).
 */
export function DownloadReceiptButton({
  submission,
  label = 'Download receipt',
  variant = 'secondary',
}: {
  submission: SavedSubmission;
  label?: string;
  variant?: 'primary' | 'secondary';
}) {
  const queryClient = useQueryClient();
  const info = useQuery(protocolInfoQueryOptions(submission.baseUrl));
  const { busy, error, run } = useBusyAction();
  return (
    <span className="inline-flex flex-col gap-2">
      <Button
        variant={variant}
        disabled={busy}
        onClick={() =>
          run(async () => {
            // A proof that cannot be fetched right now still leaves a receipt to keep (Verify completes it).
            const bundle = await queryClient
              .fetchQuery({
                ...proofBundleQueryOptions(submission.baseUrl, submission.leafHex),
                staleTime: 0,
              })
              .catch(() => null);
            const txid = anchorTxidOf(bundle);
            // Asked only where /protocol/info lists the extension; evidence that cannot be fetched
            // now leaves a receipt that Verify completes later.
            const offered = await queryClient
              .fetchQuery(protocolInfoQueryOptions(submission.baseUrl))
              .then((answer) => capabilitiesOf(answer).anchorEvidence)
              .catch(() => false);
            const evidence =
              txid === null || !offered
                ? null
                : await queryClient
                    .fetchQuery(chainEvidenceQueryOptions(submission.baseUrl, txid))
                    .catch(() => null);
            const receipt = receiptOfSubmission(submission, {
              origin: window.location.origin,
              network: info.data?.network ?? null,
              bundle,
              evidence,
              now: new Date(),
            });
            // Named after the document, and "pending" until the proof names an anchor.
            downloadJson(receiptFileNameFor(submission, txid !== null), receipt);
          })
        }
      >
        {busy ? 'Preparing…' : label}
      </Button>
      {error !== null && <ErrorNotice error={error} title="The receipt could not be made" />}
    </span>
  );
}
