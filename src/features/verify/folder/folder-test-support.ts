// Test support for folder verification: a folder of contracts whose receipts are all anchored in
// one root, and a stand-in for the service the person uses that counts what it is asked.
import { createHash } from 'node:crypto';
import { vi } from 'vitest';
import { HEIGHT, TXID, bundleOfLeaves } from 'zap1/testing';
import { leafHash, makeReceipt, verifyProofBundle, type Receipt } from 'zap1';
import type { FolderInput } from './folder-input';

export const SERVICE = 'https://zap1.chosen.example';
/** 26 Nov 2026, 05:57:39 UTC. */
export const BLOCK_TIME = Date.UTC(2026, 10, 26, 5, 57, 39) / 1000;

export const contractText = (n: number) => `Contract number ${n}, signed by both parties.\n`;
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

export interface Folder {
  names: string[];
  receipts: Receipt[];
  rootHex: string;
}

/** `count` contracts (`contract-0.txt`, …), each with its receipt, all anchored in one root. */
export function anchoredFolder(count: number, serviceUrl = SERVICE): Folder {
  const names = Array.from({ length: count }, (_, n) => `contract-${n}.txt`);
  const events = names.map((_, n) => ({
    event_type: 'CONTRACT_ANCHOR',
    wallet_hash: `wallet_${n}`,
    serial_number: `SERIAL-${n}`,
    contract_sha256: sha(contractText(n)),
  }));
  const leaves = events.map((event) => leafHash(event));
  const receipts = events.map((event, n) =>
    makeReceipt({
      serviceUrl,
      network: 'devnet',
      event,
      leafHex: leaves[n]!,
      file: { name: names[n]!, size: contractText(n).length },
      proof: bundleOfLeaves(leaves, n, 'CONTRACT_ANCHOR'),
      now: new Date(Date.UTC(2026, 10, 26)),
    }),
  );
  const rootHex = verifyProofBundle(receipts[0]!.proof).rootHex!;
  return { names, receipts, rootHex };
}

export const documentFile = (n: number, text = contractText(n)) => new File([text], `contract-${n}.txt`);
export const receiptFileOf = (receipt: Receipt, name: string) =>
  new File([JSON.stringify(receipt)], name, { type: 'application/json' });

export const asInputs = (files: readonly File[]): FolderInput[] =>
  files.map((file) => ({ path: file.name, file }));

/**
 * The service the person uses: it anchored the folder's root and knows every leaf. Returns the paths it was
 * asked, in order, so a test can count them.
 */
export function chosenService(folder: Folder): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(`${url.origin}${url.pathname}`);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.origin !== SERVICE) return json({ error: { code: 'not_found', message: 'no' } }, 404);
    if (/^\/verify\/[0-9a-f]{64}\/check$/.test(url.pathname)) return json({ valid: true });
    if (url.pathname === '/anchor/history') {
      const anchors = [
        {
          root: folder.rootHex,
          txid: TXID,
          height: HEIGHT,
          leaf_count: folder.names.length,
          block_time: BLOCK_TIME,
        },
      ];
      return json({ anchors, total: anchors.length });
    }
    if (url.pathname === '/protocol/info')
      return json({ protocol: 'ZAP1', version: '3.0.0', network: 'devnet' });
    return json({ error: { code: 'not_found', message: 'no' } }, 404);
  });
  return asked;
}
