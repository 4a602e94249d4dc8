/**
 * A verification's answer: the verdict (one of four, never greener than what was proven), the
 * anchor and whose word it rests on, what a receipt proves and what it only states, each check,
 * what to download, how to share it, and the printable certificate. Text from receipts, bundles
 * and file names is untrusted: it is shown with `visibleText`.
 */
import { useQuery } from '@tanstack/react-query';
import { anchorViewingKey, explorerTxLink, protocolInfoQueryOptions } from '../../api/protocol';
import { useBlockExplorer } from '../../api/settings';
import {
  HISTORICAL_BUNDLE_WARNING,
  blockExplorerFor,
  explorerLink as fillExplorer,
  visibleText,
  type ClaimOutcome,
} from 'zap1';
import {
  MAX_QR_LINK_CHARS,
  compactReceipt,
  verdictLook,
  verifyLink,
  type HeldClaim,
  type LinkExtras,
} from './claim';
import {
  anchorNetwork,
  documentStatus,
  expectedDocumentHash,
  hashedWhere,
  verdictHeadline,
} from './document-status';
import { ExpectedActual } from './expected-actual';
import { DocumentLine, ServiceProofNote } from './document-line';
import { BundleDetails, Downloads } from './claim-details';
import type { ServiceProof } from './use-verification';
import { BlockHashField } from './block-hash-field';
import { Certificate } from './certificate';
import { WhoseWord } from './chain-evidence';
import { CheckLine } from './check-line';
import { ReceiptFacts } from './receipt-facts';
import { asksForBlockHash, evidenceView } from './evidence-view';
import { PastedTransactionCheck } from './transaction-check';
import { eventProven } from './receipt-rows';
import { ShareLink } from './share-link';
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
  serviceProof = null,
  claim,
  file,
  linkedSha256 = null,
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
  /** Opens the file chooser of the drop zone, to give the document. */
  onChooseDocument?: () => void;
  /** Files dropped on the verdict's document line (the document, most likely). */
  onFiles?: (files: File[]) => void;
  appOrigin: string;
  /** The service the person uses (Settings, absolute): the only one whose own words the page uses. */
  chosenService: string;
  onCheckAgain: () => void;
  checking: boolean;
  /** The block hash the person entered (from an explorer or their node), if any. */
  blockHash?: string | null;
  /** The block hash was entered earlier in this tab and came back with the page: its field stays. */
  blockHashKept?: boolean;
  /** Verifies again with the hash of the block at the evidence's height. */
  onBlockHash?: (hex: string) => void;
}) {
  const { judgement } = outcome;
  // The service URL a receipt names is its text: asked as it is, shown with visibleText.
  const service = outcome.service === null ? 'no service' : visibleText(outcome.service);
  const chain = evidenceView(outcome);
  const look = verdictLook(
    judgement.verdict,
    outcome.service === null ? null : service,
    !chain?.holds ? 'none' : chain.block?.status === 'pass' ? 'confirmed' : 'open',
    outcome.bundle !== null,
    outcome.serviceTrust,
  );
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
  // A date only where a chosen source vouched for the block (src/core judgeProof).
  const blockTime = judgement.blockTime;
  const headline = verdictHeadline({
    verdict: judgement.verdict,
    document: docStatus,
    height: judgement.height,
    blockTime,
  });
  // A failed file check writes both hashes in one sentence: the rows below compare them instead.
  const fileMismatchFirst =
    docStatus.kind === 'mismatch' &&
    judgement.checks.some((check) => check.name === 'file' && check.detail === judgement.summary);
  const summary = fileMismatchFirst
    ? "The document's SHA-256 is not the contract hash the receipt names, so this receipt is not a proof of that document."
    : visibleText(judgement.summary);
  const hashed = hashedWhere(file?.restored === true);
  // On paper a file that failed is not named: the sheet states only what was proven or checked.
  const paperHeadline =
    docStatus.kind === 'mismatch'
      ? `${look.headline}: the file ${hashed} is not the ${docStatus.basis === 'link' ? 'shared' : 'receipt’s'} document`
      : headline
        ? `${look.headline}: ${headline.replace(/^The leaf/, 'the leaf')}`
        : look.headline;
  const paperSummary = fileMismatchFirst
    ? `The file ${hashed} is not the receipt’s document: its SHA-256 is not the contract hash the leaf commits to.`
    : visibleText(judgement.summary);
  // The link shares the document's SHA-256 and the receipt only once the leaf proved the receipt's event.
  const provenReceipt = receipt && eventProven(judgement.checks) ? receipt : null;
  const extras: LinkExtras = provenReceipt
    ? { sha256: expectedDocumentHash(provenReceipt), receipt: provenReceipt }
    : { sha256: linkedSha256 };
  const link =
    judgement.leafHex && outcome.service
      ? verifyLink(appOrigin, judgement.leafHex, outcome.service, extras)
      : null;
  // A QR code holds a compact receipt (the colleague's browser fetches its proof), or only the leaf.
  const qrLink = (() => {
    if (!link || !judgement.leafHex || !outcome.service) return null;
    const compact = provenReceipt
      ? verifyLink(appOrigin, judgement.leafHex, outcome.service, {
          ...extras,
          receipt: compactReceipt(provenReceipt),
        })
      : link;
    return compact.length <= MAX_QR_LINK_CHARS
      ? compact
      : verifyLink(appOrigin, judgement.leafHex, outcome.service, { sha256: extras.sha256 ?? null });
  })();

  return (
    <div className="space-y-5">
      {/* On paper only the certificate below: one clean page. */}
      <div className="space-y-5 print:hidden">
        <div role="status" className={`rounded border-2 p-4 ${TONES[look.tone]}`}>
          <p
            className={headline ? 'text-base font-bold' : 'text-xl font-bold'}
            data-testid="verdict"
            data-verdict={judgement.verdict}
          >
            {look.headline}
          </p>
          {headline && (
            <p className="text-xl font-bold" data-testid="verdict-headline">
              {headline}
            </p>
          )}
          <DocumentLine status={docStatus} onChooseDocument={onChooseDocument} onFiles={onFiles} />
          {docStatus.kind === 'mismatch' && (
            <ExpectedActual
              expected={docStatus.expected}
              expectedLabel={
                docStatus.basis === 'link'
                  ? 'Expected (SHA-256 in the link)'
                  : "Expected (the receipt's contract SHA-256)"
              }
              actual={docStatus.actual}
              actualLabel={`Actual (${visibleText(docStatus.name)}, ${hashed})`}
            />
          )}
          {serviceProof && <ServiceProofNote proof={serviceProof} service={service} />}
          {/* For an invalid verdict this is the failed check, naming what failed (an added field, say). */}
          <p data-testid="verdict-reason" className="font-medium">
            {summary}
          </p>
          {network && (
            <p className="text-sm" data-testid="verdict-network" data-network={network.name}>
              <span className="font-medium">Network:</span> {visibleText(network.name)}{' '}
              <span className="text-slate-700 dark:text-slate-300">
                (
                {network.source === 'chain evidence'
                  ? 'named by the chain evidence, whose viewing key is of that network'
                  : network.source === 'service'
                    ? 'as the service says'
                    : 'as the receipt states'}
                )
              </span>
            </p>
          )}
          {judgement.historical && (
            <p
              data-testid="historical-warning"
              className="rounded border border-amber-500 bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
            >
              Warning: {HISTORICAL_BUNDLE_WARNING}
            </p>
          )}
          <p className="text-sm" data-testid="verdict-next">
            {look.next}
          </p>
          {/* Asking again needs a service to ask. */}
          {(judgement.verdict === 'pending' || judgement.verdict === 'unconfirmed') &&
            outcome.service !== null && (
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

        {chain?.block && (asksForBlockHash(chain) || (blockHashKept && chain.holds)) && (
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
          {blockTime !== null && (
            <div className="contents">
              <dt className="font-medium">Block time</dt>
              <dd>
                <RelativeTime value={blockTime} testId="block-time" />
              </dd>
            </div>
          )}
        </dl>

        {receipt && <ReceiptFacts receipt={receipt} checks={judgement.checks} file={file} />}

        <WhoseWord service={outcome.service ? service : null} chain={chain} explorer={explorer !== null} />

        <Section title="What was checked" className={PANEL_CLASS} headingClassName="font-semibold">
          <ul className="space-y-1 text-sm">
            {judgement.checks.map((check) => (
              <CheckLine
                key={`${check.name}-${check.detail}`}
                // A file compared with an unproven contract hash was not checked, whatever the comparison gave.
                check={
                  check.name === 'file' && docStatus.kind === 'unchecked'
                    ? { ...check, status: 'unknown' }
                    : check
                }
                // Two hashes in one sentence are hard to compare: they are the rows in the verdict above.
                detail={
                  check.name !== 'file'
                    ? undefined
                    : docStatus.kind === 'mismatch'
                      ? `"${visibleText(docStatus.name)}" is not the anchored file: its SHA-256 differs from the receipt's (expected and actual are shown above).`
                      : docStatus.kind === 'unchecked'
                        ? `"${visibleText(docStatus.name)}" was not matched: the receipt's event failed its check, so the contract hash it names is not proven.`
                        : undefined
                }
              />
            ))}
          </ul>
        </Section>

        {!chain && judgement.txid && judgement.rootHex && judgement.verdict !== 'invalid' && (
          <PastedTransactionCheck
            txid={judgement.txid}
            rootHex={judgement.rootHex}
            height={judgement.height}
            serviceKey={byChosen ? anchorViewingKey(info.data) : null}
          />
        )}

        <Downloads
          outcome={outcome}
          receipt={receipt}
          heldBundle={claim?.kind === 'bundle' ? claim.bundle : null}
        />
        {link && qrLink && (
          <ShareLink
            link={link}
            qrLink={qrLink}
            carriesReceipt={provenReceipt !== null}
            documentName={provenReceipt?.file?.name ?? null}
            asksForDocument={extras.sha256 != null}
          />
        )}
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
      {link && qrLink && (
        <Certificate
          outcome={outcome}
          receipt={receipt}
          file={file}
          link={qrLink}
          headline={paperHeadline}
          summary={paperSummary}
          document={docStatus}
          network={network}
          blockTime={blockTime}
        />
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
