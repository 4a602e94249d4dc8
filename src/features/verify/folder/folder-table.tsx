/**
 * A folder's verdicts as a table, one row per document: file, verdict, date, transaction, height
 * and, for a failure, the check that failed. A filter by verdict (buttons with their counts) and
 * "Export CSV" of what the filter shows. Rows are rendered a page at a time, from a deferred copy,
 * so a thousand of them never hold the page up.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { visibleText } from 'zap1';
import { Button } from '../../../components/ui/button';
import { downloadBlob } from '../../leaf/download-json';
import { formatNumber } from '../../../components/number-words';
import { shortHex } from '../../../components/time-format';
import {
  byName,
  countVerdicts,
  existedByWords,
  ROW_VERDICTS,
  rowsCsv,
  summaryWords,
  type FolderRow,
  type RowVerdict,
} from './folder-rows';

/** Rows rendered at once; "Show more" renders the next as many. */
export const ROWS_PER_PAGE = 200;

const VERDICT_WORDS: Record<RowVerdict, { word: string; className: string }> = {
  anchored: { word: '✓ Anchored', className: 'text-green-800 dark:text-green-300' },
  invalid: { word: '✗ Invalid', className: 'text-red-700 dark:text-red-300' },
  pending: { word: 'Pending', className: 'text-amber-800 dark:text-amber-300' },
  unconfirmed: { word: 'Unconfirmed', className: 'text-amber-800 dark:text-amber-300' },
  missing: { word: 'Missing', className: 'text-amber-800 dark:text-amber-300' },
};

const FILTER_WORDS: Record<RowVerdict | 'all', string> = {
  all: 'All',
  anchored: 'Anchored',
  invalid: 'Invalid',
  pending: 'Pending',
  unconfirmed: 'Unconfirmed',
  missing: 'Missing',
};

function Row({ row }: { row: FolderRow }) {
  const look = VERDICT_WORDS[row.verdict];
  // The receipt is named too when the document is not beside it under the usual name.
  const receiptAside = row.receipt !== null && row.file !== null && !row.receipt.startsWith(row.file);
  return (
    <tr
      data-testid="batch-row"
      data-verdict={row.verdict}
      className="border-t border-slate-200 dark:border-slate-700"
    >
      <th scope="row" className="px-2 py-1 text-left font-normal">
        {/* File names come from whoever made the files: shown with their hidden characters written out. */}
        <span className="font-medium">{visibleText(row.file ?? row.receipt ?? '')}</span>
        {receiptAside && (
          <span className="block text-xs text-slate-700 dark:text-slate-300">
            receipt {visibleText(row.receipt ?? '')}
          </span>
        )}
      </th>
      <td className={`px-2 py-1 font-medium whitespace-nowrap ${look.className}`}>{look.word}</td>
      <td className="px-2 py-1">{existedByWords(row)}</td>
      <td className="px-2 py-1">
        {row.txid !== null && (
          <code title={row.txid} className="text-xs">
            {shortHex(row.txid)}
          </code>
        )}
      </td>
      <td className="px-2 py-1 text-right tabular-nums">
        {row.height === null ? '' : formatNumber(row.height)}
      </td>
      <td className="px-2 py-1" data-testid="batch-row-detail">
        {row.verdict === 'anchored' ? (
          ''
        ) : (
          <>
            {row.check !== null && <strong>{row.check} check: </strong>}
            {visibleText(row.detail)}
          </>
        )}
      </td>
    </tr>
  );
}

export function FolderTable({ rows, finished }: { rows: readonly FolderRow[]; finished: boolean }) {
  const [filter, setFilter] = useState<RowVerdict | 'all'>('all');
  const [shown, setShown] = useState(ROWS_PER_PAGE);
  // Rendered from a deferred copy: rows arriving while the person filters never block the click.
  const deferred = useDeferredValue(rows);
  const sorted = useMemo(() => [...deferred].sort(byName), [deferred]);
  const counts = useMemo(() => countVerdicts(sorted), [sorted]);
  const visible = filter === 'all' ? sorted : sorted.filter((row) => row.verdict === filter);
  const choices = (['all', ...ROW_VERDICTS] as const).filter(
    (choice) => choice === 'all' || counts[choice] > 0 || choice === filter,
  );
  return (
    <div className="space-y-3">
      <p data-testid="batch-summary" aria-live="polite">
        {summaryWords(sorted)}
        {finished ? '' : ' Still checking…'}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Show rows by verdict" className="flex flex-wrap gap-1">
          {choices.map((choice) => (
            <Button
              key={choice}
              aria-pressed={filter === choice}
              className={filter === choice ? 'ring-2 ring-amber-700' : ''}
              onClick={() => {
                setFilter(choice);
                setShown(ROWS_PER_PAGE);
              }}
            >
              {FILTER_WORDS[choice]} ({formatNumber(choice === 'all' ? sorted.length : counts[choice])})
            </Button>
          ))}
        </div>
        <Button
          className="ml-auto"
          disabled={visible.length === 0}
          onClick={() =>
            downloadBlob(
              `zap1-verification-${new Date().toISOString().slice(0, 10)}.csv`,
              new Blob([rowsCsv(visible)], { type: 'text/csv;charset=utf-8' }),
            )
          }
        >
          Export CSV<span className="sr-only"> of the {formatNumber(visible.length)} rows shown</span>
        </Button>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="batch-table">
          <caption className="sr-only">
            Each document with its verdict{filter === 'all' ? '' : `, only those ${filter}`}
          </caption>
          <thead>
            <tr className="text-left">
              <th scope="col" className="px-2 py-1">
                File
              </th>
              <th scope="col" className="px-2 py-1">
                Verdict
              </th>
              <th scope="col" className="px-2 py-1">
                Date
              </th>
              <th scope="col" className="px-2 py-1">
                Transaction
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                Height
              </th>
              <th scope="col" className="px-2 py-1">
                Check that failed, or why
              </th>
            </tr>
          </thead>
          <tbody>
            {visible.slice(0, shown).map((row) => (
              <Row key={row.id} row={row} />
            ))}
          </tbody>
        </table>
      </div>
      {visible.length > shown && (
        <Button onClick={() => setShown((n) => n + ROWS_PER_PAGE)}>
          Show {formatNumber(Math.min(ROWS_PER_PAGE, visible.length - shown))} more of{' '}
          {formatNumber(visible.length - shown)} not shown
        </Button>
      )}
    </div>
  );
}
