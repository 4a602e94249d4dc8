/** What `zap1 verify` prints: a line per document (or a JSON array), a summary, and its exit code. */
import { heightWords, utcDateWords, visibleText, type Verdict } from '../index.js';
import { terminalSafeJson } from './print-outcome.js';
import type { Colour, Terminal } from './terminal.js';

export type RowVerdict = Verdict | 'missing';

export interface VerifyRow {
  /** The document (as given, or where the receipt says it would be); null for an event of no file. */
  file: string | null;
  receipt: string | null;
  verdict: RowVerdict;
  /** The check that failed, for an invalid verdict. */
  check: string | null;
  detail: string;
  leaf: string | null;
  txid: string | null;
  height: number | null;
  /** The anchor block's time (unix seconds), when a confirmed header or the chosen service gave it. */
  blockTime: number | null;
}

const WORDS: Record<RowVerdict, [string, Colour]> = {
  anchored: ['ANCHORED   ', 'green'],
  invalid: ['INVALID    ', 'red'],
  pending: ['PENDING    ', 'yellow'],
  unconfirmed: ['UNCONFIRMED', 'yellow'],
  missing: ['MISSING    ', 'yellow'],
};

function detailOf(row: VerifyRow): string {
  if (row.verdict === 'anchored' && row.txid !== null) {
    const when = row.blockTime === null ? '' : `, existed by ${utcDateWords(row.blockTime)}`;
    const height = row.height === null ? '' : ` at height ${heightWords(row.height)}`;
    return `anchored in transaction ${row.txid}${height}${when}`;
  }
  return row.check !== null ? `${row.check}: ${row.detail}` : row.detail;
}

/** Exit codes: 0 every document anchored, 1 any invalid, 3 otherwise. */
export function exitCodeOf(rows: readonly VerifyRow[]): number {
  if (rows.some((r) => r.verdict === 'invalid')) return 1;
  return rows.length > 0 && rows.every((r) => r.verdict === 'anchored') ? 0 : 3;
}

export function reportRows(
  term: Terminal,
  json: boolean,
  rows: VerifyRow[],
  unusedBlockHashes: string[],
): number {
  const sorted = [...rows].sort((a, b) =>
    (a.file ?? a.receipt ?? '').localeCompare(b.file ?? b.receipt ?? ''),
  );
  if (json) {
    console.log(terminalSafeJson(sorted.map(({ blockTime, ...row }) => ({ ...row, block_time: blockTime }))));
    return exitCodeOf(rows);
  }
  for (const row of sorted) {
    const [word, colour] = WORDS[row.verdict];
    term.line(
      `${term.paint(word, colour)}  ${visibleText(row.file ?? row.receipt ?? '')}  ${visibleText(detailOf(row))}`,
    );
  }
  const counts = new Map<RowVerdict, number>();
  for (const row of rows) counts.set(row.verdict, (counts.get(row.verdict) ?? 0) + 1);
  const parts = (['anchored', 'invalid', 'pending', 'unconfirmed', 'missing'] as const)
    .filter((v) => counts.has(v))
    .map((v) => `${counts.get(v)} ${v}`);
  term.line(`${rows.length} document${rows.length === 1 ? '' : 's'}: ${parts.join(', ')}.`);
  if (rows.some((r) => r.verdict === 'unconfirmed')) {
    term.line(
      'Unconfirmed: each names the block to compare. Read its hash in an explorer or on your node and give it with --block-hash (or give --service or --rpc).',
    );
  }
  for (const hash of unusedBlockHashes) term.note(`--block-hash ${hash} is the block of no receipt given.`);
  return exitCodeOf(rows);
}
