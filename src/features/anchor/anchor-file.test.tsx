// @vitest-environment jsdom
/** The contract drop zone: one file, or several as a batch, and no speed it cannot measure. */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/test-render';
import { AnchorPage } from './anchor-page';
import { SHA, fakeService } from './anchor-test-support';

/** How long the stand-in worker says hashing took, and how many bytes it says it read (default: the file's size). */
let elapsedMs = 2;
let reportedBytes: number | null = null;

/** A hash worker (jsdom runs none) that answers at once: the example's digest, after `elapsedMs`. */
class InstantHashWorker extends EventTarget {
  postMessage(message: { file: Blob }) {
    const data = {
      type: 'done',
      sha256Hex: SHA,
      totalBytes: reportedBytes ?? message.file.size,
      elapsedMs,
      method: 'webcrypto',
    };
    queueMicrotask(() => this.dispatchEvent(new MessageEvent('message', { data })));
  }
  terminate() {}
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  elapsedMs = 2;
  reportedBytes = null;
  vi.stubGlobal('Worker', InstantHashWorker);
  fakeService();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const contract = (name: string, text = 'a 36-byte contract, for the record.\n') => new File([text], name);

describe('the contract drop zone', () => {
  it('makes a batch of several dropped files: a row each, hashed, and one button named for them', async () => {
    renderWithProviders(<AnchorPage />);
    fireEvent.drop(screen.getByTestId('file-drop'), {
      dataTransfer: { files: [contract('contract.pdf'), contract('annex.pdf'), contract('notes.txt')] },
    });
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('batch-row').map((row) => row.getAttribute('data-status'))).toEqual([
        'ready',
        'ready',
        'ready',
      ]),
    );
    expect(screen.getAllByTestId('batch-row-name').map((name) => name.textContent)).toEqual([
      'contract.pdf',
      'annex.pdf',
      'notes.txt',
    ]);
    // No key is kept: the one button gets one first, and says so.
    expect(screen.getByTestId('batch-send').textContent).toBe('Get a trial key and anchor 3 documents');
  });

  it('gives no speed for a file too small to time (not "0 MB/s")', async () => {
    renderWithProviders(<AnchorPage />);
    await userEvent.setup().upload(screen.getByLabelText('Contract file'), contract('contract.pdf'));
    expect((await screen.findByText(/^SHA-256 of contract\.pdf/)).textContent).toBe(
      'SHA-256 of contract.pdf (36 B):',
    );
  });

  it('gives the speed of a file large and slow enough to time', async () => {
    elapsedMs = 500;
    reportedBytes = 50_000_000;
    renderWithProviders(<AnchorPage />);
    await userEvent.setup().upload(screen.getByLabelText('Contract file'), contract('big.pdf'));
    expect((await screen.findByText(/^SHA-256 of big\.pdf/)).textContent).toBe(
      'SHA-256 of big.pdf (47.7 MiB, 100 MB/s):',
    );
  });
});
