// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/test-render';
import { RootPage } from './root-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROOT4 = 'aa'.repeat(32);
const ROOT5 = 'bb'.repeat(32);
/** The leaf at 0-based position `p`, as the API numbers it. */
const leafAt = (p: number) => p.toString(16).padStart(2, '0').repeat(32);

/** A service whose first anchor covers 4 leaves and the second 5; `/events` lists by position. */
function stubService(): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const url = String(input);
    asked.push(url);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (url.includes('/protocol/info'))
      return json({ protocol: 'ZAP1', version: '3', extensions: ['events-paging'] });
    if (url.includes('/anchor/history')) {
      const anchor = (root: string, leafCount: number, height: number) => ({
        root,
        txid: root.replace(/a|b/g, 'c'),
        height,
        leaf_count: leafCount,
        block_time: 1_790_000_000 + height,
      });
      // Oldest first, as the service sends it.
      return json({ anchors: [anchor(ROOT4, 4, 100), anchor(ROOT5, 5, 110)], total: 2 });
    }
    if (url.includes('/events')) {
      const before = Number(new URL(url, 'http://localhost').searchParams.get('before'));
      const positions = Array.from({ length: before }, (_, i) => before - 1 - i);
      return json({
        events: positions.map((p) => ({
          leaf_hash: leafAt(p),
          event_type: 'DEPLOYMENT',
          created_at: '2026-01-01T00:00:00Z',
        })),
      });
    }
    throw new TypeError('fetch failed');
  });
  return asked;
}

const renderAt = (url: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/root/:root" element={<RootPage />} />
    </Routes>,
    url,
  );

describe('RootPage', () => {
  it('numbers positions from 0, as the API and the Events page do, and names a single new one as a position', async () => {
    stubService();
    renderAt(`/root/${ROOT5}`);
    const table = await screen.findByTestId('root-leaves');
    expect(screen.getByText(/^positions 0 to 4/).textContent).toBe(
      'positions 0 to 4; new in this anchor: position 4',
    );
    const rows = [...table.querySelectorAll('tbody tr')];
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual(['4(new)', '3', '2', '1', '0']);
    // The leaf the API puts at position 0 is shown at position 0.
    expect(rows[4]?.querySelector(`a[href="/leaf/${leafAt(0)}"]`)).not.toBeNull();
  });

  it.each([
    ['abc', 'The root hash must be 64 hex characters; this has 3.'],
    ['Z'.repeat(64), 'The root hash may contain only the hex digits 0-9 and a-f.'],
  ])('says that /root/%s names no root, and asks the service nothing', (address, why) => {
    const asked = stubService();
    renderAt(`/root/${address}`);
    expect(screen.getByRole('alert').textContent).toBe(
      `This address names no root: ${why} See all anchored roots.`,
    );
    expect(screen.queryByText(address.toLowerCase())).toBeNull();
    expect(asked).toEqual([]);
  });
});
