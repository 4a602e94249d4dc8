// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEIGHT, TXID, contractEvent, genuineBundle } from 'zap1/testing';
import { readZap1Text } from 'zap1/testing';
import { renderLeafPageAt } from '../../components/test-render';
import { makeReceipt, verifyProofBundle } from 'zap1';
import { downloadJson } from '../leaf/download-json';
import { VerifyPage } from './verify-page';
import { setBaseUrl } from '../../api/settings';

vi.mock('../leaf/download-json', () => ({ downloadJson: vi.fn() }));

const renderAt = (url: string) => renderLeafPageAt('/verify', <VerifyPage />, url);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // The page keeps its inputs for Back in sessionStorage: each test starts with none.
  sessionStorage.clear();
  localStorage.clear();
});

const OTHER_SERVICE = 'https://zap1.other.example';
const anchored = genuineBundle(2, 5);
const rootHex = verifyProofBundle(anchored).rootHex!;
const { event, leafHex } = contractEvent(2);

/**
 * A stand-in for a ZAP1 service reached with fetch (the browser cannot run one here): it serves
 * `proof` for the leaf and a history holding `history`. Records the URLs asked.
 */
function fakeService(options: { proof?: unknown; history?: unknown[]; down?: boolean } = {}): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const url = String(input);
    asked.push(url);
    if (options.down) throw new TypeError('fetch failed');
    const path = new URL(url, 'http://localhost').pathname;
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (path === `/verify/${leafHex}/proof.json`) return json(options.proof ?? anchored);
    if (path === `/verify/${leafHex}/check`) return json({ valid: true });
    if (path.startsWith('/verify/')) return json({ error: { code: 'not_found', message: 'no' } }, 404);
    if (path === '/anchor/history') {
      const anchors = options.history ?? [
        { root: rootHex, txid: TXID, height: HEIGHT, leaf_count: 5, created_at: '2026-11-01T00:00:00Z' },
      ];
      return json({ anchors, total: anchors.length });
    }
    if (path === '/protocol/info') return json({ protocol: 'ZAP1', version: '3.0.0', network: 'devnet' });
    return json({ error: { code: 'not_found', message: 'no' } }, 404);
  });
  return asked;
}

