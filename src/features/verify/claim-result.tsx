/**
 * A verification's answer: the verdict box first (verdict-box.tsx: the verdict, the date, the
 * document, the one fact left to compare), what to keep and print, then the details once each and
 * folded until opened: what was checked and whose word it rests on, the receipt and its anchor, the
 * proof's path, the chain's own bytes, and the link to share. An invalid verdict asks nothing more
 * and shows what failed. Text from receipts, bundles and file names is untrusted: shown with
 * `visibleText`.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { anchorViewingKey, explorerTxLink, protocolInfoQueryOptions } from '../../api/protocol';
import { useBlockExplorer } from '../../api/settings';
import { blockExplorerFor, explorerLink as fillExplorer, visibleText, type ClaimOutcome } from 'zap1';
import { verdictLook, type HeldClaim, type VerdictLook } from './claim';
import {
  anchorNetwork,
  blockWords,
  documentStatus,
  hashedWhere,
  verdictHeadline,
  type DocumentStatus,
} from './document-status';
import { BundleDetails, Downloads } from './claim-details';
import type { ServiceProof } from './use-verification';
import { BlockHashField } from './block-hash-field';
import { Certificate } from './certificate';
import { EvidenceChainCheck, WhoseWord } from './chain-evidence';
import { CheckLine } from './check-line';
import { ReceiptFacts } from './receipt-facts';
import { asksForBlockHash, evidenceView } from './evidence-view';
import { PastedTransactionCheck } from './transaction-check';
import { eventProven } from './receipt-rows';
import { ShareLink } from './share-link';
import { VerdictBox } from './verdict-box';
import { shareLinks } from './share-links';
import type { LinkClaim } from './link-claim';
import { Button } from '../../components/ui/button';
import { HashText } from '../../components/hash-text';
import { ExplorerTxid } from '../../components/tx-link';
import { RelativeTime } from '../../components/relative-time';

/** A wrong document is news of its own: the receipt may be fine, the file given is another one. */
const WRONG_DOCUMENT: VerdictLook = {
  headline: '✗ This document does not match the receipt',
  tone: 'bad',
  next: 'The receipt itself may be fine: the document given is not the one it names. Check that you have the right file.',
};

