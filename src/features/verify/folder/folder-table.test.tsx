// @vitest-environment jsdom
/**
 * A folder's table: a row per document with its verdict, date, transaction, height and failed
 * check; the counts in words; a filter by verdict; the CSV of what it shows, names defused.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../components/time-format';
import { FolderTable, ROWS_PER_PAGE } from './folder-table';
import { CSV_HEADER, missingRow, rowsCsv, summaryWords, type FolderRow } from './folder-rows';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const BLOCK_TIME = Date.UTC(2026, 10, 26, 5, 57, 39) / 1000;
const TXID = 'ab'.repeat(32);
let nextId = 0;
const anchored = (file: string): FolderRow => ({
  id: nextId++,
  file,
  receipt: `${file}.zap1.json`,
  size: 12,
  sha256Hex: 'c'.repeat(64),
  verdict: 'anchored',
  check: null,
  detail: 'The leaf is anchored.',
  txid: TXID,
  height: 4_000_123,
  blockTime: BLOCK_TIME,
});
const changed: FolderRow = {
  ...anchored('b.pdf'),
  id: nextId++,
  verdict: 'invalid',
  check: 'file',
  detail: '"b.pdf" is not the anchored file.',
  blockTime: null,
};
const withoutReceipt = {
  id: nextId++,
  ...missingRow({ file: 'c.pdf', size: 3, sha256Hex: 'd'.repeat(64) }, null),
};
const rows = [anchored('z.pdf'), changed, withoutReceipt, anchored('a.pdf')];

const shownRows = () => screen.getAllByTestId('batch-row');

describe('FolderTable', () => {
  it('shows a row per document, sorted by name, with its verdict, date, transaction, height and check', () => {
    render(<FolderTable rows={rows} finished />);
    expect(screen.getByTestId('batch-summary').textContent).toBe(
      '4 documents: 2 anchored, 1 invalid, 1 missing.',
    );
    expect(shownRows().map((row) => row.getAttribute('data-verdict'))).toEqual([
      'anchored',
      'invalid',
      'missing',
      'anchored',
    ]);
    const first = within(shownRows()[0]!);
    expect(first.getByRole('rowheader').textContent).toBe('a.pdf');
    expect(first.getByText(`existed by ${formatDateTime(new Date(BLOCK_TIME * 1000))}`)).toBeTruthy();
    expect(first.getByText('4,000,123')).toBeTruthy();
    expect(first.getByTitle(TXID)).toBeTruthy();
    expect(within(shownRows()[1]!).getByTestId('batch-row-detail').textContent).toBe(
      'file check: "b.pdf" is not the anchored file.',
    );
    expect(within(shownRows()[2]!).getByTestId('batch-row-detail').textContent).toBe(
      'no receipt for this document',
    );
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'File',
      'Verdict',
      'Date',
      'Transaction',
      'Height',
      'Check that failed, or why',
    ]);
  });

  it('filters by verdict, offering only verdicts present, with their counts', () => {
    render(<FolderTable rows={rows} finished />);
    const filters = within(screen.getByRole('group', { name: 'Show rows by verdict' }));
    expect(filters.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'All (4)',
      'Anchored (2)',
      'Invalid (1)',
      'Missing (1)',
    ]);
    fireEvent.click(filters.getByRole('button', { name: 'Missing (1)' }));
    expect(shownRows().map((row) => row.getAttribute('data-verdict'))).toEqual(['missing']);
    expect(filters.getByRole('button', { name: 'Missing (1)' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(filters.getByRole('button', { name: 'All (4)' }));
    expect(shownRows()).toHaveLength(4);
  });

  it('exports the rows the filter shows as CSV', async () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs: the download's blob is caught where it is made.
    const { createObjectURL } = URL;
    URL.createObjectURL = (blob: Blob) => (blobs.push(blob), 'blob:csv');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      render(<FolderTable rows={rows} finished />);
      fireEvent.click(screen.getByRole('button', { name: 'Invalid (1)' }));
      fireEvent.click(screen.getByRole('button', { name: /^Export CSV/ }));
    } finally {
      URL.createObjectURL = createObjectURL;
    }
    expect(blobs).toHaveLength(1);
    const lines = (await blobs[0]!.text()).trimEnd().split('\r\n');
    expect(lines).toEqual([CSV_HEADER.join(','), rowsCsv([changed]).trimEnd().split('\r\n')[1]]);
  });

  it('renders a page of rows at a time', () => {
    const many = Array.from({ length: ROWS_PER_PAGE + 5 }, (_, n) =>
      anchored(`doc-${String(n).padStart(4, '0')}`),
    );
    render(<FolderTable rows={many} finished />);
    expect(shownRows()).toHaveLength(ROWS_PER_PAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Show 5 more of 5 not shown' }));
    expect(shownRows()).toHaveLength(ROWS_PER_PAGE + 5);
  });
});

describe('rowsCsv', () => {
  it('writes every column, the date as ISO 8601 UTC, and defuses names a spreadsheet would run', () => {
    const formula = { ...anchored('=HYPERLINK("x").pdf'), receipt: null };
    expect(rowsCsv([formula, withoutReceipt]).split('\r\n')).toEqual([
      'file,receipt,size,sha256,verdict,date,txid,height,check,detail',
      `"'=HYPERLINK(""x"").pdf",,12,${'c'.repeat(64)},anchored,2026-11-26T05:57:39.000Z,${TXID},4000123,,The leaf is anchored.`,
      `c.pdf,,3,${'d'.repeat(64)},missing,,,,,no receipt for this document`,
      '',
    ]);
  });

  it('counts in words', () => {
    expect(summaryWords([])).toBe('0 documents.');
    expect(summaryWords([withoutReceipt])).toBe('1 document: 1 missing.');
  });
});
