// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiKey } from '../../api/settings';
import { renderWithProviders } from '../../components/test-render';
import { EventsPage } from './events-page';

const RLO = '\u202E';
const LEAF_NEW = 'cd'.repeat(32);
const LEAF_OLD = 'ab'.repeat(32);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setApiKey(null);
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const item = (leaf: string, position: number | null, extra: Record<string, unknown> = {}) => ({
  leaf_hash: leaf,
  event_type: 'CONTRACT_ANCHOR',
  description: 'Claimed contract anchor',
  created_at: '2026-01-01T00:00:00Z',
  ...(position === null ? {} : { position }),
  ...extra,
});

/**
 * This service: positions on `include=position`, wallets on `include=wallet` (operator key only),
 * two leaves of which the older is anchored. Records every events URL and its Authorization header.
 */
function stubService(requests: { url: string; auth: string | null }[], tier = 'operator') {
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = String(input);
    const auth = new Headers(init?.headers).get('authorization');
    if (url.includes('/protocol/info'))
      return json({ protocol: 'ZAP1', version: '3', extensions: ['events-paging', 'events-filter'] });
    if (url.includes('/anchor/status'))
      return json({ current_root: 'ef'.repeat(32), leaf_count: 2, unanchored_leaves: 1 });
    if (url.includes('/key')) return json({ tier, quota: tier === 'operator' ? null : 100 });
    if (url.includes('/events')) {
      requests.push({ url, auth });
      const wallet = url.includes('wallet');
      const before = new URL(url, 'http://x').searchParams.get('before');
      const all = [
        item(LEAF_NEW, 1, wallet ? { wallet_hash: 'wallet_new' } : {}),
        item(LEAF_OLD, 0, wallet ? { wallet_hash: 'wallet_old' } : {}),
      ];
      return json({ events: before ? all.filter((e) => (e.position ?? 0) < Number(before)) : all });
    }
    throw new TypeError('fetch failed');
  });
}

function renderEvents(url = '/events') {
  return renderWithProviders(
    <Routes>
      <Route path="/events" element={<EventsPage />} />
      <Route path="/leaf/:leaf" element={<p>leaf page</p>} />
    </Routes>,
    url,
  );
}

