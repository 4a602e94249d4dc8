// @vitest-environment jsdom
/** "Your submissions" travel: export and import of the list, and "did this file change?" on a card. */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { leafHash } from 'zap1';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/test-render';
import { FileCheck } from './file-check';
import { SavedSubmissions } from './saved-submissions';
import { EMPTY_FILE_SHA256 } from 'zap1';
import { loadSubmissions, saveSubmission } from './submissions-store';
import { WORKED_EXAMPLE_SUBMISSION } from './worked-example-submission';

const ENTRY = WORKED_EXAMPLE_SUBMISSION;

const leafOf = (serialNumber: string) =>
  leafHash({
    event_type: 'CONTRACT_ANCHOR',
    serial_number: serialNumber,
    contract_sha256: ENTRY.contractSha256,
  });

const exportFile = (submissions: unknown[], name = 'zap1-submissions.json') =>
  new File(
    [JSON.stringify({ format: 'zap1-submissions/1', exported_at: ENTRY.submittedAt, submissions })],
    name,
    {
      type: 'application/json',
    },
  );

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('fetch failed');
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('importing submissions', () => {
  it('adds what is new, without duplicates, and says so', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SavedSubmissions baseUrl="" />);
    const input = screen.getByLabelText('Import submissions');
    await user.upload(input, exportFile([ENTRY]));
    expect((await screen.findByTestId('import-outcome')).textContent).toBe(
      'Imported 1 submission from zap1-submissions.json.',
    );
    expect(screen.getByTestId('saved-submissions').textContent).toContain(
      'contract.pdf · serial number Z15P-2026-001',
    );
    await user.upload(input, exportFile([ENTRY]));
    await vi.waitFor(() =>
      expect(screen.getByTestId('import-outcome').textContent).toBe(
        'Imported 0 submissions from zap1-submissions.json; 1 was already kept.',
      ),
    );
    expect(loadSubmissions()).toHaveLength(1);
  });

  it('refuses a bad file with the reason and changes nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SavedSubmissions baseUrl="" />);
    await user.upload(
      screen.getByLabelText('Import submissions'),
      exportFile([ENTRY, { ...ENTRY, serialNumber: 'edited' }], 'edited.json'),
    );
    const outcome = await screen.findByTestId('import-outcome');
    expect(outcome.getAttribute('role')).toBe('alert');
    expect(outcome.textContent).toBe(
      'edited.json was not imported, and nothing changed: submission 2: its leaf does not follow from its serial number and contract SHA-256.',
    );
    expect(loadSubmissions()).toEqual([]);
  });

  it('says nothing was imported when storage is full, and keeps what was kept', async () => {
    const kept = { ...ENTRY, serialNumber: 'kept', leafHex: leafOf('kept') };
    localStorage.setItem('zap1.submissions', JSON.stringify([kept]));
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const user = userEvent.setup();
    renderWithProviders(<SavedSubmissions baseUrl="" />);
    await user.upload(screen.getByLabelText('Import submissions'), exportFile([ENTRY]));
    const outcome = await screen.findByTestId('import-outcome');
    expect(outcome.getAttribute('role')).toBe('alert');
    expect(outcome.textContent).toBe(
      'zap1-submissions.json was not imported, and nothing changed: this browser would not store it (its storage is full or turned off).',
    );
    expect(loadSubmissions().map((s) => s.serialNumber)).toEqual(['kept']);
    expect(screen.getByTestId('saved-submissions').textContent).not.toContain('Z15P-2026-001');
  });

  it('says nothing was imported when storage is turned off', async () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    const user = userEvent.setup();
    renderWithProviders(<SavedSubmissions baseUrl="" />);
    await user.upload(screen.getByLabelText('Import submissions'), exportFile([ENTRY]));
    const outcome = await screen.findByTestId('import-outcome');
    expect(outcome.getAttribute('role')).toBe('alert');
    expect(outcome.textContent).toContain('was not imported, and nothing changed');
    expect(screen.queryByText(/Imported/)).toBeNull();
  });
});

describe('did this file change?', () => {
  const done = (sha256Hex: string) =>
    ({ status: 'done', fileName: 'contract.pdf', sha256Hex, totalBytes: 12, mbPerS: null }) as const;

  it('says same when the file hashes to the anchored SHA-256', () => {
    renderWithProviders(
      <FileCheck entry={ENTRY} state={done(ENTRY.contractSha256)} onFile={() => {}} onCancel={() => {}} />,
    );
    const result = screen.getByTestId('file-check-result');
    expect(result.dataset['result']).toBe('same');
    expect(result.textContent).toContain('✓ Same: contract.pdf is the file this submission anchored.');
  });

  it('says changed, with the expected and the actual SHA-256', () => {
    const actual = 'ff'.repeat(32);
    renderWithProviders(
      <FileCheck entry={ENTRY} state={done(actual)} onFile={() => {}} onCancel={() => {}} />,
    );
    expect(screen.getByTestId('file-check-result').dataset['result']).toBe('changed');
    expect(
      screen.getByText(/✗ Changed: contract\.pdf is not the file this submission anchored/),
    ).toBeTruthy();
    expect(screen.getByTestId('file-check-expected').textContent).toBe(ENTRY.contractSha256);
    expect(screen.getByTestId('file-check-actual').textContent).toBe(actual);
  });

  it('says a dropped empty file is empty, so not the anchored file, rather than "no document to anchor"', async () => {
    saveSubmission(ENTRY);
    renderWithProviders(<SavedSubmissions baseUrl="" />);
    fireEvent.drop(screen.getByTestId('saved-submission'), {
      dataTransfer: { files: [new File([], 'empty.pdf')] },
    });
    const result = await screen.findByTestId('file-check-result');
    expect(result.dataset['result']).toBe('changed');
    expect(result.textContent).toContain(
      '✗ Changed: empty.pdf is empty (0 bytes), so it is not the file this submission anchored.',
    );
    expect(screen.queryByText(/no document to anchor/)).toBeNull();
  });

  it('compares the first of several files dropped on a card and names the ones it left out', async () => {
    saveSubmission(ENTRY);
    renderWithProviders(<SavedSubmissions baseUrl="" />);
    fireEvent.drop(screen.getByTestId('saved-submission'), {
      dataTransfer: { files: [new File([], 'empty.pdf'), new File(['x'], 'annex.pdf')] },
    });
    const result = await screen.findByTestId('file-check-result');
    expect(result.textContent).toContain('✗ Changed: empty.pdf is empty (0 bytes)');
    expect(screen.getByTestId('file-check-left-out').textContent).toBe(
      'Only one file is compared at a time: empty.pdf was taken; annex.pdf was left out (drop it on its own next).',
    );
    // One file chosen next: nothing is left out any more.
    await userEvent.setup().upload(screen.getByLabelText('Did this file change?'), new File([], 'again.pdf'));
    await waitFor(() => expect(screen.queryByTestId('file-check-left-out')).toBeNull());
  });

  it('says same for an empty file when the submission anchored the empty file’s SHA-256', async () => {
    saveSubmission({ ...ENTRY, contractSha256: EMPTY_FILE_SHA256 });
    renderWithProviders(<SavedSubmissions baseUrl="" />);
    await userEvent.setup().upload(screen.getByLabelText('Did this file change?'), new File([], 'empty.pdf'));
    expect((await screen.findByTestId('file-check-result')).textContent).toContain(
      '✓ Same: empty.pdf is the file this submission anchored.',
    );
  });
});
