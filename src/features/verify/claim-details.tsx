/** What to keep from a verification (the completed receipt or bundle), and the proof's details. */
import { useMemo } from 'react';
import { receiptFileName, verifyProofBundle, visibleText, type ClaimOutcome, type Receipt } from 'zap1';
import { Button } from '../../components/ui/button';
import { PANEL_CLASS } from '../../components/ui/styles';
import { Section } from '../../components/ui/section';
import { downloadJson } from '../leaf/download-json';
import type { EvidenceView } from './evidence-view';
import { ChainCheck, RecomputeLeaf } from './proof-details';
import { ProofPath } from './proof-path';
import { claimedScheme, presentVerdict } from './verdict';

export function Downloads({
  outcome,
  receipt,
  heldBundle,
}: {
  outcome: ClaimOutcome;
  receipt: Receipt | null;
  heldBundle: unknown;
}) {
  const completed = outcome.completedReceipt;
  // The service's newer (anchored) proof of a pending bundle someone held.
  const newer = heldBundle !== null && outcome.bundle !== null && outcome.bundle !== heldBundle;
  if (!completed && outcome.completedBundle === null && outcome.bundle === null) return null;
  return (
    <Section
      title="Keep the proof"
      className={`${PANEL_CLASS} print:hidden`}
      headingClassName="font-semibold"
    >
      {completed && (
        <p className="text-sm" data-testid="receipt-completed">
          {receipt?.proof === null
            ? 'Your receipt held no proof yet; the service has anchored it since. Keep the completed receipt: it carries the proof.'
            : 'The service has a newer, anchored proof for your receipt. Keep the completed receipt.'}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {completed && (
          <Button
            onClick={() =>
              // Named as the Anchor page names it: after its document, "pending" until anchored.
              downloadJson(receiptFileName(completed), completed)
            }
          >
            Download the completed receipt
          </Button>
        )}
        {!completed && outcome.completedBundle !== null && (
          <Button onClick={() => downloadJson('zap1-proof-anchored.json', outcome.completedBundle)}>
            Download the completed bundle
          </Button>
        )}
        {!completed && outcome.completedBundle === null && outcome.bundle !== null && (
          <Button onClick={() => downloadJson('zap1-proof.json', outcome.bundle)}>
            {newer ? 'Download the anchored bundle' : 'Download the proof bundle'}
          </Button>
        )}
      </div>
    </Section>
  );
}

/**
 * The Merkle path drawn, the legacy and trust notes, and recomputing the leaf from its fields (not
 * needed when a receipt's event fields were proven to hash to the leaf).
 */
export function BundleDetails({
  bundle,
  service,
  eventProven,
  chain,
}: {
  bundle: unknown;
  service: string | null;
  eventProven: boolean;
  chain: EvidenceView | null;
}) {
  const inclusion = useMemo(() => verifyProofBundle(bundle, { allowHistorical: true }), [bundle]);
  const scheme = claimedScheme(bundle);
  const view = presentVerdict(inclusion, { source: 'file', claimedScheme: scheme, eventProven, chain });
  return (
    <div className="space-y-5 print:hidden">
      <ProofPath verdict={inclusion} scheme={scheme} />
      <Section title="Still taken on trust" className={PANEL_CLASS} headingClassName="font-semibold">
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {view.trusted.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Section>
      {!chain && inclusion.anchor?.txid && service && (
        <ChainCheck rootHex={inclusion.rootHex} service={service} />
      )}
      {inclusion.leafHex && inclusion.witness !== 'verified' && !eventProven && (
        <RecomputeLeaf
          leafHex={inclusion.leafHex}
          eventType={inclusion.eventType === null ? null : visibleText(inclusion.eventType)}
        />
      )}
    </div>
  );
}
