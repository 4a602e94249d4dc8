// @vitest-environment jsdom
/**
 * The wallet pseudonym is public, and its timeline lists every contract filed under it: a new one
 * for each document by default, one for several only as the person's explained, remembered choice.
 */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../components/test-render';
import { AnchorPage } from './anchor-page';
import { fakeService, fillExample, startEachTestAfresh, type Seen } from './anchor-test-support';

startEachTestAfresh();

type User = ReturnType<typeof userEvent.setup>;

/** The wallet_hash of every event sent, in order. */
const walletsSent = (seen: Seen[]) =>
  seen
    .filter((r) => r.path === '/event' && r.body !== null)
    .map((r) => (JSON.parse(r.body!) as { wallet_hash: string }).wallet_hash);

const walletField = () => screen.getByLabelText('Wallet pseudonym') as HTMLInputElement;
const groupingBox = () =>
  screen.getByRole('checkbox', {
    name: 'Keep using this pseudonym for my next documents',
  }) as HTMLInputElement;

/** Submits the worked example (with `wallet` typed, when given), then starts the next document. */
async function submitThenAnother(user: User, wallet?: string): Promise<void> {
  await fillExample(user, undefined, wallet);
  await user.click(screen.getByRole('button', { name: 'Submit for anchoring' }));
  await user.click(await screen.findByRole('button', { name: 'Anchor another contract' }));
}

describe('the wallet pseudonym', () => {
  it('is a new one for each document by default, so no receipt leads to another', async () => {
    const user = userEvent.setup();
    const seen = fakeService();
    renderPage();
    expect(groupingBox().checked).toBe(false);
    await submitThenAnother(user);
    await submitThenAnother(user);
    const [first, second] = walletsSent(seen);
    expect(first).toMatch(/^anon_[0-9a-f]{16}$/);
    expect(second).toMatch(/^anon_[0-9a-f]{16}$/);
    expect(second).not.toBe(first);
    expect(walletField().value).not.toBe(second);
  });

  it('is kept for the next documents once chosen, with what that costs said beside the choice', async () => {
    const user = userEvent.setup();
    const seen = fakeService();
    const first = renderPage();
    await user.click(screen.getByText(/^Advanced: wallet pseudonym/));
    const shown = walletField().value;
    await user.click(groupingBox());
    expect(groupingBox().checked).toBe(true);
    expect(walletField().value).toBe(shown);
    const described = document.getElementById(groupingBox().getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toContain('everyone with one of these receipts can list the others');
    expect(screen.getByTestId('pseudonym-rule').textContent).toBe('(one for all your documents)');

    await submitThenAnother(user);
    await submitThenAnother(user);
    expect(walletsSent(seen)).toEqual([shown, shown]);

    // Remembered as the person's choice: a later visit starts under the same pseudonym.
    first.unmount();
    sessionStorage.clear();
    renderPage();
    expect(groupingBox().checked).toBe(true);
    expect(walletField().value).toBe(shown);
  });

  it('is sent as typed; a typed one is kept for the next documents only while grouping is chosen', async () => {
    const user = userEvent.setup();
    const seen = fakeService();
    renderPage();
    await submitThenAnother(user, 'my_company');
    expect(walletsSent(seen)).toEqual(['my_company']);
    expect(walletField().value).toMatch(/^anon_/);

    await user.click(groupingBox());
    await submitThenAnother(user, 'acme_documents');
    expect(walletsSent(seen)).toEqual(['my_company', 'acme_documents']);
    expect(walletField().value).toBe('acme_documents');
  });

  it('gives this document its own again when grouping is left', async () => {
    localStorage.setItem('zap1.pseudonymRule', 'kept');
    localStorage.setItem('zap1.walletPseudonym', 'shared_one');
    const user = userEvent.setup();
    fakeService();
    renderPage();
    expect(walletField().value).toBe('shared_one');
    await user.click(groupingBox());
    expect(walletField().value).toMatch(/^anon_[0-9a-f]{16}$/);
    expect(screen.getByTestId('pseudonym-rule').textContent).toBe('(a new one for this document)');
    cleanup();
    renderPage();
    expect(groupingBox().checked).toBe(false);
    expect(walletField().value).not.toBe('shared_one');
  });
});

function renderPage() {
  return renderWithProviders(<AnchorPage />);
}
