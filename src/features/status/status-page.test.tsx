// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/test-render';
import { StatusPage } from './status-page';

const ROOT = 'ab'.repeat(32);
let attempts: object[] = [];
let health: Record<string, unknown> = {};
const NOW_S = Math.floor(Date.now() / 1000);
const iso = (unixS: number) => new Date(unixS * 1000).toISOString();
const spendWindow = (since: number | null, feeZat: number, anchors: number) => ({
  since: since === null ? null : iso(since),
  fee_zat: feeZat,
  anchors,
  unpriced_anchors: 0,
  first_anchor_at: anchors > 0 ? iso(NOW_S - 10 * 86_400) : null,
});

beforeEach(() => {
  localStorage.clear();
  attempts = [];
  health = {
    last_scanned_height: 120,
    chain_tip: 120,
    sync_lag: 0,
    scanner_operational: true,
    rpc_reachable: true,
    store_ok: true,
    wallet_balance_zat: 100_000,
    anchor_cost_zat: 10_000,
  };
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const url = String(input);
    if (url.includes('/protocol/info'))
      return Response.json({
        protocol: 'ZAP1',
        version: '3',
        network: 'devnet',
        extensions: ['anchor-now', 'anchor-attempts', 'anchor-spend'],
      });
    if (url.includes('/anchor/spend'))
      return Response.json({
        now: iso(NOW_S),
        today: spendWindow(NOW_S - 3_600, 20_000, 2),
        this_week: spendWindow(NOW_S - 86_400, 30_000, 3),
        // 70,000 zatoshi in 7 days: 10,000 a day, so 100,000 last 10 days.
        last_7_days: spendWindow(NOW_S - 7 * 86_400, 70_000, 7),
        total: spendWindow(null, 90_000, 9),
      });
    if (url.includes('/anchor/status'))
      return Response.json({
        current_root: ROOT,
        leaf_count: 4,
        unanchored_leaves: 2,
        anchor_due: true,
        in_flight: { state: 'pending', root: ROOT, leaf_count: 4, txid: null, height: null, attempts: 0 },
      });
    if (url.includes('/anchor/attempts')) return Response.json({ attempts });
    if (url.includes('/anchor/history'))
      return Response.json({
        anchors: [
          { root: 'r1', txid: 't1', height: 100, leaf_count: 1, block_time: 1_790_000_000 },
          { root: 'r2', txid: 't2', height: 110, leaf_count: 2, block_time: 1_790_000_600 },
        ],
        last_anchor_age_hours: 0,
      });
    if (url.includes('/health')) return Response.json(health);
    throw new TypeError('fetch failed');
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StatusPage', () => {
  it('leads with a banner: healthy, the next anchor, the balance in dev-ZEC and its smoothed runway', async () => {
    renderWithProviders(<StatusPage />);
    const banner = await screen.findByTestId('status-banner');
    await waitFor(() => expect(banner.getAttribute('data-health')).toBe('healthy'));
    expect(screen.getByTestId('health-verdict').textContent).toBe('Healthy');
    expect(screen.getByTestId('anchor-due').textContent).toBe(
      'No: the anchor in flight covers all 2 leaves waiting.',
    );
    await waitFor(() =>
      expect(screen.getByTestId('wallet-balance').textContent).toBe(
        '0.001 dev-ZEC · pays for about 10 more anchors at 0.0001 dev-ZEC each',
      ),
    );
    expect((await screen.findByTestId('runway')).textContent).toBe(
      "about 10 days at the last 7 days' rate (0.0001 dev-ZEC a day)",
    );
    expect(screen.getByTestId('devnet-note').textContent).toContain(
      'a development chain: not a public blockchain',
    );
    // The banner comes first, before the details.
    const heading = screen.getByRole('heading', { name: 'Anchoring' });
    expect(banner.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says a free anchor costs nothing, and tells no runway', async () => {
    health = { ...health, anchor_cost_zat: 0 };
    renderWithProviders(<StatusPage />);
    await waitFor(() =>
      expect(screen.getByTestId('status-banner').getAttribute('data-health')).toBe('healthy'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('wallet-balance').textContent).toBe(
        '0.001 dev-ZEC · an anchor costs nothing here',
      ),
    );
    expect(screen.getByTestId('status-banner').textContent).not.toMatch(/Infinity|NaN/);
  });

  it('says what needs attention when the node is unreachable', async () => {
    health = { ...health, rpc_reachable: false };
    renderWithProviders(<StatusPage />);
    await waitFor(() =>
      expect(screen.getByTestId('status-banner').getAttribute('data-health')).toBe('unhealthy'),
    );
    expect(screen.getByTestId('health-verdict').textContent).toBe('Needs attention');
    expect(screen.getByTestId('health-problems').textContent).toBe('The node is unreachable.');
  });

  it('says this site cannot be reached, that it is asked again, and that nothing was heard yet', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let failFast = true;
      // Down: the first requests fail at once; later ones hang (a host that does not answer yet).
      vi.stubGlobal('fetch', (_input: string | URL, init?: RequestInit) =>
        failFast
          ? Promise.reject(new TypeError('fetch failed'))
          : new Promise((_resolve, reject) =>
              init?.signal?.addEventListener('abort', () =>
                reject(new DOMException('aborted', 'AbortError')),
              ),
            ),
      );
      renderWithProviders(<StatusPage />);
      const banner = screen.getByTestId('status-banner');
      await waitFor(() => expect(banner.getAttribute('data-health')).toBe('unhealthy'));
      failFast = false;
      const shown = () => {
        expect(screen.getByTestId('health-verdict').textContent).toBe('This site cannot be reached');
        expect(screen.getByTestId('health-problems').textContent).toBe(
          'The health check failed; the anchoring status could not be loaded.',
        );
        expect(screen.getByTestId('health-failure').textContent).toMatch(
          /^This site cannot be reached: .* No setting of yours would change that\. Asked again every 5 s\.$/,
        );
        expect(screen.getByTestId('last-heard').textContent).toBe(
          'Not heard from the service since this page opened.',
        );
        expect(screen.queryByText(/Settings/)).toBeNull();
        expect(screen.getByTestId('anchor-due').textContent).toBe(
          'Unknown: the anchoring status could not be loaded. Asked again every 2 s.',
        );
        const health = screen.getByRole('region', { name: 'Chain and service health' });
        expect(within(health).getByRole('alert').textContent).toContain('The health check failed');
        expect(within(health).getByTestId('retrying').textContent).toBe('Asked again every 5 s.');
        expect(screen.queryByText(/Loading|Checking health/)).toBeNull();
      };
      shown();
      // The page asks again (health every 5 s, the status every 2 s): the failure stays said meanwhile.
      await vi.advanceTimersByTimeAsync(5_500);
      shown();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says "none yet" once about an anchor that never happened, and writes heights as Verify does', async () => {
    health = { ...health, chain_tip: 4_000_011, last_scanned_height: 4_000_011 };
    vi.stubGlobal('fetch', async (input: string | URL) => {
      const url = String(input);
      if (url.includes('/protocol/info')) return Response.json({ protocol: 'ZAP1', version: '3' });
      if (url.includes('/anchor/status'))
        return Response.json({
          current_root: ROOT,
          leaf_count: 1,
          unanchored_leaves: 1,
          latest_anchor: null,
        });
      if (url.includes('/anchor/history')) return Response.json({ anchors: [], last_anchor_age_hours: -1 });
      if (url.includes('/health')) return Response.json(health);
      throw new TypeError('fetch failed');
    });
    renderWithProviders(<StatusPage />);
    await waitFor(() => expect(screen.getByTestId('last-anchor').textContent).toBe('none yet'));
    // One row about the last anchor: no second one saying "unknown" beside "none yet".
    expect(screen.getAllByText(/^Last anchor/)).toHaveLength(1);
    expect(screen.queryByText('unknown')).toBeNull();
    expect((await screen.findByTestId('chain-tip')).textContent).toBe('4,000,011');
    expect(screen.getByText('Last scanned height').nextElementSibling?.textContent).toBe('4,000,011');
  });

  it('names the last anchor in one row: height, leaves, transaction and time', async () => {
    renderWithProviders(<StatusPage />);
    const row = await screen.findByTestId('last-anchor');
    // From the history (this stub's status names no latest anchor): its newest entry, and its time.
    await waitFor(() => expect(row.textContent).toMatch(/^height 110, 2 leaves, t2.*, .* UTC · .* ago$/));
    expect(screen.queryByText('Last anchored')).toBeNull();
  });

  it('tells one story of the anchor in flight: no "attempt 0", no "nothing attempted"', async () => {
    renderWithProviders(<StatusPage />);
    const inFlight = await screen.findByTestId('in-flight');
    await waitFor(() => expect(inFlight.textContent).toContain('Pending'));
    expect(inFlight.textContent).not.toMatch(/attempt 0|retr/);
    const empty = await screen.findByTestId('attempt-log-empty');
    expect(empty.textContent).toBe('The anchor in flight is being written to the log…');
  });

  it('dates what it still shows once the service stops answering: last heard, as of then', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const answering = globalThis.fetch;
      let down = false;
      vi.stubGlobal('fetch', (input: string | URL, init?: RequestInit) =>
        down ? Promise.reject(new TypeError('fetch failed')) : answering(input, init),
      );
      renderWithProviders(<StatusPage />);
      const banner = screen.getByTestId('status-banner');
      await waitFor(() => expect(banner.getAttribute('data-health')).toBe('healthy'));
      await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toContain('dev-ZEC'));
      down = true;
      await vi.advanceTimersByTimeAsync(5_500);
      await waitFor(() => expect(banner.getAttribute('data-health')).toBe('unhealthy'));
      expect(screen.getByTestId('last-heard').textContent).toMatch(
        /^Last heard from the service .* UTC · .* ago\. What follows is as of then\.$/,
      );
      expect(screen.getByTestId('anchor-due').textContent).toMatch(/^As last heard: /);
      expect(screen.getByTestId('wallet-balance').textContent).toMatch(/^As last heard: 0\.001 dev-ZEC/);
      const anchoring = screen.getByRole('region', { name: 'Anchoring' });
      await waitFor(() => expect(within(anchoring).getByTestId('as-of').textContent).toMatch(/UTC/));
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows what anchoring cost today, this week and in total', async () => {
    renderWithProviders(<StatusPage />);
    expect((await screen.findByTestId('spend-today')).textContent).toBe('0.0002 dev-ZEC · 2 anchors');
    expect(screen.getByTestId('spend-week').textContent).toBe('0.0003 dev-ZEC · 3 anchors');
    expect(screen.getByTestId('spend-total').textContent).toMatch(
      /^0\.0009 dev-ZEC · 9 anchors, since the first anchor: .* UTC · 10 d ago$/,
    );
  });
});
