// @vitest-environment jsdom
/** The contract drop zone: one file at a time, said so when several are dropped, and no speed it cannot measure. */
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
  it('hashes the first of several dropped files and names the ones it left out', async () => {
    renderWithProviders(<AnchorPage />);
    fireEvent.drop(screen.getByTestId('file-drop'), {
      dataTransfer: { files: [contract('contract.pdf'), contract('annex.pdf'), contract('notes.txt')] },
    });
    const note = screen.getByTestId('file-drop-left-out');
    expect(note.getAttribute('role')).toBe('status');
    expect(note.textContent).toBe(
      'Only one file is anchored at a time: contract.pdf was taken; annex.pdf and notes.txt were left out (drop each on its own next).',
    );
    await vi.waitFor(() =>
      expect(screen.getByTestId('file-drop-chosen').textContent).toBe('✓ contract.pdf (36 B), hashed here.'),
    );

    // One file on its own again: the note has done its job.
    await userEvent.setup().upload(screen.getByLabelText('Contract file'), contract('annex.pdf'));
    expect(screen.queryByTestId('file-drop-left-out')).toBeNull();
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
