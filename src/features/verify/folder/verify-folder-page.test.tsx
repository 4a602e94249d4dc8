// @vitest-environment jsdom
/**
 * The Verify page given a folder: more than one document or receipt makes a row per document, each
 * paired with its receipt, checked against the service the person uses; one receipt with its
 * document stays the single check. "Verify other files" goes back to it.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setBaseUrl } from '../../../api/settings';
import { renderAt, standInForWorkerInEachTest } from '../verify-test-support';
import { SERVICE, anchoredFolder, chosenService, documentFile, receiptFileOf } from './folder-test-support';

standInForWorkerInEachTest();

const drop = (files: File[]) =>
  fireEvent.change(screen.getByLabelText(/Choose or drop files/), { target: { files } });
const verdicts = () => screen.getAllByTestId('batch-row').map((row) => row.getAttribute('data-verdict'));

describe('the Verify page given a folder', () => {
  it('verifies each document with its receipt, naming the one without its receipt', async () => {
    setBaseUrl(SERVICE);
    const folder = anchoredFolder(3);
    chosenService(folder);
    renderAt();
    drop([
      documentFile(0),
      receiptFileOf(folder.receipts[0]!, 'contract-0.txt.zap1.json'),
      documentFile(1, 'Contract number 1, changed.\n'),
      receiptFileOf(folder.receipts[1]!, 'contract-1.txt.zap1.json'),
      documentFile(2),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify a folder' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('batch-summary').textContent).toBe(
        '3 documents: 1 anchored, 1 invalid, 1 missing.',
      ),
    );
    expect(verdicts()).toEqual(['anchored', 'invalid', 'missing']);
    expect(screen.getAllByTestId('batch-row')[2]!.textContent).toContain('no receipt for this document');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Verify other files' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Verify a receipt' })).toBeTruthy();
  });

  it('keeps the single check for one receipt and its document', async () => {
    setBaseUrl(SERVICE);
    const folder = anchoredFolder(1);
    chosenService(folder);
    renderAt();
    drop([receiptFileOf(folder.receipts[0]!, 'contract-0.txt.zap1.json'), documentFile(0)]);
    await waitFor(() => expect(screen.getByTestId('verdict').getAttribute('data-verdict')).toBe('anchored'));
    expect(screen.queryByTestId('batch-row')).toBeNull();
  });
});
