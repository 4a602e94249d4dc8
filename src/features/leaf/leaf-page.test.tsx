// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixture, stubFetch, type RecordedResponse } from '../../api/fixtures/fetch-stub';
import { renderLeafPageAt } from '../../components/test-render';
import { LeafPage } from './leaf-page';

const LEAF = 'd9bc52532b1a1d59afa8fe07438475ce2b43e8aa9c929a3813c9130aca7d3258';

/** Answers by path, so the order of the page's queries does not matter. */
function stubByPath(routes: Record<string, RecordedResponse>) {
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const url = String(input);
    const match = Object.entries(routes).find(([suffix]) => url.endsWith(suffix));
    if (!match) throw new TypeError('fetch failed');
    const [, response] = match;
    return new Response(typeof response.body === 'string' ? response.body : JSON.stringify(response.body), {
      status: response.status,
    });
  });
}

const renderAt = (url: string) => renderLeafPageAt('/leaf', <LeafPage />, url);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LeafPage', () => {
  it('explains an awaiting leaf with the expected wait', async () => {
    stubByPath({
      '/check': { status: 200, body: fixture('service-verify-check-awaiting.json') },
      '/anchor/status': {
        status: 200,
        body: {
          current_root: 'ab'.repeat(32),
          leaf_count: 1,
          unanchored_leaves: 1,
          needs_anchor: true,
          expected_wait_s: 40,
        },
      },
    });
    renderAt(`/leaf/${LEAF}`);
    expect((await screen.findByTestId('leaf-state')).textContent).toBe('Awaiting an anchor');
    expect(
      (await screen.findByText('The next anchor is expected in about 40 seconds.')).textContent,
    ).toBeTruthy();
    expect(screen.getByText(/no root containing it has been written to the chain yet/)).toBeTruthy();
  });

  it('announces only the state line, not the "last checked" time that changes on every poll', async () => {
    stubByPath({
      '/check': { status: 200, body: fixture('service-verify-check-awaiting.json') },
      '/anchor/status': {
        status: 200,
        body: { current_root: 'ab'.repeat(32), leaf_count: 1, unanchored_leaves: 1, expected_wait_s: 40 },
      },
    });
    const { container } = renderAt(`/leaf/${LEAF}`);
    await screen.findByTestId('leaf-state');
    const live = [...container.querySelectorAll('[aria-live]')];
    expect(live.map((el) => el.textContent)).toEqual(['Awaiting an anchor']);
    // When the page last asked matters only as an age: no date beside the evidence's dates.
    const lastChecked = screen.getByTestId('last-checked');
    expect(lastChecked.textContent).toBe('just now');
    expect(lastChecked.getAttribute('title')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC; local time /);
  });

  it('shows the block time in words, with the exact UTC time on hover, like the other pages', async () => {
    stubByPath({
      '/check': { status: 200, body: fixture('service-verify-check-anchored.json') },
      '/protocol/info': { status: 200, body: { protocol: 'ZAP1', version: '3.0.0' } },
    });
    renderAt(`/leaf/${LEAF}`);
    expect((await screen.findByTestId('leaf-state')).textContent).toBe('Anchored');
    // block_time 1795242450 in the recorded answer.
    const blockTime = screen.getByTestId('block-time');
    expect(blockTime.getAttribute('datetime')).toBe('2026-11-21T06:27:30.000Z');
    expect(blockTime.getAttribute('title')).toMatch(/^2026-11-21 06:27:30 UTC; local time /);
    expect(blockTime.textContent).toMatch(/^(21 Nov 2026|Nov 21, 2026), 06:27:30 UTC · .* ago$/);
  });

  it('shows an anchored leaf with its transaction linked to the explorer', async () => {
    stubByPath({
      '/check': { status: 200, body: fixture('reference-verify-check.json') },
      '/protocol/info': {
        status: 200,
        body: { protocol: 'ZAP1', version: '3.0.0', explorer_tx_url: 'https://explorer.example/tx/{txid}' },
      },
    });
    renderAt(`/leaf/de62554ad3867a59895befa7216686c923fc86245231e8fb6bd709a20e1fd133`);
    expect((await screen.findByTestId('leaf-state')).textContent).toBe('Anchored');
    const link = await screen.findByRole('link', { name: /^98e1/ });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/explorer\.example\/tx\/98e1/);
    expect(screen.getByText('3,286,631')).toBeTruthy();
  });

  it('says when the service has no such leaf', async () => {
    stubFetch({ status: 404, body: fixture('service-error-not-found.json') });
    renderAt(`/leaf/${'ab'.repeat(32)}`);
    expect((await screen.findByText('This service has no such leaf.')).textContent).toBeTruthy();
  });

  it('names what is wrong with a malformed leaf in the address', () => {
    renderAt('/leaf/xyz');
    expect(screen.getByRole('alert').textContent).toBe(
      'The leaf hash may contain only the hex digits 0-9 and a-f.',
    );
  });

  it('keeps the leaf box on the leaf of the address after Back', async () => {
    stubByPath({ '/check': { status: 404, body: fixture('service-error-not-found.json') } });
    const [leafA, leafB] = ['aa'.repeat(32), 'bb'.repeat(32)];
    renderAt('/leaf');
    const box = screen.getByLabelText('Leaf hash') as HTMLInputElement;
    for (const leaf of [leafA, leafB]) {
      fireEvent.change(box, { target: { value: leaf } });
      fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
      await screen.findByText('This service has no such leaf.');
    }
    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect((screen.getByLabelText('Leaf hash') as HTMLInputElement).value).toBe(leafA));
  });

  it('leaves behind, on Back, what was said of the leaf hash typed before', async () => {
    stubByPath({ '/check': { status: 404, body: fixture('service-error-not-found.json') } });
    const [leafA, leafB] = ['aa'.repeat(32), 'bb'.repeat(32)];
    renderAt(`/leaf/${leafA}`);
    const box = () => screen.getByLabelText('Leaf hash') as HTMLInputElement;
    const lookUp = (typed: string) => {
      fireEvent.change(box(), { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    };
    const said = () => screen.queryByText(/^(Lowercased|The leaf hash)/)?.textContent ?? null;
    lookUp(leafB.toUpperCase());
    await waitFor(() => expect(box().value).toBe(leafB));
    expect(said()).toBe('Lowercased: leaf hashes are looked up in lowercase.');
    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(box().value).toBe(leafA));
    expect(said()).toBeNull();
    lookUp(leafB);
    await waitFor(() => expect(box().value).toBe(leafB));
    lookUp('zz');
    expect(said()).toBe('The leaf hash may contain only the hex digits 0-9 and a-f.');
    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(box().value).toBe(leafA));
    expect(said()).toBeNull();
  });
});
