/**
 * The printed certificate: one page with the verdict, what the leaf proves, the anchor, and the QR
 * code of the link that checks it again. It prints as fact only what was proven or checked here:
 * a receipt's own statements (its file name, service, time) are left off, since a sheet under
 * "✓ Anchored" would lend them a weight no hash gives them.
 */
import { HISTORICAL_BUNDLE_WARNING, visibleText, type ClaimOutcome, type Receipt } from 'zap1';
import { formatUtc } from '../../components/time-format';
import { formatNumber } from '../../components/number-words';
import { documentStatusWords, type DocumentStatus, type NetworkSource } from './document-status';
import { provenRows } from './receipt-rows';
import { QrImage } from './share-link';

const WORK_STATUS = { pass: 'holds', fail: 'does not hold', unknown: 'not known' } as const;

export function Certificate({
  outcome,
  receipt,
  file,
  link,
  headline,
  summary,
  document,
  network,
  blockTime,
}: {
  outcome: ClaimOutcome;
  receipt: Receipt | null;
  /** The file checked (here, or `restored` from earlier in this tab), if any: printed only when its check passed. */
  file: { name: string; restored?: boolean } | null;
  link: string;
  headline: string;
  /** Why the verdict is what it is (already visible text). */
  summary: string;
  /** What was checked of the document itself: matched, not provided, mismatch… */
  document: DocumentStatus;
  network: { name: string; source: NetworkSource } | null;
  /** When the anchoring block was mined (Unix seconds), from the chain evidence or the history. */
  blockTime: number | null;
}) {
  const { judgement } = outcome;
  const proven = receipt ? provenRows(receipt, judgement.checks, file) : [];
  // The header's own proof of work, where chain evidence was checked: the check's words, printed.
  const work = judgement.checks.find((check) => check.name === 'work');
  const workWords = work && `${WORK_STATUS[work.status]}: ${visibleText(work.detail)}`;
  const rows: [string, string | null][] = [
    ...proven.map((row): [string, string] => [row.label, row.value]),
    ['Document', document.kind === 'none' ? null : documentStatusWords(document)],
    [
      'Network',
      network === null
        ? 'not stated'
        : `${visibleText(network.name)}${network.name === 'devnet' ? ', a development chain: not a public blockchain' : ''} (${network.source === 'chain evidence' ? 'named by the chain evidence, its viewing key of that network' : network.source === 'service' ? "the service's word" : "the receipt's statement"})`,
    ],
    ['Leaf', judgement.leafHex],
    ['Root', judgement.rootHex],
    ['Transaction', judgement.txid],
    ['Block', judgement.height === null ? null : formatNumber(judgement.height)],
    // Absolute UTC: a sheet of paper has no "ago", and no reader's time zone.
    ['Block time', blockTime === null ? null : formatUtc(new Date(blockTime * 1000))],
    ['Proof of work', workWords ?? null],
    // The service whose anchor history was asked: what this verification did, not what the receipt says.
    ['Anchor history asked', outcome.service === null ? null : visibleText(outcome.service)],
    ['Verified at', formatUtc(new Date())],
  ];
  return (
    <section className="hidden break-inside-avoid space-y-4 text-black print:block" data-testid="certificate">
      <h2 className="text-2xl font-bold">ZAP1 verification certificate</h2>
      <p className="text-xl font-bold">{headline}</p>
      {network?.name === 'devnet' && (
        <p className="font-bold" data-testid="certificate-devnet">
          On a development chain: not a public blockchain. This anchor proves nothing to anyone outside it.
        </p>
      )}
      <p>{summary}</p>
      {judgement.historical && <p>Warning: {HISTORICAL_BUNDLE_WARNING}</p>}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {rows
          .filter((row): row is [string, string] => row[1] !== null)
          .map(([term, value]) => (
            // Printed: every value written out, times exact (a sheet of paper has no hover).
            <div key={term} className="contents">
              <dt className="font-medium">{term}</dt>
              <dd className={/[0-9a-f]{64}/.test(value) ? 'break-all font-mono' : 'break-all'}>{value}</dd>
            </div>
          ))}
      </dl>
      <div className="flex items-center gap-4">
        <QrImage text={link} size={160} />
        <p className="break-all text-xs">Verify again: {visibleText(link)}</p>
      </div>
    </section>
  );
}