describe('EventsPage', () => {
  it("shows the service's event type and description with their hidden characters visible", async () => {
    vi.stubGlobal('fetch', async (input: string | URL) => {
      const url = String(input);
      if (url.includes('/protocol/info')) return json({ protocol: 'ZAP1', version: '3' });
      if (url.includes('/events'))
        return json({
          events: [
            item(LEAF_OLD, null, {
              event_type: `DEPLOY${RLO}TNEM`,
              description: `Invoice ${RLO}fdp.exe`,
            }),
          ],
        });
      throw new TypeError('fetch failed');
    });
    renderEvents();
    const table = await screen.findByTestId('events-table');
    expect(table.textContent).toContain('DEPLOY<U+202E>TNEM');
    expect(table.textContent).toContain('Invoice <U+202E>fdp.exe');
    expect(table.textContent).not.toContain(RLO);
    // A reference service gives no positions: no status column or filter is offered.
    expect(screen.queryByLabelText('Status')).toBeNull();
    expect(within(table).queryByText('pending')).toBeNull();
  });

  it('marks each event anchored or pending from its position and the anchored count', async () => {
    const requests: { url: string; auth: string | null }[] = [];
    stubService(requests);
    renderEvents();
    const table = await screen.findByTestId('events-table');
    await waitFor(() =>
      expect(table.querySelector(`tr[data-leaf="${LEAF_NEW}"]`)?.getAttribute('data-state')).toBe('pending'),
    );
    expect(table.querySelector(`tr[data-leaf="${LEAF_OLD}"]`)?.getAttribute('data-state')).toBe('anchored');
    expect(requests[0]?.url).toContain('include=position');
    // Without a key the public feed names no wallet, and no key is sent.
    expect(requests.every((r) => !r.url.includes('wallet') && r.auth === null)).toBe(true);
    expect(screen.getByTestId('wallets-operator-only')).toBeTruthy();
    expect(screen.queryByText('Wallet')).toBeNull();
  });

  it('filters by status: pending keeps the newer event, anchored asks the service from the anchored count down', async () => {
    const requests: { url: string; auth: string | null }[] = [];
    stubService(requests);
    renderEvents('/events?status=pending');
    const table = await screen.findByTestId('events-table');
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(1));
    expect(table.querySelector(`tr[data-leaf="${LEAF_NEW}"]`)).not.toBeNull();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'anchored' } });
    await waitFor(() =>
      expect(screen.getByTestId('events-table').querySelector(`tr[data-leaf="${LEAF_OLD}"]`)).not.toBeNull(),
    );
    expect(screen.getByTestId('events-table').querySelectorAll('tbody tr')).toHaveLength(1);
    expect(requests.at(-1)?.url).toContain('before=1');
  });

  it('keeps the pages loaded under "anchored" when a new anchor arrives, and starts each refresh from the new anchored count', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      // Six leaves (positions 0-5); the first two are anchored until an anchor covers five.
      let anchored = 2;
      const leafAt = (position: number) => position.toString(16).padStart(64, '0');
      const requests: string[] = [];
      vi.stubGlobal('fetch', async (input: string | URL) => {
        const url = String(input);
        if (url.includes('/protocol/info'))
          return json({ protocol: 'ZAP1', version: '3', extensions: ['events-paging', 'events-filter'] });
        if (url.includes('/anchor/status'))
          return json({ current_root: 'ef'.repeat(32), leaf_count: 6, unanchored_leaves: 6 - anchored });
        if (url.includes('/events')) {
          requests.push(url);
          const query = new URL(url, 'http://x').searchParams;
          const below = Number(query.get('before') ?? 6);
          const positions = [5, 4, 3, 2, 1, 0].filter((p) => p < below).slice(0, Number(query.get('limit')));
          const last = positions.at(-1);
          const response = json({ events: positions.map((p) => item(leafAt(p), p)) });
          if (last !== undefined && last > 0)
            response.headers.set('Link', `</events?limit=1&before=${last}>; rel="next"`);
          return response;
        }
        throw new TypeError('fetch failed');
      });
      renderEvents('/events?status=anchored&limit=1');
      const rowsShown = () =>
        [...screen.getByTestId('events-table').querySelectorAll('tbody tr')].map((tr) =>
          tr.getAttribute('data-leaf'),
        );
      await waitFor(() => expect(rowsShown()).toEqual([leafAt(1)]));
      expect(requests[0]).toContain('before=2');
      fireEvent.click(screen.getByRole('button', { name: 'Older events' }));
      await waitFor(() => expect(rowsShown()).toEqual([leafAt(1), leafAt(0)]));

      anchored = 5;
      const requestsBefore = requests.length;
      // Two refresh rounds: one for the anchored count, one for the events after it.
      await vi.advanceTimersByTimeAsync(5_000);
      await vi.advanceTimersByTimeAsync(5_000);
      // Both pages are still there, refreshed from the new top of the anchored leaves.
      await waitFor(() => expect(rowsShown()).toEqual([leafAt(4), leafAt(3)]));
      expect(requests.slice(requestsBefore).some((url) => url.includes('before=5'))).toBe(true);
      const states = [...screen.getAllByTestId('event-status')].map((cell) =>
        cell.getAttribute('data-state'),
      );
      expect(states).toEqual(['anchored', 'anchored']);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the operator each event's wallet, asking with the operator key", async () => {
    setApiKey('operator-key');
    const requests: { url: string; auth: string | null }[] = [];
    stubService(requests);
    renderEvents();
    const link = await screen.findAllByTestId('event-wallet');
    expect(link.map((a) => a.textContent)).toEqual(['wallet_new', 'wallet_old']);
    expect(link[0]?.getAttribute('href')).toBe('/wallet/wallet_new');
    const walletRequest = requests.find((r) => r.url.includes('wallet'));
    expect(walletRequest?.url).toContain('include=position%2Cwallet');
    expect(walletRequest?.auth).toBe('Bearer operator-key');
    expect(screen.queryByTestId('wallets-operator-only')).toBeNull();
  });

  it('keeps a trial key holder on the public feed (no wallets asked for)', async () => {
    setApiKey('zap1_trial_' + '0'.repeat(32));
    const requests: { url: string; auth: string | null }[] = [];
    stubService(requests, 'trial');
    renderEvents();
    await screen.findByTestId('events-table');
    expect(requests.every((r) => !r.url.includes('wallet'))).toBe(true);
  });

  it('opens the leaf page when a row is clicked outside its links', async () => {
    const requests: { url: string; auth: string | null }[] = [];
    stubService(requests);
    renderEvents();
    const table = await screen.findByTestId('events-table');
    const row = table.querySelector(`tr[data-leaf="${LEAF_OLD}"]`)!;
    fireEvent.click(within(row as HTMLElement).getByText('Claimed contract anchor'));
    expect(await screen.findByText('leaf page')).toBeTruthy();
  });

  it('says it is loading while the service has not answered, then the failure, which stays while it asks again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let answer: 'hang' | 'fail' = 'hang';
      // A service that does not answer at first, then refuses connections, then hangs again.
      vi.stubGlobal('fetch', (_input: string | URL, init?: RequestInit) =>
        answer === 'fail'
          ? Promise.reject(new TypeError('fetch failed'))
          : new Promise((_resolve, reject) =>
              init?.signal?.addEventListener('abort', () =>
                reject(new DOMException('aborted', 'AbortError')),
              ),
            ),
      );
      renderEvents();
      // Before /protocol/info has answered (what the service offers), the list is already loading.
      expect(screen.getByRole('status').textContent).toBe('Loading events…');
      answer = 'fail';
      await vi.advanceTimersByTimeAsync(8_500); // the first request's time budget
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('The events could not be loaded');
      expect(within(alert).getByTestId('retrying').textContent).toBe('Asked again every 5 s.');
      expect(screen.queryByText('Loading events…')).toBeNull();
      answer = 'hang';
      await vi.advanceTimersByTimeAsync(5_500);
      expect(screen.getByRole('alert').textContent).toContain('The events could not be loaded');
      expect(screen.queryByText('Loading events…')).toBeNull();
      expect(screen.queryByText('No events yet.')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
