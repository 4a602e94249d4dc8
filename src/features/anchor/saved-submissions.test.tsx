// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/test-render';
import { SavedSubmissions } from './saved-submissions';
import { saveSubmission } from './submissions-store';

const RLO = '\u202E';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SavedSubmissions', () => {
  it('shows a kept file name, serial and wallet with their hidden characters visible', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    saveSubmission({
      baseUrl: '',
      fileName: `invoice_${RLO}fdp.exe`,
      fileSize: 3,
      contractSha256: 'ab'.repeat(32),
      serialNumber: `SN-${RLO}exe.fdp`,
      walletHash: `w${RLO}1`,
      leafHex: 'cd'.repeat(32),
      rootHex: null,
      status: 'created',
      submittedAt: '2026-01-01T00:00:00Z',
    });
    renderWithProviders(<SavedSubmissions baseUrl="" />);
    const list = screen.getByTestId('saved-submissions');
    expect(list.textContent).toContain(`invoice_<U+202E>fdp.exe`);
    expect(list.textContent).toContain(`SN-<U+202E>exe.fdp`);
    expect(list.textContent).toContain(`w<U+202E>1`);
    await screen.findByText(/Could not fetch its proof/);
    expect(list.textContent).not.toContain(RLO);
  });
});
