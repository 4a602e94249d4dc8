// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/test-render';
import { WalletPage } from './wallet-page';

const RLO = '\u202E';

/** Answers by path, so the order of the page's queries does not matter; anything else fails. */
function stubByPath(routes: Record<string, unknown>) {
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const url = String(input);
    const match = Object.entries(routes).find(([part]) => url.includes(part));
    if (!match) throw new TypeError('fetch failed');
    return new Response(JSON.stringify(match[1]), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WalletPage', () => {
  it("shows a serial number's right-to-left override as <U+202E>, never obeys it", async () => {
    stubByPath({
      '/lifecycle/': {
        wallet_hash: 'w1',
        first_key_id: 'key-a',
        events: [
          {
            leaf_hash: 'ab'.repeat(32),
            event_type: 'CONTRACT_ANCHOR',
            serial_number: `SN-${RLO}exe.fdp`,
            created_at: '2026-01-01T00:00:00Z',
            anchor_txid: 'cd'.repeat(32),
            anchor_height: 1,
            anchored: true,
          },
          {
            leaf_hash: 'ef'.repeat(32),
            event_type: `CUSTOM${RLO}EPYT`,
            created_at: '2026-01-02T00:00:00Z',
            anchor_txid: 'cd'.repeat(32),
            anchor_height: 1,
            anchored: true,
            key_id: `key-${RLO}b`,
          },
        ],
      },
    });
    renderWithProviders(
      <Routes>
        <Route path="/wallet/:wallet" element={<WalletPage />} />
      </Routes>,
      '/wallet/w1',
    );
    const timeline = await screen.findByTestId('timeline');
    expect(screen.getByTestId('event-facts').textContent).toContain('SN-<U+202E>exe.fdp');
    expect(timeline.textContent).toContain('CUSTOM<U+202E>EPYT');
    expect(screen.getByTestId('other-key').textContent).toContain('key-<U+202E>b');
    expect(timeline.textContent).not.toContain(RLO);
  });
});
