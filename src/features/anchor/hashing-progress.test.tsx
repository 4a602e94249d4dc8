// @vitest-environment jsdom
/**
 * Every place that hashes a file shows the same progress: a bar named after the file, how much of
 * it is read, and Cancel. The Anchor form, the Verify page, Search's
 * "Is this a file's SHA-256?" and a saved submission's "Did this file change?" all use one piece.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/test-render';
import { LeafFromFile } from '../home/leaf-from-file';
import { VerifyPage } from '../verify/verify-page';
import { FileCheck } from './file-check';
import { FileHasher } from './file-hasher';
import { hashedPercent } from './hashing-progress';
import type { FileHashState } from './use-file-hash';

const TOTAL = 4 * 1024 * 1024;
const DONE = TOTAL / 4;

/** A hash worker that reports a quarter of the file read, then keeps reading (jsdom runs no workers). */
class StalledHashWorker extends EventTarget {
  postMessage(message: { file: Blob }) {
    const data = { type: 'progress', bytesDone: DONE, totalBytes: message.file.size };
    queueMicrotask(() => this.dispatchEvent(new MessageEvent('message', { data })));
  }
  terminate() {}
}

beforeEach(() => vi.stubGlobal('Worker', StalledHashWorker));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HASHING: FileHashState = {
  status: 'hashing',
  fileName: 'lease.pdf',
  bytesDone: DONE,
  totalBytes: TOTAL,
  mbPerS: null,
};
const bigFile = () => new File([new Uint8Array(TOTAL)], 'lease.pdf');

/**
 * The progress as a person reads it: the bar's name and value, and the bytes read. The bar may first
 * show 0% until the worker's report arrives, so the value is waited for, not read once.
 */
async function expectQuarterProgress() {
  await waitFor(() =>
    expect(screen.getByRole('progressbar', { name: 'Hashing lease.pdf' }).getAttribute('aria-valuenow')).toBe(
      '25',
    ),
  );
  const progress = screen.getByTestId('hashing-progress');
  expect(progress.textContent).toContain('1.00 MiB of 4.00 MiB (25%)');
  expect(within(progress).getByRole('button', { name: 'Cancel' })).toBeTruthy();
}

describe('hashing progress, the same everywhere a file is hashed', () => {
  it('on the Anchor form', async () => {
    renderWithProviders(
      <FileHasher
        inputId="contract-file"
        invalid={false}
        errorId={undefined}
        state={HASHING}
        onFile={() => {}}
        onCancel={() => {}}
      />,
    );
    await expectQuarterProgress();
  });

  it('on a saved submission’s "Did this file change?" (the card owns the hashing and its Cancel)', async () => {
    const onCancel = vi.fn();
    renderWithProviders(
      <FileCheck
        entry={{
          baseUrl: '',
          fileName: 'lease.pdf',
          fileSize: TOTAL,
          contractSha256: 'ab'.repeat(32),
          serialNumber: 'L-1',
          walletHash: 'anon_1',
          leafHex: 'cd'.repeat(32),
          rootHex: null,
          status: 'created',
          submittedAt: '2026-11-26T05:00:00.000Z',
        }}
        state={HASHING}
        onFile={() => {}}
        onCancel={onCancel}
      />,
    );
    await expectQuarterProgress();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('on the Verify page, where the drop zone’s slot gives the same percentage', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/verify" element={<VerifyPage />} />
      </Routes>,
      '/verify',
    );
    fireEvent.change(screen.getByLabelText(/Choose or drop files/), { target: { files: [bigFile()] } });
    await expectQuarterProgress();
    expect(screen.getByTestId('slot-document').textContent).toContain('lease.pdf: hashing, 25%');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Hashing of lease.pdf was cancelled.')).toBeTruthy();
  });

  it('on Search’s "Is this a file’s SHA-256?"', async () => {
    renderWithProviders(<LeafFromFile searchedHex={'ab'.repeat(32)} />);
    fireEvent.change(screen.getByLabelText('Or use the file itself'), { target: { files: [bigFile()] } });
    await expectQuarterProgress();
  });

  it('counts an empty file as all read', () => {
    expect(hashedPercent({ bytesDone: 0, totalBytes: 0 })).toBe(100);
    expect(hashedPercent({ bytesDone: 999, totalBytes: 1000 })).toBe(99);
  });
});
