// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/test-render';
import { WalletPage } from './wallet-page';
import { saveSubmission } from '../anchor/submissions-store';

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
  localStorage.clear();
});

function renderWallet(url: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/wallet" element={<WalletPage />} />
      <Route path="/wallet/:wallet" element={<WalletPage />} />
    </Routes>,
    url,
  );
}

const anchoredEvent = (leafByte: string, keyId: string, serial: string) => ({
  leaf_hash: leafByte.repeat(32),
  event_type: 'CONTRACT_ANCHOR',
  serial_number: serial,
  created_at: '2026-01-01T00:00:00Z',
  anchor_txid: 'cd'.repeat(32),
  anchor_height: 1,
  anchored: true,
  key_id: keyId,
});

/** Saves a submission in this browser, as the Anchor page does. */
function saveOwn(walletHash: string, submittedAt: string, leafByte: string) {
  saveSubmission({
    baseUrl: '',
    fileName: 'contract.pdf',
    contractSha256: 'ab'.repeat(32),
    serialNumber: 'SN-1',
    walletHash,
    leafHex: leafByte.repeat(32),
    rootHex: null,
    status: 'created',
    submittedAt,
  });
}

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

  it('says once which events another key wrote, and filters to the first key’s or the others’', async () => {
    stubByPath({
      '/lifecycle/': {
        wallet_hash: 'w2',
        first_key_id: 'key_first',
        events: [
          anchoredEvent('a1', 'key_first', 'SN-1'),
          anchoredEvent('b2', 'key_other', 'SN-2'),
          anchoredEvent('c3', 'key_first', 'SN-3'),
        ],
      },
    });
    renderWallet('/wallet/w2');
    const timeline = await screen.findByTestId('timeline');
    const summary = screen.getByTestId('other-key');
    expect(summary.textContent).toMatch(
      /^1 of 3 events were written by another key than the one that first wrote/,
    );
    expect(summary.textContent).toContain('key_other');
    // One summary, not a warning line on each card; the card only carries a short mark.
    expect(screen.getAllByTestId('other-key')).toHaveLength(1);
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(3);
    expect(timeline.querySelector('[data-other-key]')?.textContent).toContain('2. Contract anchor');

    fireEvent.click(screen.getByRole('radio', { name: 'Only other keys’ (1)' }));
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-leaf')),
    ).toEqual(['b2'.repeat(32)]);
    // The card keeps its number in the whole timeline.
    expect(timeline.textContent).toContain('2. Contract anchor');
    expect(screen.getByText(/^Showing 1 of 3 events/)).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Only the first key’s (2)' }));
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-leaf')),
    ).toEqual(['a1'.repeat(32), 'c3'.repeat(32)]);
    fireEvent.click(screen.getByRole('radio', { name: 'All events (3)' }));
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows no key summary when only the first key wrote', async () => {
    stubByPath({
      '/lifecycle/': {
        wallet_hash: 'w3',
        first_key_id: 'key_first',
        events: [anchoredEvent('a1', 'key_first', 'SN-1')],
      },
    });
    renderWallet('/wallet/w3');
    await screen.findByTestId('timeline');
    // Whoever was handed one receipt can come here: the page says so.
    expect(screen.getByTestId('public-timeline-note').textContent).toMatch(
      /^Timelines are public: anyone who knows a pseudonym .* sees every event filed under it/,
    );
    expect(screen.queryByTestId('other-key')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('lists this browser’s own pseudonyms as links when no wallet is asked for', async () => {
    vi.stubGlobal('fetch', vi.fn());
    saveOwn('anon_older', '2026-11-20T05:00:00Z', '01');
    saveOwn('anon_newer', '2026-11-26T05:57:39Z', '02');
    saveOwn('anon_newer', '2026-11-26T06:00:00Z', '03');
    renderWallet('/wallet');
    const list = await screen.findByTestId('own-pseudonyms');
    expect(screen.getByTestId('public-timeline-note').textContent).toContain(
      'anyone who knows a pseudonym (every receipt filed under it names it) sees every event filed under it',
    );
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['anon_newer', '/wallet/anon_newer'],
      ['anon_older', '/wallet/anon_older'],
    ]);
    expect(list.textContent).toMatch(
      /anon_newer 2 submissions, latest (26 Nov 2026|Nov 26, 2026), 06:00:00 UTC/,
    );
  });

  it('offers the other own pseudonyms when a wallet has no events, and says when there are none', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ error: { code: 'not_found', message: 'no events' } }), { status: 404 }),
    );
    saveOwn('anon_mine', '2026-11-26T05:57:39Z', '04');
    renderWallet('/wallet/anon_typo');
    expect(await screen.findByText(/has no events for the wallet “anon_typo”/)).toBeTruthy();
    expect(
      within(screen.getByTestId('own-pseudonyms')).getByRole('link', { name: 'anon_mine' }),
    ).toBeTruthy();
    cleanup();
    localStorage.clear();
    renderWallet('/wallet');
    expect((await screen.findByTestId('own-pseudonyms-none')).textContent).toMatch(
      /has submitted nothing to this service yet/,
    );
  });
});
