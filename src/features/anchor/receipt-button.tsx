/**
 * "Download receipt": the one file a person keeps for a contract they anchored (src/core
 * receipt.ts). It carries the event (serial number and contract hash), the file's name and size,
 * the service and its network, and the anchored proof once there is one (null before: Verify
 * completes it later).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { protocolInfoQueryOptions } from '../../api/protocol';
import { proofBundleQueryOptions } from '../../api/verify';
import { ErrorNotice } from '../../components/error-notice';
import { isRecord, makeReceipt, type Receipt } from '../../core';
import { downloadJson } from '../leaf/download-json';
import { absoluteServiceUrl, receiptFileName } from '../verify/claim';
import type { SavedSubmission } from './submissions-store';
import { Button } from '../../components/ui/button';
import { useBusyAction } from '../../components/ui/use-busy-action';

/** Whether a bundle names its anchor transaction (a pending bundle does not). */
function isAnchoredBundle(bundle: unknown): boolean {
  return isRecord(bundle) && isRecord(bundle['anchor']) && typeof bundle['anchor']['txid'] === 'string';
}

/** The receipt of a submission kept in this browser, with `bundle` as its proof when it is anchored. */
export function receiptOfSubmission(
  submission: SavedSubmission,
  context: { origin: string; network: string | null; bundle: unknown; now: Date },
): Receipt {
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
    proof: isAnchoredBundle(context.bundle) ? context.bundle : null,
    now: context.now,
  });
}

/** Fetches the latest proof (it may be anchored by now) and downloads the receipt. */
export function DownloadReceiptButton({ submission }: { submission: SavedSubmission }) {
  const queryClient = useQueryClient();
  const info = useQuery(protocolInfoQueryOptions(submission.baseUrl));
  const { busy, error, run } = useBusyAction();
  return (
    <span className="inline-flex flex-col gap-2">
      <Button
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
            const receipt = receiptOfSubmission(submission, {
              origin: window.location.origin,
              network: info.data?.network ?? null,
              bundle,
              now: new Date(),
            });
            downloadJson(receiptFileName(receipt), receipt);
          })
        }
      >
        {busy ? 'Preparing…' : 'Download receipt'}
      </Button>
      {error !== null && <ErrorNotice error={error} title="The receipt could not be made" />}
    </span>
  );
}
