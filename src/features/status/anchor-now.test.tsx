// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnchorStatus } from '../../api/anchor';
import { setApiKey } from '../../api/settings';
import { renderWithProviders } from '../../components/test-render';
import { AnchorNow } from './anchor-now';

const STATUS: AnchorStatus = { current_root: 'ab'.repeat(32), leaf_count: 5, unanchored_leaves: 2 };
let posts: string[] = [];

beforeEach(() => {
  localStorage.clear();
  posts = [];
  setApiKey('operator-key');
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/key')) return Response.json({ tier: 'operator', quota: null });
    if (url.endsWith('/anchor/now') && init?.method === 'POST') {
      posts.push(url);
      return Response.json(
        { in_flight: { state: 'pending', root: STATUS.current_root, leaf_count: 5, attempts: 0 } },
        { status: 202 },
      );
    }
    throw new TypeError('fetch failed');
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AnchorNow', () => {
  it('asks first, naming the fee and what is anchored; Cancel sends nothing', async () => {
    renderWithProviders(<AnchorNow status={STATUS} feeZat={10_000} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Anchor now' }));
    const confirm = screen.getByTestId('anchor-now-confirm');
    expect(confirm.textContent).toContain('root of 5 leaves (2 leaves not anchored yet)');
    expect(screen.getByTestId('anchor-fee').textContent).toBe('It costs the network fee of 0.0001 ZEC.');
    expect(document.activeElement).toBe(confirm);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('anchor-now-confirm')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Anchor now' }));
    expect(posts).toEqual([]);
  });

  it('sends the anchor only on "Send", once', async () => {
    renderWithProviders(<AnchorNow status={STATUS} feeZat={10_000} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Anchor now' }));
    expect(posts).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Send the anchor (0.0001 ZEC)' }));
    const ok = await screen.findByTestId('anchor-now-ok');
    expect(ok.getAttribute('data-state')).toBe('pending');
    expect(posts).toHaveLength(1);
  });

  it('says so when the service does not state the fee', async () => {
    renderWithProviders(<AnchorNow status={STATUS} feeZat={undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Anchor now' }));
    expect(screen.getByTestId('anchor-fee').textContent).toMatch(/does not state the fee/);
    expect(screen.getByRole('button', { name: 'Send the anchor' })).toBeTruthy();
  });

  it('says a free anchor costs nothing rather than pricing it at 0 ZEC', async () => {
    renderWithProviders(<AnchorNow status={STATUS} feeZat={0} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Anchor now' }));
    expect(screen.getByTestId('anchor-fee').textContent).toBe(
      'The service states that an anchor costs nothing.',
    );
    expect(screen.getByRole('button', { name: 'Send the anchor' })).toBeTruthy();
  });

  it('will not send once an anchor started meanwhile', async () => {
    // The page's status refreshes by itself: here a button stands in for the refresh.
    function Page() {
      const [status, setStatus] = useState(STATUS);
      return (
        <>
          <button
            type="button"
            onClick={() =>
              setStatus({
                ...STATUS,
                in_flight: { state: 'broadcast', root: STATUS.current_root, leaf_count: 5 },
              })
            }
          >
            refresh
          </button>
          <AnchorNow status={status} feeZat={10_000} />
        </>
      );
    }
    renderWithProviders(<Page />);
    fireEvent.click(await screen.findByRole('button', { name: 'Anchor now' }));
    fireEvent.click(screen.getByRole('button', { name: 'refresh' }));
    expect(screen.getByRole('button', { name: 'Send the anchor (0.0001 ZEC)' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText(/An anchor started meanwhile/)).toBeTruthy();
    expect(posts).toEqual([]);
  });
});
