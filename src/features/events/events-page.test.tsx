// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/test-render';
import { EventsPage } from './events-page';

const RLO = '\u202E';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EventsPage', () => {
  it("shows the service's event type and description with their hidden characters visible", async () => {
    vi.stubGlobal('fetch', async (input: string | URL) => {
      const url = String(input);
      const body = url.includes('/protocol/info')
        ? { protocol: 'ZAP1', version: '3' }
        : url.includes('/events')
          ? {
              events: [
                {
                  leaf_hash: 'ab'.repeat(32),
                  event_type: `DEPLOY${RLO}TNEM`,
                  description: `Invoice ${RLO}fdp.exe`,
                  created_at: '2026-01-01T00:00:00Z',
                },
              ],
            }
          : null;
      if (body === null) throw new TypeError('fetch failed');
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    renderWithProviders(<EventsPage />, '/events');
    const table = await screen.findByTestId('events-table');
    expect(table.textContent).toContain('DEPLOY<U+202E>TNEM');
    expect(table.textContent).toContain('Invoice <U+202E>fdp.exe');
    expect(table.textContent).not.toContain(RLO);
  });
});
