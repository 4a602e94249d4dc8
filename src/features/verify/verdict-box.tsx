/**
 * The verdict box, the first thing a verification shows: the verdict and the date the document
 * existed by, the document's status, why, the network (a development chain named as one), whether
 * the service could be asked, what happens next, and the one fact left to compare when there is one.
 * Everything else is in the folded details below it (claim-result.tsx), so this fits the first screen.
 */
import type { ReactNode } from 'react';
import { HISTORICAL_BUNDLE_WARNING, visibleText } from 'zap1';
import { BUTTON_CLASS } from '../../components/ui/styles';
import type { VerdictLook } from './claim';
import { DocumentLine, ServiceProofNote } from './document-line';
import type { DocumentStatus, NetworkSource } from './document-status';
import { ExpectedActual } from './expected-actual';
import type { ServiceProof } from './use-verification';

const TONES = {
  good: 'border-emerald-600 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50',
  wait: 'border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50',
  bad: 'border-red-600 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50',
} as const;

/** What a network name means to a reader: a development chain is said to be one. */
export function networkMeaning(name: string): string | null {
  return name === 'devnet' ? 'development chain: not a public blockchain' : null;
}

const SOURCE_WORDS: Record<NetworkSource, string> = {
  'chain evidence': 'named by the chain evidence, whose viewing key is of that network',
  service: 'as the service says',
  receipt: 'as the receipt states',
};

export function VerdictBox({
  verdict,
  look,
  headline,
  document,
  hashed,
  onChooseDocument,
  onFiles,
  serviceProof,
  service,
  summary,
  network,
  historical,
  serviceProblem,
  linkNote,
  blockField,
  checkAgain,
}: {
  verdict: string;
  look: VerdictLook;
  /** "contract.pdf existed by …" (null when the mark says it all). */
  headline: string | null;
  document: DocumentStatus;
  /** How the document was read ("hashed here"), for the expected/actual rows. */
  hashed: string;
  onChooseDocument: () => void;
  onFiles: (files: File[]) => void;
  serviceProof: ServiceProof | null;
  service: string;
  /** Why the verdict is what it is, as visible text. */
  summary: string;
  network: { name: string; source: NetworkSource } | null;
  historical: boolean;
  /** Why the service asked could not answer: the verdict was reached without it. */
  serviceProblem: string | null;
  /** What a shared link said of the anchor, where it differs from what was verified. */
  linkNote: string | null;
  /** The block hash field, when one fact is left to compare. */
  blockField: ReactNode;
  checkAgain: { onClick: () => void; checking: boolean } | null;
}) {
  const meaning = network ? networkMeaning(network.name) : null;
  return (
    <div role="status" className={`space-y-2 rounded border-2 p-4 ${TONES[look.tone]}`}>
      <p
        className={headline ? 'text-base font-bold' : 'text-xl font-bold'}
        data-testid="verdict"
        data-verdict={verdict}
      >
        {look.headline}
      </p>
      {headline && (
        <p className="text-xl font-bold" data-testid="verdict-headline">
          {headline}
        </p>
      )}
      <DocumentLine status={document} onChooseDocument={onChooseDocument} onFiles={onFiles} />
      {document.kind === 'mismatch' && (
        <ExpectedActual
          expected={document.expected}
          expectedLabel={
            document.basis === 'link'
              ? 'Expected (SHA-256 in the link)'
              : "Expected (the receipt's contract SHA-256)"
          }
          actual={document.actual}
          actualLabel={`Actual (${visibleText(document.name)}, ${hashed})`}
        />
      )}
      {serviceProof && <ServiceProofNote proof={serviceProof} service={service} />}
      {/* For an invalid verdict this is the failed check, naming what failed (an added field, say). */}
      <p data-testid="verdict-reason" className="font-medium">
        {summary}
      </p>
      {serviceProblem && (
        <p className="text-sm font-medium" data-testid="checked-without-service">
          Checked without the service: {visibleText(serviceProblem)}. Everything above was checked here, in
          this browser.
        </p>
      )}
      {linkNote && (
        <p className="text-sm" data-testid="link-anchor-note">
          {linkNote}
        </p>
      )}
      {network && (
        <p className="text-sm" data-testid="verdict-network" data-network={network.name}>
          <span className="font-medium">Network:</span> {visibleText(network.name)}
          {meaning && <strong data-testid="network-meaning"> ({meaning})</strong>}{' '}
          <span className="text-slate-700 dark:text-slate-300">({SOURCE_WORDS[network.source]})</span>
        </p>
      )}
      {historical && (
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
      {blockField}
      {checkAgain && (
        <button
          type="button"
          className={`${BUTTON_CLASS} print:hidden`}
          onClick={checkAgain.onClick}
          disabled={checkAgain.checking}
        >
          {checkAgain.checking ? 'Checking…' : 'Check again'}
        </button>
      )}
    </div>
  );
}
