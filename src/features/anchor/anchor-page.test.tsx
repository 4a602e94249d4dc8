// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getApiKey, setApiKey } from '../../api/settings';
import { renderWithProviders } from '../../components/test-render';
import { AnchorPage } from './anchor-page';
import { LEAF, SHA, TRIAL, fakeService, fillExample } from './anchor-test-support';

function renderPage() {
  return renderWithProviders(<AnchorPage />);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AnchorPage', () => {
  it('starts with a generated reference and the wallet pseudonym under Advanced', () => {
    fakeService();
    renderPage();
    expect((screen.getByLabelText(/serial number/i) as HTMLInputElement).value).toMatch(
      /^REF-\d{8}-[0-9A-Z]{8}$/,
    );
    const wallet = screen.getByLabelText('Wallet pseudonym') as HTMLInputElement;
    expect(wallet.value).toMatch(/^anon_[0-9a-f]{16}$/);
    expect(wallet.closest('details')?.open).toBe(false);
    expect(wallet.closest('details')?.querySelector('summary')?.textContent).toBe(
      'Advanced: wallet pseudonym (a new one for this document)',
    );
  });

  it('lowercases a pasted digest, shows the local leaf, and without a key gets a trial key and submits', async () => {
    const user = userEvent.setup();
    const seen = fakeService();
    renderPage();
    expect(screen.getByTestId('no-key-note').textContent).toMatch(/Submitting gets a trial key for you/);
    await fillExample(user, SHA.toUpperCase());
    expect(screen.getByText(/^Lowercased: the service records hashes in lowercase only/)).toBeTruthy();
    expect(screen.getByTestId('local-leaf').textContent).toBe(LEAF);
    await user.click(screen.getByRole('button', { name: 'Get a trial key and submit' }));
    expect((await screen.findByTestId('submit-status')).textContent).toBe(
      'Recorded: a new leaf was created.',
    );
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/trial-key', '/event']);
    expect(seen.find((r) => r.path === '/event')?.authorization).toBe(`Bearer ${TRIAL.key}`);
    expect(getApiKey('')).toBe(TRIAL.key);
    expect(screen.getByTestId('inline-trial-key').textContent).toContain(TRIAL.key);
  });

  it('keeps the form and sends nothing when no trial key is issued', async () => {
    const user = userEvent.setup();
    const seen = fakeService({ trialStatus: 429 });
    renderPage();
    await fillExample(user);
    await user.click(screen.getByRole('button', { name: 'Get a trial key and submit' }));
    expect(await screen.findByText('No trial key was issued, so nothing was sent')).toBeTruthy();
    expect(seen.some((r) => r.path === '/event')).toBe(false);
    expect((screen.getByLabelText(/serial number/i) as HTMLInputElement).value).toBe('Z15P-2026-001');
    expect(screen.getByRole('button', { name: 'Get a trial key and submit' })).toBeTruthy();
  });

  it('refuses an empty file with the reason, and starts no hashing', async () => {
    const user = userEvent.setup();
    fakeService();
    renderPage();
    await user.upload(screen.getByLabelText('Contract file'), new File([], 'empty.pdf'));
    expect(screen.getByRole('alert').textContent).toBe(
      'empty.pdf could not be hashed: it is empty (0 bytes), so there is no document to anchor',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('never disables Submit silently: pressing it says what to do, and sends nothing', async () => {
    const user = userEvent.setup();
    const seen = fakeService();
    renderPage();
    await user.clear(screen.getByLabelText(/serial number/i));
    const wallet = screen.getByLabelText('Wallet pseudonym');
    await user.clear(wallet);
    await user.type(wallet, 'has space');
    const submit = screen.getByRole('button', { name: 'Get a trial key and submit' });
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    await user.click(submit);
    const notSent = screen.getByTestId('not-sent');
    expect(notSent.getAttribute('role')).toBe('alert');
    expect(
      within(notSent)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Choose or drop the contract file, or paste its SHA-256.',
      'Enter a reference for this contract (its serial number).',
      'Wallet pseudonym may use only the letters A to Z (either case), digits, underscores (_) and hyphens (-).',
    ]);
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
  });

  it('ties each error to its field, focuses the first, and opens Advanced for a wallet error', async () => {
    const user = userEvent.setup();
    fakeService();
    renderPage();
    await fillExample(user);
    const wallet = screen.getByLabelText('Wallet pseudonym');
    await user.clear(wallet);
    await user.type(wallet, 'has space');
    expect(wallet.closest('details')?.open).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Get a trial key and submit' }));
    expect(wallet.closest('details')?.open).toBe(true);
    expect(document.activeElement).toBe(wallet);
    expect(wallet.getAttribute('aria-invalid')).toBe('true');
    const walletError = within(wallet.closest('details')!).getByText(
      'Wallet pseudonym may use only the letters A to Z (either case), digits, underscores (_) and hyphens (-).',
    );
    expect(wallet.getAttribute('aria-describedby')?.split(' ')).toContain(walletError.id);
    expect(screen.getByLabelText('Contract SHA-256').getAttribute('aria-invalid')).toBeNull();
  });

  it('focuses the file input when no contract was given', async () => {
    const user = userEvent.setup();
    fakeService();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Get a trial key and submit' }));
    const file = screen.getByLabelText('Contract file');
    expect(document.activeElement).toBe(file);
    const error = screen.getByText('Choose or drop the contract file, or paste its SHA-256.', {
      selector: 'p',
    });
    expect(file.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
  });

  it('submits with the kept key, gives the expected anchoring time, and offers "Anchor another contract"', async () => {
    const user = userEvent.setup();
    setApiKey('zap1_trial_kept', '');
    const seen = fakeService();
    renderPage();
    await fillExample(user);
    await user.click(screen.getByRole('button', { name: 'Submit for anchoring' }));
    expect((await screen.findByTestId('submit-status')).textContent).toBe(
      'Recorded: a new leaf was created.',
    );
    expect(screen.getByTestId('submit-leaf').textContent).toBe(LEAF);
    expect(seen.find((r) => r.path === '/event')?.authorization).toBe('Bearer zap1_trial_kept');
    await vi.waitFor(() =>
      expect(screen.getByTestId('submit-expected-wait').textContent).toBe(
        'The next anchor is expected in about 57 minutes.',
      ),
    );
    // Not armed any more: the fields are disabled, and the result, in Submit's place, starts afresh.
    expect(screen.queryByRole('button', { name: 'Submit for anchoring' })).toBeNull();
    expect(screen.getByLabelText(/serial number/i).matches(':disabled')).toBe(true);
    const saved = screen.getByTestId('saved-submissions');
    expect(within(saved).getByText(/Pasted SHA-256/)).toBeTruthy();
    expect(within(saved).getByRole('link', { name: LEAF }).getAttribute('href')).toBe(`/leaf/${LEAF}`);
    expect(within(saved).getByRole('button', { name: 'Download the pending receipt' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Anchor another contract' }));
    expect(screen.queryByTestId('submit-result')).toBeNull();
    const serial = screen.getByLabelText(/serial number/i) as HTMLInputElement;
    expect(serial.matches(':disabled')).toBe(false);
    expect(serial.value).toMatch(/^REF-/);
    expect(screen.getByTestId('file-drop-chosen').textContent).toBe('No file chosen yet.');
    expect(screen.getByRole('button', { name: 'Submit for anchoring' })).toBeTruthy();
  });

  it('keeps the draft when the page is left and opened again, and forgets it once submitted', async () => {
    const user = userEvent.setup();
    fakeService();
    const first = renderPage();
    await fillExample(user);
    const wallet = screen.getByLabelText('Wallet pseudonym');
    await user.clear(wallet);
    await user.type(wallet, 'my_wallet');
    first.unmount();

    renderPage();
    expect((screen.getByLabelText('Contract SHA-256') as HTMLInputElement).value).toBe(SHA);
    expect((screen.getByLabelText(/serial number/i) as HTMLInputElement).value).toBe('Z15P-2026-001');
    expect((screen.getByLabelText('Wallet pseudonym') as HTMLInputElement).value).toBe('my_wallet');
    expect(screen.getByTestId('local-leaf').textContent).toBe(LEAF);
    await user.click(screen.getByRole('button', { name: 'Get a trial key and submit' }));
    await screen.findByTestId('submit-status');
    cleanup();

    renderPage();
    expect((screen.getByLabelText(/serial number/i) as HTMLInputElement).value).not.toBe('Z15P-2026-001');
  });

  it('keeps a hashed file in the draft by name, size and digest', () => {
    fakeService();
    sessionStorage.setItem(
      'zap1.anchorDraft',
      JSON.stringify({
        '': {
          source: 'file',
          pasted: '',
          serialNumber: 'Z15P-2026-001',
          walletHash: 'wallet_abc',
          file: { name: 'contract.pdf', size: 2048, sha256Hex: SHA },
        },
      }),
    );
    renderPage();
    expect(screen.getByTestId('file-drop-chosen').textContent).toMatch(
      /^✓ contract\.pdf \(2\.00 KiB\), hashed earlier/,
    );
    expect(screen.getByTestId('contract-sha256').textContent).toBe(SHA);
    expect(screen.getByTestId('local-leaf').textContent).toBe(LEAF);
  });
});
