/**
 * A folder's verification as rows, one per document (and one per receipt without its document),
 * in the words `zap1 verify` prints them: the verdict, the check that failed, "no receipt for this
 * document". Plain data, so the worker that makes them and the page that shows them share it.
 */
import {
  NO_DOCUMENT,
  NO_RECEIPT,
  documentPathOf,
  receiptCommitsToFile,
  type ClaimOutcome,
  type Receipt,
  type Verdict,
} from 'zap1';
import { csvText } from '../../../components/csv';
import { countWords, formatNumber } from '../../../components/number-words';
import { formatDateTime } from '../../../components/time-format';

export type RowVerdict = Verdict | 'missing';

/** The order verdicts are counted and offered in the filter: the good news first, then what needs a look. */
export const ROW_VERDICTS: readonly RowVerdict[] = [
  'anchored',
  'invalid',
  'pending',
  'unconfirmed',
  'missing',
];

export interface FolderRow {
  /** The row's number in its run: two files of one name (a folder and a ZIP of it) are still two rows. */
  id: number;
  /** The document's path as given (or where its receipt says it would be); null for an event of no file. */
  file: string | null;
  receipt: string | null;
  /** The document's size in bytes, when there is a document. */
  size: number | null;
  sha256Hex: string | null;
  verdict: RowVerdict;
  /** The check that failed, for an invalid verdict. */
  check: string | null;
  detail: string;
  txid: string | null;
  height: number | null;
  /** The anchor block's time (Unix seconds), when a confirmed header or the chosen service gave it. */
  blockTime: number | null;
}

export interface RowDocument {
  file: string;
  size: number;
  sha256Hex: string;
}

export interface RowReceipt {
  file: string;
  receipt: Receipt;
}

const documentFacts = (document: RowDocument | null) => ({
  size: document?.size ?? null,
  sha256Hex: document?.sha256Hex ?? null,
});

/** A row before the run numbers it. */
export type RowFacts = Omit<FolderRow, 'id'>;

/** The row of a pair with no verdict: a document without its receipt, or a receipt without its document. */
export function missingRow(document: RowDocument | null, receipt: RowReceipt | null): RowFacts {
  return {
    file: document?.file ?? (receipt ? documentPathOf(receipt.file) : null),
    receipt: receipt?.file ?? null,
    ...documentFacts(document),
    verdict: 'missing',
    check: null,
    detail: receipt === null ? NO_RECEIPT : NO_DOCUMENT,
    txid: null,
    height: null,
    blockTime: null,
  };
}

/** A receipt file that cannot be read is invalid at the receipt check, as `zap1 verify` reports it. */
export function unreadableReceiptRow(receiptFile: string, problem: string): RowFacts {
  return {
    file: documentPathOf(receiptFile),
    receipt: receiptFile,
    size: null,
    sha256Hex: null,
    verdict: 'invalid',
    check: 'receipt',
    detail: problem,
    txid: null,
    height: null,
    blockTime: null,
  };
}

/** Whether a receipt with no document is a row that says so (it commits to a file), or is verified alone. */
export const needsItsDocument = (receipt: Receipt): boolean => receiptCommitsToFile(receipt);

export function verdictRow(
  document: RowDocument | null,
  receipt: RowReceipt,
  outcome: ClaimOutcome,
): RowFacts {
  const judgement = outcome.judgement;
  const failed = judgement.checks.find((check) => check.status === 'fail') ?? null;
  return {
    file: document?.file ?? null,
    receipt: receipt.file,
    ...documentFacts(document),
    verdict: judgement.verdict,
    check: failed?.name ?? null,
    detail: failed?.detail ?? judgement.summary,
    txid: judgement.txid,
    height: judgement.height,
    // An invalid claim's date is no date at all.
    blockTime: judgement.verdict === 'invalid' ? null : judgement.blockTime,
  };
}

/** The row's name: its document, else its receipt. */
export const rowName = (row: RowFacts): string => row.file ?? row.receipt ?? '';

export const byName = (a: RowFacts, b: RowFacts): number => rowName(a).localeCompare(rowName(b));

/** "existed by 26 Nov 2026, 05:57:39 UTC", as the single check words it; empty unless anchored with a time. */
export function existedByWords(row: FolderRow, locale?: string): string {
  if (row.verdict !== 'anchored' || row.blockTime === null) return '';
  return `existed by ${formatDateTime(new Date(row.blockTime * 1000), locale)}`;
}

export type VerdictCounts = Record<RowVerdict, number>;

export function countVerdicts(rows: readonly FolderRow[]): VerdictCounts {
  const counts: VerdictCounts = { anchored: 0, invalid: 0, pending: 0, unconfirmed: 0, missing: 0 };
  for (const row of rows) counts[row.verdict]++;
  return counts;
}

/** "20 documents: 18 anchored, 1 invalid, 1 missing." */
export function summaryWords(rows: readonly FolderRow[]): string {
  const counts = countVerdicts(rows);
  const parts = ROW_VERDICTS.filter((verdict) => counts[verdict] > 0).map(
    (verdict) => `${formatNumber(counts[verdict])} ${verdict}`,
  );
  return `${countWords(rows.length, 'document', 'documents')}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}.`;
}

export const CSV_HEADER = [
  'file',
  'receipt',
  'size',
  'sha256',
  'verdict',
  'date',
  'txid',
  'height',
  'check',
  'detail',
] as const;

/** The rows as CSV: the date in UTC as ISO 8601 (a spreadsheet sorts it), every name defused by csvText. */
export function rowsCsv(rows: readonly FolderRow[]): string {
  return csvText(
    CSV_HEADER,
    rows.map((row) => [
      row.file,
      row.receipt,
      row.size,
      row.sha256Hex,
      row.verdict,
      row.blockTime === null || row.verdict !== 'anchored'
        ? null
        : new Date(row.blockTime * 1000).toISOString(),
      row.txid,
      row.height,
      row.check,
      row.detail,
    ]),
  );
}