function paste(text: string) {
  fireEvent.change(screen.getByLabelText('Or paste the receipt or bundle JSON'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify pasted JSON' }));
}

async function verdict(): Promise<string | null> {
  return (await screen.findByTestId('verdict')).getAttribute('data-verdict');
}

describe('VerifyPage verdicts', () => {
  it('is anchored only when the history has the same root, transaction and height', async () => {
    fakeService();
    renderAt('/verify');
    paste(JSON.stringify(anchored));
    expect(await verdict()).toBe('anchored');
    expect(screen.getByTestId('verdict').textContent).toBe('✓ Anchored');
    expect(screen.getByTestId('anchor-txid').textContent).toBe(TXID);
    expect(screen.getByTestId('whose-word').textContent).toMatch(/anchor history of http:\/\/localhost/);
  });

  it.each([
    ['txid', { ...anchored, anchor: { txid: 'e'.repeat(64), height: HEIGHT } }],
    ['height', { ...anchored, anchor: { txid: TXID, height: HEIGHT + 1 } }],
  ])('is invalid when the claimed %s contradicts the history', async (_part, bundle) => {
    fakeService();
    renderAt('/verify');
    paste(JSON.stringify(bundle));
    expect(await verdict()).toBe('invalid');
    expect(screen.getByTestId('check-anchor').getAttribute('data-status')).toBe('fail');
  });

  it('verifies a bundle from before ZAP1 3.0 (no scheme) under the historical rule, with a visible warning', async () => {
    const { scheme: _scheme, ...rootWithoutScheme } = anchored.root as Record<string, unknown>;
    const old = { ...anchored, root: rootWithoutScheme };
    fakeService({ proof: old });
    renderAt('/verify');
    paste(JSON.stringify(old));
    expect(await verdict()).toBe('anchored');
    expect(screen.getByTestId('historical-warning').textContent).toMatch(/before ZAP1 3\.0/);
    cleanup();
    fakeService();
    renderAt('/verify');
    paste(JSON.stringify(anchored));
    expect(await verdict()).toBe('anchored');
    expect(screen.queryByTestId('historical-warning')).toBeNull();
  });

  it('is invalid, naming the path, when a sibling was edited', async () => {
    fakeService();
    renderAt('/verify');
    paste(readZap1Text('invalid_bundle.json'));
    expect(await verdict()).toBe('invalid');
    expect(screen.getByTestId('check-inclusion').getAttribute('data-status')).toBe('fail');
  });

  it('is pending when the root is not in the history yet, and unconfirmed (never green) when no service answers', async () => {
    fakeService({ proof: genuineBundle(2, 5, { txid: null, height: null }), history: [] });
    renderAt('/verify');
    paste(JSON.stringify(genuineBundle(2, 5, { txid: null, height: null })));
    expect(await verdict()).toBe('pending');
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
    cleanup();

    fakeService({ down: true });
    renderAt('/verify');
    paste(JSON.stringify(anchored));
    expect(await verdict()).toBe('unconfirmed');
    expect(screen.getByTestId('verdict').textContent).not.toContain('✓');
  });

  it('completes a bundle that claims no anchor when the history anchors its root', async () => {
    fakeService({ proof: genuineBundle(2, 5, { txid: null, height: null }) });
    renderAt('/verify');
    paste(JSON.stringify(genuineBundle(2, 5, { txid: null, height: null })));
    expect(await verdict()).toBe('anchored');
    expect(screen.getByRole('button', { name: 'Download the completed bundle' })).toBeTruthy();
    cleanup();

    // The service has anchored it since, and serves the anchored proof: that is the one to keep.
    fakeService();
    renderAt('/verify');
    paste(JSON.stringify(genuineBundle(2, 5, { txid: null, height: null })));
    expect(await verdict()).toBe('anchored');
    expect(screen.getByRole('button', { name: 'Download the anchored bundle' })).toBeTruthy();
  });
});

describe('VerifyPage links and receipts', () => {
  it('asks the service a link names only once the person agrees, and quotes it without relying on it', async () => {
    const asked = fakeService();
    renderAt(`/verify?leaf=${leafHex}&service=${encodeURIComponent(OTHER_SERVICE)}`);
    const ask = await screen.findByRole('button', { name: 'Ask zap1.other.example about this link?' });
    // Nothing was asked of it: a link can name any service, its forger's too.
    expect(asked.filter((url) => url.startsWith(OTHER_SERVICE))).toEqual([]);
    expect(screen.getByTestId('ask-named-service').textContent).toContain('It has not been asked');
    fireEvent.click(ask);
    expect(await verdict()).toBe('unconfirmed');
    // Every request of the verification went to the service the link names, once agreed.
    const verificationRequests = asked.filter((url) => /\/(verify|anchor)\//.test(url));
    expect(verificationRequests.length).toBeGreaterThan(0);
    expect(verificationRequests.filter((url) => !url.startsWith(OTHER_SERVICE))).toEqual([]);
    expect(screen.getByTestId('verdict-reason').textContent).toContain(
      `Unconfirmed: the service ${OTHER_SERVICE}, named by the link, says`,
    );
    expect(screen.queryByTestId('ask-named-service')).toBeNull();
    expect(screen.getByTestId('verify-link').textContent).toBe(
      `http://localhost:3000/app/verify?leaf=${leafHex}&service=${encodeURIComponent(OTHER_SERVICE)}`,
    );
    expect((await screen.findAllByTestId('verify-qr')).length).toBeGreaterThan(0);
  });

  it('verifies ?leaf= against the service the person uses, even when the link names it too', async () => {
    setBaseUrl(OTHER_SERVICE);
    fakeService();
    renderAt(`/verify?leaf=${leafHex}&service=${encodeURIComponent(`${OTHER_SERVICE}/`)}`);
    expect(await verdict()).toBe('anchored');
    expect(screen.queryByTestId('ask-named-service')).toBeNull();
  });

  it("keeps the leaf box on the address's leaf after Back, as the verdict is", async () => {
    fakeService();
    const otherLeaf = 'cd'.repeat(32);
    renderAt(`/verify?leaf=${leafHex}`);
    expect(await verdict()).toBe('anchored');
    const box = screen.getByLabelText('Leaf hash') as HTMLInputElement;
    fireEvent.change(box, { target: { value: otherLeaf } });
    fireEvent.click(screen.getByRole('button', { name: 'Fetch and verify' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/has no such leaf/);
    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await verdict()).toBe('anchored');
    expect((screen.getByLabelText('Leaf hash') as HTMLInputElement).value).toBe(leafHex);
  });

  it('leaves behind, on Back, what was said of the leaf hash typed before', async () => {
    fakeService();
    renderAt(`/verify?leaf=${leafHex}`);
    expect(await verdict()).toBe('anchored');
    const box = () => screen.getByLabelText('Leaf hash') as HTMLInputElement;
    const fetchAndVerify = (typed: string) => {
      fireEvent.change(box(), { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'Fetch and verify' }));
    };
    const said = () => screen.queryByText(/^(Lowercased|The leaf hash)/)?.textContent ?? null;
    fetchAndVerify('CD'.repeat(32));
    expect((await screen.findByRole('alert')).textContent).toMatch(/has no such leaf/);
    expect(said()).toBe('Lowercased: leaf hashes are looked up in lowercase.');
    fetchAndVerify('zz');
    expect(said()).toBe('The leaf hash may contain only the hex digits 0-9 and a-f.');
    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await verdict()).toBe('anchored');
    expect(box().value).toBe(leafHex);
    expect(said()).toBeNull();
  });

  it('turns the old /verify/<leaf> address into ?leaf=', async () => {
    fakeService();
    renderAt(`/verify/${leafHex}`);
    expect(await verdict()).toBe('anchored');
  });

  it('checks a pending receipt against its service, the one the person uses, and offers the completed receipt', async () => {
    const asked = fakeService();
    const receipt = makeReceipt({
      serviceUrl: OTHER_SERVICE,
      network: 'devnet',
      event,
      leafHex,
      file: { name: 'contract.pdf', size: 10 },
      now: new Date(),
    });
    setBaseUrl(OTHER_SERVICE);
    renderAt('/verify');
    paste(JSON.stringify(receipt));
    expect(await verdict()).toBe('anchored');
    const verificationRequests = asked.filter((url) => /\/(verify|anchor)\//.test(url));
    expect(verificationRequests.filter((url) => !url.startsWith(OTHER_SERVICE))).toEqual([]);
    expect(screen.getByTestId('receipt-completed').textContent).toMatch(/held no proof yet/);
    expect(screen.getByTestId('check-event').getAttribute('data-status')).toBe('pass');
    // Saved under the name the Anchor page gives it: after its document, anchored (no "pending").
    vi.mocked(downloadJson).mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Download the completed receipt' }));
    expect(downloadJson).toHaveBeenCalledTimes(1);
    expect(vi.mocked(downloadJson).mock.calls[0]![0]).toBe('contract.pdf.zap1.json');
  });

  it('never asks the service a receipt names when it is not the one the person uses', async () => {
    const asked = fakeService();
    const receipt = makeReceipt({
      serviceUrl: OTHER_SERVICE,
      network: 'devnet',
      event,
      leafHex,
      proof: anchored,
      now: new Date(),
    });
    renderAt('/verify');
    paste(JSON.stringify(receipt));
    expect(await verdict()).toBe('unconfirmed');
    expect(asked.filter((url) => url.startsWith(OTHER_SERVICE))).toEqual([]);
    expect(screen.getByTestId('verifying').textContent).toContain('without asking any service');
    fireEvent.click(screen.getByRole('button', { name: 'Ask zap1.other.example about this receipt?' }));
    await vi.waitFor(() => expect(asked.some((url) => url.startsWith(OTHER_SERVICE))).toBe(true));
    // Its history vouches for the anchor, and that is quoted: never anchored on its word.
    await vi.waitFor(() =>
      expect(screen.getByTestId('verdict-reason').textContent).toContain('named by the receipt, says'),
    );
    expect(await verdict()).toBe('unconfirmed');
  });

  it('says invalid when the receipt was edited', async () => {
    setBaseUrl(OTHER_SERVICE);
    fakeService();
    const receipt = makeReceipt({
      serviceUrl: OTHER_SERVICE,
      network: 'devnet',
      event: { ...event, serial_number: 'EDITED' },
      leafHex,
      now: new Date(),
    });
    renderAt('/verify');
    paste(JSON.stringify(receipt));
    expect(await verdict()).toBe('invalid');
    expect(screen.getByTestId('check-event').getAttribute('data-status')).toBe('fail');
  });

  it('says what is wrong with pasted text that is neither a receipt nor a bundle', async () => {
    fakeService();
    renderAt('/verify');
    paste('{"hello": 1}');
    expect((await screen.findByRole('alert')).textContent).toMatch(/neither a ZAP1 receipt/);
    paste('not json');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^This is not JSON: /);
  });
});
