// @vitest-environment jsdom
/** The result of a submit: one answer to "is it anchored?", whichever wallet sent the contract. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HEIGHT, TXID, bundleOfLeaves, contractEvent } from 'zap1/testing';
import { fixture } from '../../api/fixtures/fetch-stub';
import { renderWithProviders } from '../../components/test-render';
import { formatDateTime } from '../../components/time-format';
import { AnchorPage } from './anchor-page';
import { LEAF, fakeService, fillExample, startEachTestAfresh } from './anchor-test-support';
import { loadSubmissions, saveSubmission } from './submissions-store';
import { WORKED_EXAMPLE_SUBMISSION } from './worked-example-submission';

/** The example's leaf, anchored at HEIGHT in a tree of two. */
const anchoredBundle = () => bundleOfLeaves([LEAF, contractEvent(1).leafHex], 0, 'CONTRACT_ANCHOR');

/** What the service answers a second wallet sending a leaf it holds (docs/architecture.md decision 4). */
const exists = (wallet: string) => ({
  ...(fixture('reference-event-created.json') as object),
  status: 'exists',
  wallet_hash: wallet,
  subject_id: wallet,
});

/** When the example's anchoring block was mined, as the service's check says. */
const BLOCK_TIME = 1_795_242_450;
const anchoredCheck = () => ({
  ...(fixture('service-verify-check-anchored.json') as object),
  leaf_hash: LEAF,
  anchor: { txid: TXID, height: HEIGHT },
  block_time: BLOCK_TIME,
});
const existedBy = `existed by ${formatDateTime(new Date(BLOCK_TIME * 1000))} (block 4,000,123)`;

startEachTestAfresh();

describe('the result of a submit', () => {
  it('says an already anchored contract sent again under another wallet is anchored, as its card does', async () => {
    const user = userEvent.setup();
    saveSubmission({ ...WORKED_EXAMPLE_SUBMISSION, fileName: null, walletHash: 'wallet_a' });
    fakeService({
      event: exists('wallet_b'),
      status: fixture('explore-status-anchored.json'),
      proof: anchoredBundle,
      check: anchoredCheck,
    });
    renderWithProviders(<AnchorPage />);
    // The card watched the leaf until its anchor, in this visit, and says the date, as Verify does.
    const card = screen.getByTestId('saved-submission');
    await vi.waitFor(() =>
      expect(within(card).getByTestId('saved-existed-by').textContent).toBe(`The contract ${existedBy}`),
    );
    expect(within(card).getByTestId('saved-status').textContent).toMatch(/^Anchored The contract existed by/);

    await fillExample(user, undefined, 'wallet_b');
    await user.click(screen.getByRole('button', { name: 'Submit for anchoring' }));
    expect((await screen.findByTestId('submit-status')).textContent).toMatch(/^Already recorded/);
    await vi.waitFor(() =>
      expect(screen.getByTestId('submit-expected-wait').textContent).toBe(`The contract ${existedBy}.`),
    );
    expect(screen.getByTestId('submit-receipt-note').textContent).toBe(
      "Keep the receipt: with the file, it is what proves this contract was anchored. It is final now (leaf-ae15a6e4afce.zap1.json): it holds the anchor's proof.",
    );
    expect(screen.getByTestId('submit-result').textContent).not.toMatch(/pending/);
    expect(loadSubmissions()[0]?.walletHash).toBe('wallet_b');
  });

  it('calls the receipt pending, and says where the final one comes from, until the anchor lands', async () => {
    const user = userEvent.setup();
    fakeService();
    renderWithProviders(<AnchorPage />);
    await fillExample(user);
    await user.click(screen.getByRole('button', { name: 'Submit for anchoring' }));
    await screen.findByTestId('submit-status');
    await vi.waitFor(() =>
      expect(screen.getByTestId('submit-expected-wait').textContent).toBe(
        'The next anchor is expected in about 57 minutes.',
      ),
    );
    expect(screen.getByTestId('submit-receipt-note').textContent).toBe(
      'Keep the receipt: with the file, it is what proves this contract was anchored. Until the anchor lands it is a pending receipt (leaf-ae15a6e4afce.pending.zap1.json); once anchored, "Download receipt" gives the final one, as does Your submissions below.',
    );
    expect(screen.getByTestId('submit-result').textContent).not.toMatch(/existed by/);
  });

  it('names the file and falls back to the block alone while the service gives no time', async () => {
    const user = userEvent.setup();
    saveSubmission({ ...WORKED_EXAMPLE_SUBMISSION, fileName: 'lease.pdf' });
    fakeService({ proof: anchoredBundle });
    renderWithProviders(<AnchorPage />);
    const card = screen.getByTestId('saved-submission');
    await vi.waitFor(() =>
      expect(within(card).getByTestId('saved-existed-by').textContent).toBe(
        'lease.pdf existed by block 4,000,123',
      ),
    );
    await fillExample(user);
    await user.click(screen.getByRole('button', { name: 'Submit for anchoring' }));
    // Sent again from a pasted SHA-256 that names no file: the contract, unnamed.
    await vi.waitFor(() =>
      expect(screen.getByTestId('submit-expected-wait').textContent).toBe(
        'The contract existed by block 4,000,123.',
      ),
    );
  });

  it('leads with "Download receipt", then "Anchor another contract", in Submit’s place', async () => {
    const user = userEvent.setup();
    fakeService();
    renderWithProviders(<AnchorPage />);
    await fillExample(user);
    await user.click(screen.getByRole('button', { name: 'Submit for anchoring' }));
    const actions = within(await screen.findByTestId('submit-actions')).getAllByRole('button');
    expect(actions.map((button) => button.textContent)).toEqual([
      'Download receipt',
      'Anchor another contract',
    ]);
    expect(screen.queryByRole('button', { name: /Submit/ })).toBeNull();
  });
});
