// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiKey } from '../../api/settings';
import { fixture, stubFetch } from '../../api/fixtures/fetch-stub';
import { renderWithProviders } from '../../components/test-render';
import { AnchorPage } from './anchor-page';

function renderPage() {
  return renderWithProviders(<AnchorPage />);
}

const SHA = '0123456789abcdef'.repeat(4);
const LEAF = 'ae15a6e4afceee1d6339690204f55d4c1336339ee4736147b3a0760d45c2bf04';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AnchorPage', () => {
  it('lowercases a pasted digest, shows the local leaf, and asks for a key before sending', async () => {
    const user = userEvent.setup();
    const seen = stubFetch();
    renderPage();
    expect(screen.getByText(/Submitting needs an API key/)).toBeTruthy();
    await user.click(screen.getByLabelText(/Paste its SHA-256/));
    await user.type(screen.getByLabelText('Contract SHA-256'), SHA.toUpperCase());
    expect(screen.getByText(/^Lowercased: the service records hashes in lowercase only/)).toBeTruthy();
    await user.type(screen.getByLabelText('Serial number'), 'Z15P-2026-001');
    expect(screen.getByTestId('local-leaf').textContent).toBe(LEAF);
    await user.click(screen.getByRole('button', { name: 'Submit for anchoring' }));
    expect(screen.getByText(/No API key is kept for this service/)).toBeTruthy();
    expect(seen.filter((r) => r.url.endsWith('/event'))).toEqual([]);
  });

  it('refuses an empty file with the reason, and starts no hashing', async () => {
    const user = userEvent.setup();
    stubFetch();
    renderPage();
    await user.upload(screen.getByLabelText('Contract file'), new File([], 'empty.pdf'));
    expect(screen.getByRole('alert').textContent).toBe(
      'empty.pdf could not be hashed: it is empty (0 bytes), so there is no document to anchor',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the service messages before sending anything', async () => {
    const user = userEvent.setup();
    renderPage();
    const wallet = screen.getByLabelText('Wallet pseudonym');
    expect((wallet as HTMLInputElement).value).toMatch(/^anon_[0-9a-f]{16}$/);
    await user.clear(wallet);
    await user.type(wallet, 'has space');
    await user.click(screen.getByRole('button', { name: 'Submit for anchoring' }));
    expect(
      screen.getByText(
        'Wallet pseudonym may use only the letters A to Z (either case), digits, underscores (_) and hyphens (-).',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Choose a file to hash, or paste its SHA-256.')).toBeTruthy();
    expect(
      screen.getByText(
        'Serial number must be 1 to 512 bytes long (a letter beyond plain ASCII takes 2 to 4 bytes).',
      ),
    ).toBeTruthy();
  });

  it('ties each error to its field and moves focus to the first invalid one', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByLabelText(/Paste its SHA-256/));
    await user.type(screen.getByLabelText('Contract SHA-256'), SHA);
    const wallet = screen.getByLabelText('Wallet pseudonym');
    await user.clear(wallet);
    await user.type(wallet, 'has space');
    await user.click(screen.getByRole('button', { name: 'Submit for anchoring' }));
    const serial = screen.getByLabelText('Serial number');
    expect(document.activeElement).toBe(serial);
    expect(serial.getAttribute('aria-invalid')).toBe('true');
    const serialError = screen.getByText(
      'Serial number must be 1 to 512 bytes long (a letter beyond plain ASCII takes 2 to 4 bytes).',
    );
    expect(serial.getAttribute('aria-describedby')?.split(' ')).toContain(serialError.id);
    const walletError = screen.getByText(
      'Wallet pseudonym may use only the letters A to Z (either case), digits, underscores (_) and hyphens (-).',
    );
    expect(wallet.getAttribute('aria-describedby')?.split(' ')).toContain(walletError.id);
    expect(wallet.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Contract SHA-256').getAttribute('aria-invalid')).toBeNull();
  });

  it('focuses the file input when no contract was given', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Submit for anchoring' }));
    const file = screen.getByLabelText('Contract file');
    expect(document.activeElement).toBe(file);
    expect(file.getAttribute('aria-describedby')).toBe(
      screen.getByText('Choose a file to hash, or paste its SHA-256.').id,
    );
  });

  it('submits with the kept key, shows the result and keeps the submission', async () => {
    const user = userEvent.setup();
    setApiKey('zap1_trial_kept', '');
    const seen = stubFetch(
      { status: 201, body: fixture('reference-event-created.json') },
      { status: 200, body: fixture('service-proof-awaiting.json') },
    );
    renderPage();
    await user.click(screen.getByLabelText(/Paste its SHA-256/));
    await user.type(screen.getByLabelText('Contract SHA-256'), SHA);
    await user.type(screen.getByLabelText('Serial number'), 'Z15P-2026-001');
    await user.click(screen.getByRole('button', { name: 'Submit for anchoring' }));
    expect((await screen.findByTestId('submit-status')).textContent).toBe(
      'Recorded: a new leaf was created.',
    );
    expect(screen.getByTestId('submit-leaf').textContent).toBe(LEAF);
    expect(seen[0]?.headers.authorization).toBe('Bearer zap1_trial_kept');
    const saved = screen.getByTestId('saved-submissions');
    expect(within(saved).getByText(/Pasted SHA-256/)).toBeTruthy();
    expect(within(saved).getByRole('link', { name: LEAF }).getAttribute('href')).toBe(`/leaf/${LEAF}`);
  });
});