export function ClaimResult({
  outcome,
  serviceProof = null,
  claim,
  file,
  linkedSha256 = null,
  link = null,
  onChooseDocument = () => {},
  onFiles = () => {},
  appOrigin,
  chosenService,
  onCheckAgain,
  checking,
  blockHash = null,
  blockHashKept = false,
  onBlockHash = () => {},
}: {
  outcome: ClaimOutcome;
  /** What the service holds for the same leaf, when the held claim's anchor or path failed. */
  serviceProof?: ServiceProof | null;
  claim: HeldClaim | null;
  /** The document given: hashed here, or `restored` (its digest kept from earlier in this tab). */
  file: { name: string; sha256Hex: string; restored?: boolean } | null;
  /** The document's SHA-256 a shared link carries (`?sha256=`), when there is no receipt. */
  linkedSha256?: string | null;
  /** What the shared link this came from says of the claim (its anchor), if it came from one. */
  link?: LinkClaim | null;
  onChooseDocument?: () => void;
  onFiles?: (files: File[]) => void;
  appOrigin: string;
  /** The service the person uses (Settings, absolute): the only one whose own words the page uses. */
  chosenService: string;
  onCheckAgain: () => void;
  checking: boolean;
  blockHash?: string | null;
  blockHashKept?: boolean;
  onBlockHash?: (hex: string) => void;
}) {
  const { judgement } = outcome;
  const invalid = judgement.verdict === 'invalid';
  const service = outcome.service === null ? 'no service' : visibleText(outcome.service);
  const chain = evidenceView(outcome);
  // Links and keys come from the person's own service and settings, never from one a receipt names.
  const byChosen = outcome.serviceTrust === 'chosen';
  const info = useQuery({ ...protocolInfoQueryOptions(chosenService), enabled: byChosen });
  const personalExplorer = useBlockExplorer();
  const explorer = judgement.txid && byChosen ? explorerTxLink(info.data, judgement.txid) : null;
  const blockTemplate = chain ? blockExplorerFor(chain.evidence.network, personalExplorer) : null;
  const blockLink = chain && blockTemplate ? fillExplorer(blockTemplate, chain.evidence) : null;
  const receipt = claim?.kind === 'receipt' ? claim.receipt : null;
  const docStatus = documentStatus({
    receipt,
    bundle: claim?.kind === 'bundle',
    checks: judgement.checks,
    file,
    linkedSha256,
  });
  const network = anchorNetwork(outcome, byChosen ? info.data?.network : undefined, receipt);
  // A date only where a chosen source vouched for the block (zap1's judgeProof).
  const blockTime = judgement.blockTime;
  // A failed file check with every other check holding: the document is the news, not a forgery.
  const wrongDocument =
    docStatus.kind === 'mismatch' &&
    judgement.checks.every((check) => check.name === 'file' || check.status !== 'fail');
  const look = wrongDocument
    ? WRONG_DOCUMENT
    : verdictLook(
        judgement.verdict,
        outcome.service === null ? null : service,
        !chain?.holds ? 'none' : chain.block?.status === 'pass' ? 'confirmed' : 'open',
        outcome.bundle !== null,
        outcome.serviceTrust,
      );
  const headline = wrongDocument
    ? null
    : verdictHeadline({
        verdict: judgement.verdict,
        document: docStatus,
        height: judgement.height,
        blockTime,
      });
  const summary = wrongDocument
    ? "The document's SHA-256 is not the contract hash the receipt names, so this receipt is not a proof of that document."
    : visibleText(judgement.summary);
  const hashed = hashedWhere(file?.restored === true);
  const {
    link: shared,
    qrLink,
    provenReceipt,
    extras,
  } = shareLinks({
    appOrigin,
    outcome,
    receipt,
    linkedSha256,
  });
  const linkNote =
    link?.anchor && judgement.txid !== null && link.anchor.txid !== judgement.txid
      ? `The link names transaction ${link.anchor.txid}; the proof verified here names ${judgement.txid}. The verdict is the proof's.`
      : null;
  // Invalid asks nothing more, unless all that failed is the block hash the person typed: they may retype it.
  const onlyTheirBlockFailed = judgement.checks.every(
    (check) => check.status !== 'fail' || (check.name === 'block' && blockHash !== null),
  );
  const blockField =
    (!invalid || onlyTheirBlockFailed) &&
    chain?.block &&
    (asksForBlockHash(chain) || (blockHashKept && chain.holds)) ? (
      <BlockHashField
        // A new outcome (another receipt) starts the field afresh.
        key={`${chain.evidence.txid}-${blockHash ?? ''}`}
        height={chain.evidence.height}
        explorerLink={blockLink}
        given={blockHash}
        kept={blockHashKept}
        onBlockHash={onBlockHash}
        checking={checking}
      />
    ) : null;

  return (
    <div className="space-y-4">
      {/* On paper only the certificate below: one clean page. */}
      <div className="space-y-4 print:hidden">
        <VerdictBox
          verdict={judgement.verdict}
          look={look}
          headline={headline}
          document={docStatus}
          hashed={hashed}
          onChooseDocument={onChooseDocument}
          onFiles={onFiles}
          serviceProof={serviceProof}
          service={service}
          summary={summary}
          network={network}
          historical={judgement.historical}
          serviceProblem={outcome.serviceProblem}
          linkNote={linkNote}
          blockField={blockField}
          checkAgain={
            // Asking again needs a service that was asked.
            (judgement.verdict === 'pending' || judgement.verdict === 'unconfirmed') &&
            outcome.service !== null
              ? { onClick: onCheckAgain, checking }
              : null
          }
        />
        <div className="flex flex-wrap items-start gap-3">
          <Downloads
            outcome={outcome}
            receipt={receipt}
            heldBundle={claim?.kind === 'bundle' ? claim.bundle : null}
          />
          {shared && !invalid && <Button onClick={() => window.print()}>Print certificate</Button>}
        </div>

        <Folded title="What was checked" testId="details-checks" open={invalid}>
          <WhoseWord service={outcome.service ? service : null} chain={chain} explorer={explorer !== null} />
          <ul className="space-y-1 text-sm">
            {judgement.checks.map((check) => (
              <CheckLine key={`${check.name}-${check.detail}`} {...checkShown(check, docStatus)} />
            ))}
          </ul>
        </Folded>
        <Folded title="The receipt and its anchor" testId="details-receipt">
          <AnchorFacts outcome={outcome} explorer={explorer} blockTime={invalid ? null : blockTime} />
          {receipt && <ReceiptFacts receipt={receipt} checks={judgement.checks} file={file} />}
        </Folded>
        {outcome.bundle !== null && (
          <Folded title="The proof's path" testId="details-path">
            <BundleDetails
              bundle={outcome.bundle}
              service={outcome.service}
              eventProven={receipt !== null && eventProven(judgement.checks)}
              chain={chain}
            />
          </Folded>
        )}
        {!invalid && chain && (
          <Folded title="The chain's own bytes" testId="details-chain">
            <EvidenceChainCheck chain={chain} explorerLink={blockLink} />
          </Folded>
        )}
        {!invalid && !chain && judgement.txid && judgement.rootHex && (
          <PastedTransactionCheck
            txid={judgement.txid}
            rootHex={judgement.rootHex}
            height={judgement.height}
            serviceKey={byChosen ? anchorViewingKey(info.data) : null}
          />
        )}
        {shared && qrLink && !invalid && (
          <Folded title="Share this verification" testId="details-share">
            <ShareLink
              link={shared}
              qrLink={qrLink}
              carriesReceipt={provenReceipt !== null}
              documentName={provenReceipt?.file?.name ?? null}
              asksForDocument={extras.sha256 != null}
            />
          </Folded>
        )}
      </div>
      {shared && qrLink && (
        <Certificate
          outcome={outcome}
          receipt={receipt}
          file={file}
          link={qrLink}
          headline={paperHeadline(look, headline, docStatus, hashed)}
          summary={summary}
          document={docStatus}
          network={network}
          blockTime={invalid ? null : blockTime}
        />
      )}
    </div>
  );
}

