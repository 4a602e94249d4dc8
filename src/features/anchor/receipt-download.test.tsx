// @vitest-environment jsdom
/**
 * "Download receipt" on the Anchor and Leaf pages: once the leaf is anchored, the receipt carries the
 * anchor's chain evidence from `GET /anchor/evidence/{txid}`; a service without it gives a receipt
 * without it (Verify completes it later where it can).
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractEvent } from 'zap1/testing';
import { evidencedBundle } from 'zap1/testing';
import { renderWithProviders } from '../../components/test-render';
import { parseReceipt } from 'zap1';
import { downloadJson } from '../leaf/download-json';
import { DownloadReceiptButton } from './receipt-button';
import type { SavedSubmission } from './submissions-store';

vi.mock('../leaf/download-json', () => ({ downloadJson: vi.fn() }));

const { bundle, evidence } = evidencedBundle();
const { event, leafHex } = contractEvent(2);
const submission: SavedSubmission = {
  baseUrl: 'https://zap1.example',
  fileName: 'lease.pdf',
  fileSize: 10,
  contractSha256: event['contract_sha256'] as string,
  serialNumber: event['serial_number'] as string,
  walletHash: event['wallet_hash'] as string,
  leafHex,
  rootHex: null,
  status: 'created',
  submittedAt: '2026-11-24T00:00:00.000Z',
};

/**
 * The service: the anchored proof, and the evidence when `withEvidence`; `/protocol/info` lists the
 * `anchor-evidence` extension unless `listed` is false. Records the paths asked.
 */
function service(withEvidence: boolean, listed = true): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const path = new URL(String(input)).pathname;
    asked.push(path);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (path === '/protocol/info') {
      const extensions = listed ? ['anchor-evidence'] : [];
      return json({ protocol: 'ZAP1', version: '3.0.0', network: 'mainnet', extensions });
    }
    if (path === `/verify/${leafHex}/proof.json`) return json(bundle);
    if (path === `/anchor/evidence/${evidence.txid}` && withEvidence) return json(evidence);
    return json({ error: { code: 'not_found', message: 'no' } }, 404);
  });
  return asked;
}

beforeEach(() => vi.mocked(downloadJson).mockClear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function download(): Promise<unknown> {
  renderWithProviders(<DownloadReceiptButton submission={submission} />);
  fireEvent.click(screen.getByRole('button', { name: 'Download receipt' }));
  await vi.waitFor(() => expect(downloadJson).toHaveBeenCalledTimes(1));
  return vi.mocked(downloadJson).mock.calls[0]![1];
}

describe('Download receipt', () => {
  it('puts the anchor’s chain evidence in the receipt once the leaf is anchored', async () => {
    const asked = service(true);
    const parsed = parseReceipt(JSON.parse(JSON.stringify(await download())));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.receipt.proof).toEqual(bundle);
    expect(parsed.receipt.chain_evidence).toEqual(evidence);
    expect(asked).toContain(`/anchor/evidence/${evidence.txid}`);
    // Named after its document, without "pending": its proof names the anchor.
    expect(vi.mocked(downloadJson).mock.calls[0]![0]).toBe('lease.pdf.zap1.json');
  });

  it('still gives the receipt, without evidence, where the service has none (404)', async () => {
    service(false);
    const receipt = (await download()) as Record<string, unknown>;
    expect(receipt['proof']).toEqual(bundle);
    expect(receipt).not.toHaveProperty('chain_evidence');
  });

  it('does not ask for evidence where /protocol/info does not list the extension', async () => {
    const asked = service(true, false);
    const receipt = (await download()) as Record<string, unknown>;
    expect(receipt['proof']).toEqual(bundle);
    expect(receipt).not.toHaveProperty('chain_evidence');
    expect(asked.some((p) => p.startsWith('/anchor/evidence/'))).toBe(false);
  });
});
