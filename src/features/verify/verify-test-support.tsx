// Test support for the Verify page's component tests: a receipt and its contract, a stand-in for the
// service the receipt names and for the hash worker, and the page rendered with files dropped on it.
import { createHash } from 'node:crypto';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { HEIGHT, TXID, bundleOfLeaves, contractEvent } from 'zap1/testing';
import { renderWithProviders } from '../../components/test-render';
import { leafHash, makeReceipt, verifyProofBundle, type Receipt } from 'zap1';
import { VerifyPage } from './verify-page';
import { runVerification, type VerificationRun } from './verification-run';
import { runFolder, type FolderRequest } from './folder/folder-run';
import { setBaseUrl } from '../../api/settings';

export const SERVICE = 'https://zap1.other.example';
export const CONTRACT = 'The lease of the flat at 1 Example Street, signed by both parties.\n';
export const CONTRACT_SHA = createHash('sha256').update(CONTRACT).digest('hex');
export const EDITED = 'The lease of the flat at 1 Example Street, signed by one party.\n';
export const EDITED_SHA = createHash('sha256').update(EDITED).digest('hex');
/** 26 Nov 2026, 05:57:39 UTC. */
export const BLOCK_TIME = Date.UTC(2026, 10, 26, 5, 57, 39) / 1000;

export const event = { ...contractEvent(1).event, contract_sha256: CONTRACT_SHA };
export const leafHex = leafHash(event);
export const bundle = bundleOfLeaves(
  [contractEvent(0).leafHex, leafHex, contractEvent(2).leafHex],
  1,
  'CONTRACT_ANCHOR',
);
export const rootHex = verifyProofBundle(bundle).rootHex!;

/** The service the receipts name: `knows` the leaf (with `proof`), and its history anchors `rootHex`. */
export function fakeService(options: { proof?: unknown; knows?: boolean; history?: unknown[] } = {}) {
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const notFound = () => json({ error: { code: 'not_found', message: 'no' } }, 404);
    const knows = options.knows ?? true;
    if (path === `/verify/${leafHex}/proof.json`) return knows ? json(options.proof ?? bundle) : notFound();
    if (path === `/verify/${leafHex}/check`) return knows ? json({ valid: true }) : notFound();
    if (path === '/anchor/history') {
      const anchors = options.history ?? [
        { root: rootHex, txid: TXID, height: HEIGHT, leaf_count: 3, block_time: BLOCK_TIME },
      ];
      return json({ anchors, total: anchors.length });
    }
    if (path === '/protocol/info') return json({ protocol: 'ZAP1', version: '3.0.0', network: 'devnet' });
    return notFound();
  });
}

/**
 * The page's workers, stood in for (jsdom runs none): the hash worker answers the file's real
 * SHA-256, and the verify and folder workers run their work on this thread.
 */
export class HashWorker extends EventTarget {
  postMessage(message: { file: Blob } | { id: number; run: VerificationRun } | FolderRequest) {
    if ('inputs' in message) {
      void runFolder(message, (data) => this.dispatchEvent(new MessageEvent('message', { data })));
      return;
    }
    if ('run' in message) {
      const { id } = message;
      void runVerification(message.run, new Date()).then(
        (result) => this.dispatchEvent(new MessageEvent('message', { data: { id, ok: true, result } })),
        (error: unknown) =>
          this.dispatchEvent(
            new MessageEvent('message', { data: { id, ok: false, message: String(error) } }),
          ),
      );
      return;
    }
    void message.file.arrayBuffer().then((bytes) => {
      const sha256Hex = createHash('sha256').update(new Uint8Array(bytes)).digest('hex');
      const data = {
        type: 'done',
        sha256Hex,
        totalBytes: bytes.byteLength,
        elapsedMs: 1,
        method: 'webcrypto',
      };
      this.dispatchEvent(new MessageEvent('message', { data }));
    });
  }
  terminate() {}
}

/**
 * For each test of the file: the workers stood in for, and the service the receipts name set as the
 * one the person uses (Settings); after it, the page, every stub, the settings and the inputs the
 * page kept for Back (sessionStorage) gone.
 */
export function standInForWorkerInEachTest(): void {
  beforeEach(() => {
    vi.stubGlobal('Worker', HashWorker);
    setBaseUrl(SERVICE);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
    localStorage.clear();
  });
}

export function receiptWith(proof: unknown = bundle): Receipt {
  return makeReceipt({
    serviceUrl: SERVICE,
    network: 'devnet',
    event,
    leafHex,
    file: { name: 'contract.pdf', size: CONTRACT.length },
    proof,
    now: new Date(Date.UTC(2026, 10, 26)),
  });
}

export function renderAt(url = '/verify') {
  return renderWithProviders(
    <Routes>
      <Route path="/verify" element={<VerifyPage />} />
    </Routes>,
    url,
  );
}

export const receiptFile = (receipt: unknown) =>
  new File([JSON.stringify(receipt)], 'contract.pdf.zap1.json', { type: 'application/json' });

export function drop(...files: File[]) {
  fireEvent.change(screen.getByLabelText(/Choose or drop files/), { target: { files } });
}

export const textOf = (testId: string): string => screen.getByTestId(testId).textContent ?? '';