/** The headline on paper: the mark, then the date (or what is wrong with the document). */
function paperHeadline(
  look: VerdictLook,
  headline: string | null,
  doc: DocumentStatus,
  hashed: string,
): string {
  if (doc.kind === 'mismatch') {
    return `${look.headline}: ${visibleText(doc.name)}, ${hashed}, is not the ${doc.basis === 'link' ? 'shared' : 'receipt’s'} document`;
  }
  return headline ? `${look.headline}: ${headline.replace(/^The leaf/, 'the leaf')}` : look.headline;
}

/**
 * A check as listed: a file compared with an unproven contract hash was not checked, whatever the
 * comparison gave; two hashes in one sentence are hard to compare, so a mismatch points to the rows.
 */
function checkShown(check: ClaimOutcome['judgement']['checks'][number], doc: DocumentStatus) {
  if (check.name !== 'file') return { check };
  if (doc.kind === 'unchecked') {
    return {
      check: { ...check, status: 'unknown' as const },
      detail: `"${visibleText(doc.name)}" was not matched: the receipt's event failed its check, so the contract hash it names is not proven.`,
    };
  }
  if (doc.kind === 'mismatch') {
    return {
      check,
      detail: `"${visibleText(doc.name)}" is not the anchored file: its SHA-256 differs from the receipt's (expected and actual are shown above).`,
    };
  }
  return { check };
}

/** A section folded until opened: the details of a verification, each once. */
function Folded({
  title,
  testId,
  open = false,
  children,
}: {
  title: string;
  testId: string;
  open?: boolean;
  children: ReactNode;
}) {
  return (
    <details
      className="rounded border border-slate-300 dark:border-slate-700"
      open={open}
      data-testid={testId}
    >
      <summary className="cursor-pointer px-4 py-2 font-semibold">{title}</summary>
      <div className="space-y-4 p-4 pt-0">{children}</div>
    </details>
  );
}

/** The leaf, root, transaction, block and its time, written out once. */
function AnchorFacts({
  outcome,
  explorer,
  blockTime,
}: {
  outcome: ClaimOutcome;
  explorer: string | null;
  blockTime: number | null;
}) {
  const { judgement } = outcome;
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]" data-testid="anchor-facts">
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
      {judgement.height !== null && <Fact term="Block" value={blockWords(judgement.height)} />}
      {blockTime !== null && (
        <div className="contents">
          <dt className="font-medium">Block time</dt>
          <dd>
            <RelativeTime value={blockTime} testId="block-time" />
          </dd>
        </div>
      )}
    </dl>
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
