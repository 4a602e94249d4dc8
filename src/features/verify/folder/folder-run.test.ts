/**
 * A folder verified as the worker verifies it: documents paired with their receipts from File
 * objects (beside, renamed, changed), a row per document in `zap1 verify`'s words, receipts that do
 * not read, a receipt naming another service checked without asking it, and the service's shared
 * answers asked once for the whole folder.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { zipSync } from 'fflate';
import { HEIGHT, TXID } from 'zap1/testing';
import { runFolder, type FolderMessage, type FolderRequest } from './folder-run';
import type { FolderRow } from './folder-rows';
import {
  BLOCK_TIME,
  SERVICE,
  anchoredFolder,
  asInputs,
  chosenService,
  contractText,
  documentFile,
  receiptFileOf,
} from './folder-test-support';

afterEach(() => vi.unstubAllGlobals());

async function verify(
  inputs: FolderRequest['inputs'],
): Promise<{ rows: FolderRow[]; messages: FolderMessage[] }> {
  const messages: FolderMessage[] = [];
  await runFolder({ inputs, serviceUrl: SERVICE, explorerBlockUrl: null }, (message) =>
    messages.push(message),
  );
  const rows = messages.flatMap((message) => (message.type === 'rows' ? message.rows : []));
  return { rows: rows.sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '')), messages };
}

const byFile = (rows: FolderRow[], file: string) => rows.find((row) => row.file === file);

describe('a folder of documents and receipts', () => {
  it('gives each document its verdict, says which has no receipt, and asks shared answers once', async () => {
    const folder = anchoredFolder(6);
    const asked = chosenService(folder);
    const files = [
      // 0 and 1 beside their receipts; 2 changed since; 3 without its receipt; 4's receipt renamed.
      documentFile(0),
      receiptFileOf(folder.receipts[0]!, 'contract-0.txt.zap1.json'),
      documentFile(1),
      receiptFileOf(folder.receipts[1]!, 'contract-1.txt.zap1.json'),
      documentFile(2, 'Contract number 2, signed by one party.\n'),
      receiptFileOf(folder.receipts[2]!, 'contract-2.txt.zap1.json'),
      documentFile(3),
      documentFile(4),
      receiptFileOf(folder.receipts[4]!, 'receipt (1).json'),
      // 5's receipt without its document.
      receiptFileOf(folder.receipts[5]!, 'contract-5.txt.zap1.json'),
    ];
    const { rows, messages } = await verify(asInputs(files));
    expect(rows.map((row) => [row.file, row.verdict])).toEqual([
      ['contract-0.txt', 'anchored'],
      ['contract-1.txt', 'anchored'],
      ['contract-2.txt', 'invalid'],
      ['contract-3.txt', 'missing'],
      ['contract-4.txt', 'anchored'],
      ['contract-5.txt', 'missing'],
    ]);
    expect(byFile(rows, 'contract-0.txt')).toMatchObject({
      receipt: 'contract-0.txt.zap1.json',
      size: contractText(0).length,
      txid: TXID,
      height: HEIGHT,
      blockTime: BLOCK_TIME,
      check: null,
    });
    expect(byFile(rows, 'contract-2.txt')).toMatchObject({ check: 'file', blockTime: null });
    expect(byFile(rows, 'contract-2.txt')?.detail).toMatch(/^"contract-2.txt" is not the anchored file/);
    expect(byFile(rows, 'contract-3.txt')).toMatchObject({
      receipt: null,
      detail: 'no receipt for this document',
    });
    expect(byFile(rows, 'contract-4.txt')?.receipt).toBe('receipt (1).json');
    expect(byFile(rows, 'contract-5.txt')).toMatchObject({
      receipt: 'contract-5.txt.zap1.json',
      size: null,
      detail: 'no document for this receipt',
    });
    // One memoized reader for the folder: the network and the history page once, whatever the count.
    expect(asked.filter((path) => path.endsWith('/protocol/info'))).toHaveLength(1);
    expect(asked.filter((path) => path.endsWith('/anchor/history'))).toHaveLength(1);
    expect(messages.at(-1)).toEqual({ type: 'done' });
    expect(messages.filter((m) => m.type === 'progress').at(-1)).toEqual({
      type: 'progress',
      phase: 'verifying',
      done: 6,
      total: 6,
    });
  });

  it('says a receipt that does not read is invalid at the receipt check, and never hashes it as a document', async () => {
    const folder = anchoredFolder(1);
    chosenService(folder);
    const damaged = new File(['{"format": "zap1-receipt/1", garbage'], 'contract-0.txt.zap1.json');
    const { rows } = await verify(asInputs([documentFile(0), damaged]));
    expect(rows).toHaveLength(2);
    const receiptRow = rows.find((row) => row.check === 'receipt');
    expect(receiptRow).toMatchObject({ verdict: 'invalid', receipt: 'contract-0.txt.zap1.json' });
    expect(receiptRow?.detail).toMatch(/^This is not JSON: /);
    expect(rows.find((row) => row.verdict === 'missing')?.detail).toBe('no receipt for this document');
  });

  it('checks a receipt naming another service without asking that service', async () => {
    const other = 'https://zap1.other.example';
    const folder = anchoredFolder(2, other);
    const asked = chosenService(folder);
    const files = [0, 1].flatMap((n) => [
      documentFile(n),
      receiptFileOf(folder.receipts[n]!, `contract-${n}.txt.zap1.json`),
    ]);
    const { rows } = await verify(asInputs(files));
    expect(rows.map((row) => row.verdict)).toEqual(['unconfirmed', 'unconfirmed']);
    expect(rows[0]?.detail).toContain('which is not the service you use, and it was not asked');
    expect(asked.filter((path) => path.startsWith(other))).toEqual([]);
  });

  it('reads a ZIP as its files, pairing by the paths inside it, its batch manifest left out', async () => {
    const folder = anchoredFolder(2);
    chosenService(folder);
    const encode = (text: string) => new TextEncoder().encode(text);
    const zip = zipSync({
      'binder/contract-0.txt': encode(contractText(0)),
      'binder/contract-0.txt.zap1.json': encode(JSON.stringify(folder.receipts[0])),
      'binder/contract-1.txt': encode(contractText(1)),
      '__MACOSX/binder/._contract-1.txt': encode('resource fork'),
      // The Anchor page's batch ZIP lists its receipts in a manifest: not a document to check.
      'binder/manifest.csv': encode('file,size,sha256,leaf,status,transaction,height\r\n'),
    });
    const { rows } = await verify([{ path: 'binder.zip', file: new Blob([zip]) }]);
    expect(rows.map((row) => [row.file, row.verdict])).toEqual([
      ['binder/contract-0.txt', 'anchored'],
      ['binder/contract-1.txt', 'missing'],
    ]);
  });

  it('verifies nothing when a ZIP is refused, and says why', async () => {
    const folder = anchoredFolder(1);
    const asked = chosenService(folder);
    const zip = zipSync({ 'a.txt': new Uint8Array(10), 'b.txt': new Uint8Array(10) });
    const messages: FolderMessage[] = [];
    await runFolder(
      {
        inputs: [{ path: 'big.zip', file: new Blob([zip]) }, ...asInputs([documentFile(0)])],
        serviceUrl: SERVICE,
        explorerBlockUrl: null,
        limits: { maxEntries: 1, maxTotalBytes: 1000 },
      },
      (message) => messages.push(message),
    );
    expect(messages.at(-1)).toEqual({
      type: 'failed',
      message: 'big.zip is not opened: it holds more than 1 file.',
    });
    expect(messages.some((message) => message.type === 'rows')).toBe(false);
    expect(asked).toEqual([]);
  });

  it('stops when cancelled', async () => {
    const folder = anchoredFolder(2);
    chosenService(folder);
    const controller = new AbortController();
    controller.abort();
    await expect(
      runFolder(
        { inputs: asInputs([documentFile(0)]), serviceUrl: SERVICE, explorerBlockUrl: null },
        () => undefined,
        controller.signal,
      ),
    ).rejects.toThrow('cancelled');
  });
});
