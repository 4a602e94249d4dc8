/**
 * A verification's answer: the verdict (one of four, never greener than what was proven), the
 * anchor and whose word it rests on, what a receipt proves and what it only states, each check,
 * what to download, how to share it, and the printable certificate. Text from receipts, bundles
 * and file names is untrusted: it is shown with `visibleText`.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  anchorViewingKey,
  explorerBlockLink,
  explorerTxLink,
  protocolInfoQueryOptions,
} from '../../api/protocol';
import {
  HISTORICAL_BUNDLE_WARNING,
  verifyProofBundle,
  visibleText,
  type ClaimOutcome,
  type Receipt,
} from '../../core';
import { downloadJson } from '../leaf/download-json';
import { receiptFileName, verdictLook, verifyLink, type HeldClaim } from './claim';
import { BlockHashField } from './block-hash-field';
import { Certificate } from './certificate';
import { EvidenceChainCheck, WhoseWord } from './chain-evidence';
import { CheckLine } from './check-line';
import { ChainCheck, RecomputeLeaf } from './proof-details';
import { ProofPath } from './proof-path';
import { ReceiptFacts } from './receipt-facts';
import { asksForBlockHash, evidenceView, type EvidenceView } from './evidence-view';
import { PastedTransactionCheck } from './transaction-check';
import { eventProven } from './receipt-rows';
import { ShareLink } from './share-link';
import { claimedScheme, presentVerdict } from './verdict';
import { Button } from '../../components/ui/button';
import { BUTTON_CLASS, PANEL_CLASS } from '../../components/ui/styles';
import { Section } from '../../components/ui/section';
import { HashText } from '../../components/hash-text';
import { ExplorerTxid } from '../../components/tx-link';
import { RelativeTime } from '../../components/relative-time';

const TONES = {
  good: 'border-emerald-600 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50',
  wait: 'border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50',
  bad: 'border-red-600 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50',
} as const;

export function ClaimResult({
  outcome,
  claim,
  file,
  appOrigin,
  onCheckAgain,
  checking,
  blockHash = null,
  onBlockHash = () => {},
}: {
  outcome: ClaimOutcome;
  claim: HeldClaim | null;
  file: { name: string; sha256Hex: string } | null;
  appOrigin: string;
  onCheckAgain: () => void;
  checking: boolean;
  /** The block hash the person entered (from an explorer or their node), if any. */
  blockHash?: string | null;
  /** Verifies again with the hash of the block at the evidence's height. */
  onBlockHash?: (hex: string) => void;
}) {
  const { judgement } = outcome;
  // The service URL a receipt names is its text: asked as it is, shown with visibleText.
  const service = outcome.service === null ? 'no service' : visibleText(outcome.service);
  const chain = evidenceView(outcome);
  const look = verdictLook(
    judgement.verdict,
    service,
    !chain?.holds ? 'none' : chain.block?.status === 'pass' ? 'confirmed' : 'open',
  );
  const info = useQuery({
    ...protocolInfoQueryOptions(outcome.service ?? ''),
    enabled: outcome.service !== null,
  });
  const explorer = judgement.txid ? explorerTxLink(info.data, judgement.txid) : null;
  const blockLink = chain
    ? explorerBlockLink(info.data, { height: chain.evidence.height, hash: chain.evidence.block_hash })
    : null;
  const link =
    judgement.leafHex && outcome.service ? verifyLink(appOrigin, judgement.leafHex, outcome.service) : null;
  const receipt = claim?.kind === 'receipt' ? claim.receipt : null;

  return (
    <div className="space-y-5">
      {/* On paper only the certificate below: one clean page. */}
      <div className="space-y-5 print:hidden">
        <div role="status" className={`rounded border-2 p-4 ${TONES[look.tone]}`}>
          <p className="text-xl font-bold" data-testid="verdict" data-verdict={judgement.verdict}>
            {look.headline}
          </p>
          {/* For an invalid verdict this is the failed check, naming what failed (an added field, say). */}
          <p data-testid="verdict-reason" className="font-medium">
            {visibleText(judgement.summary)}
          </p>
          {judgement.historical && (
            <p
              data-testid="historical-warning"
              className="rounded border border-amber-500 bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
            >
              Warning: {HISTORICAL_BUNDLE_WARNING}
            </p>
          )}
          <p className="text-sm">{look.next}</p>
          {(judgement.verdict === 'pending' || judgement.verdict === 'unconfirmed') && (
            <button
              type="button"
              className={`${BUTTON_CLASS} mt-2 print:hidden`}
              onClick={onCheckAgain}
              disabled={checking}
            >
              {checking ? 'Checking…' : 'Check again'}
            </button>
          )}
        </div>

        {asksForBlockHash(chain) && (
          <BlockHashField
            // A new outcome (another receipt) starts the field afresh.
            key={`${chain.evidence.txid}-${blockHash ?? ''}`}
            height={chain.evidence.height}
            explorerLink={blockLink}
            given={blockHash}
            onBlockHash={onBlockHash}
            checking={checking}
          />
        )}

        <dl
          className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]"
          data-testid="anchor-facts"
        >
          {judgement.leafHex && <Fact term="Leaf" value={judgement.leafHex} hash="leaf hash" />}
          {judgement.rootHex && <Fact term="Root" value={judgement.rootHex} hash="root" />}
          {judgement.txid && (
            <div className="contents">
              <dt className="font-medium">Transaction</dt>
              <dd>
                <ExplorerTxid txid={judgement.txid} href={explorer} full testId="anchor-txid" />
              </dd>
            </div>
          )}
          {judgement.height !== null && <Fact term="Height" value={String(judgement.height)} />}
          {judgement.blockTime !== null && (
            <div className="contents">
              <dt className="font-medium">Block time</dt>
              <dd>
                <RelativeTime value={judgement.blockTime} />
              </dd>
            </div>
          )}
        </dl>

        {receipt && <ReceiptFacts receipt={receipt} checks={judgement.checks} file={file} />}

        <WhoseWord service={outcome.service ? service : null} chain={chain} explorer={explorer !== null} />

        <Section title="What was checked" className={PANEL_CLASS} headingClassName="font-semibold">
          <ul className="space-y-1 text-sm">
            {judgement.checks.map((check) => (
              <CheckLine key={`${check.name}-${check.detail}`} check={check} />
            ))}
          </ul>
        </Section>

        {!chain && judgement.txid && judgement.rootHex && judgement.verdict !== 'invalid' && (
          <PastedTransactionCheck
            txid={judgement.txid}
            rootHex={judgement.rootHex}
            height={judgement.height}
            serviceKey={anchorViewingKey(info.data)}
          />
        )}

        <Downloads
          outcome={outcome}
          receipt={receipt}
          heldBundle={claim?.kind === 'bundle' ? claim.bundle : null}
        />
        {link && <ShareLink link={link} />}
        {link && (
          <p className="print:hidden">
            <Button onClick={() => window.print()}>Print certificate</Button>
          </p>
        )}
        {outcome.bundle !== null && (
          <BundleDetails
            bundle={outcome.bundle}
            service={outcome.service}
            eventProven={receipt !== null && eventProven(judgement.checks)}
            chain={chain}
            blockLink={blockLink}
          />
        )}
      </div>
      {link && (
        <Certificate outcome={outcome} receipt={receipt} file={file} link={link} headline={look.headline} />
      )}
    </div>
  );
}

/** One fact of the verdict; `hash` names a hash, written out in full with a Copy button. */
function Fact({ term, value, hash }: { term: string; value: string; hash?: string }) {
  return (
    <div className="contents">
      <dt className="font-medium">{term}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">
        {hash ? <HashText value={value} what={hash} full /> : value}
      </dd>
    </div>
  );
}

function Downloads({
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
          <Button onClick={() => downloadJson(receiptFileName(completed), completed)}>
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
function BundleDetails({
  bundle,
  service,
  eventProven,
  chain,
  blockLink,
}: {
  bundle: unknown;
  service: string | null;
  eventProven: boolean;
  chain: EvidenceView | null;
  blockLink: string | null;
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
      {chain ? (
        <EvidenceChainCheck chain={chain} explorerLink={blockLink} />
      ) : (
        inclusion.anchor?.txid && service && <ChainCheck rootHex={inclusion.rootHex} service={service} />
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
