// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/test-render';
import { HistoryPage } from './history-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TX1 = '11'.repeat(32);
const TX2 = '22'.repeat(32);
const ROOT1 = 'aa'.repeat(32);
const ROOT2 = 'bb'.repeat(32);

const anchor = (root: string, txid: string, height: number, leafCount: number, scheme?: string) => ({
  root,
  txid,
  height,
  leaf_count: leafCount,
  block_time: 1_790_000_000 + height,
  ...(scheme !== undefined ? { scheme } : {}),
});

function stub(anchors: object[], explorer: string | null) {
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const url = String(input);
    const body = url.includes('/protocol/info')
      ? { protocol: 'ZAP1', version: '3', explorer_tx_url: explorer }
      : url.includes('/anchor/history')
        ? { anchors, total: anchors.length, last_anchor_age_hours: 0 }
        : null;
    if (body === null) throw new TypeError('fetch failed');
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

describe('HistoryPage', () => {
  it('names a shared scheme once, not on every row, and links each txid to the explorer and each root to its page', async () => {
    stub(
      [anchor(ROOT1, TX1, 100, 2, 'ZAP1_COUNT_BOUND_V2'), anchor(ROOT2, TX2, 110, 5, 'ZAP1_COUNT_BOUND_V2')],
      'https://explorer.example/tx/{txid}',
    );
    renderWithProviders(<HistoryPage />, '/history');
    const table = await screen.findByTestId('history-table');
    expect((await screen.findByTestId('history-scheme')).textContent).toBe('ZAP1_COUNT_BOUND_V2');
    expect(within(table).queryByText('Scheme')).toBeNull();
    expect(table.textContent).not.toContain('ZAP1_COUNT_BOUND_V2');
    const row = table.querySelector(`tr[data-txid="${TX2}"]`) as HTMLElement;
    expect(row.querySelector(`a[href="https://explorer.example/tx/${TX2}"]`)).not.toBeNull();
    expect(row.querySelector(`a[href="/root/${ROOT2}"]`)).not.toBeNull();
    expect(screen.getByTestId('history-notes').textContent).toContain('opens on the block explorer');
  });

  it('keeps a scheme column only when anchors differ, and says when no explorer is named', async () => {
    stub([anchor(ROOT1, TX1, 100, 2, 'V1'), anchor(ROOT2, TX2, 110, 5, 'V2')], null);
    renderWithProviders(<HistoryPage />, '/history');
    const table = await screen.findByTestId('history-table');
    expect(within(table).getByText('Scheme')).toBeTruthy();
    expect(screen.queryByTestId('history-scheme')).toBeNull();
    expect(await screen.findByText(/names no block explorer/)).toBeTruthy();
    expect(table.querySelector('a[href^="https://"]')).toBeNull();
  });
});
