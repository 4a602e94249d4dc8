/**
 * "Download all receipts": one ZIP with a receipt per document, named after it
 * (`contract.pdf.zap1.json`, `contract.pdf.pending.zap1.json` before its anchor, in the folder the
 * document came from), and `manifest.csv` (file, size, SHA-256, leaf, status, transaction,
 * height). Anchored rows get their proof and the anchor's chain evidence (each anchor's evidence
 * asked once), so the same button gives the final receipts once the batch is anchored. The ZIP is
 * written as a stream of compressed entries (fflate), one receipt at a time.
 */
import { Zip, ZipDeflate } from 'fflate';
import { BATCH_MANIFEST_HEADER, baseName, receiptFileNameFor, type ChainEvidence } from 'zap1';
import { apiRequest } from '../../../api/client';
import { fetchChainEvidence } from '../../../api/evidence';
import { proofBundleSchema } from '../../../api/verify';
import { csvText } from '../../../components/csv';
import { receiptOfSubmission } from '../receipt-button';
import type { BatchRow } from './batch-model';

export function manifestCsv(rows: readonly BatchRow[]): string {
  return csvText(
    BATCH_MANIFEST_HEADER.split(','),
    rows.map((r) => [r.name, r.size, r.sha256Hex, r.leafHex, r.status, r.txid, r.height]),
  );
}

/** The ZIP entry of a row's receipt: its folder kept, its name as a single receipt's. */
export function receiptEntryName(row: BatchRow): string {
  const slash = row.name.lastIndexOf('/');
  const folder = slash >= 0 ? row.name.slice(0, slash + 1) : '';
  const file = receiptFileNameFor(
    { fileName: row.name.slice(slash + 1), leafHex: row.leafHex ?? '' },
    row.txid !== null,
  );
  return `${folder
    .split('/')
    .filter((part) => part !== '..' && part !== '.')
    .join('/')}${file}`;
}

export interface ZipContext {
  baseUrl: string;
  origin: string;
  network: string | null;
  /** Whether the service offers chain evidence (`/protocol/info` lists `anchor-evidence`). */
  offersEvidence: boolean;
  signal?: AbortSignal;
  /** Receipts written so far, of how many. */
  onProgress?: (done: number, total: number) => void;
}

const encoder = new TextEncoder();

/** How long the ZIP writes before it lets the page handle input again. */
const YIELD_EVERY_MS = 30;

/** Receipts fetched ahead of the one being written (their proofs and evidence). */
const FETCH_AHEAD = 6;

export async function receiptsZip(rows: readonly BatchRow[], context: ZipContext): Promise<Blob> {
  const recorded = rows.filter((row) => row.leafHex !== null && row.sha256Hex !== null);
  const evidenceOf = new Map<string, Promise<ChainEvidence | null>>();
  const chunks: Uint8Array[] = [];
  let failed: Error | null = null;
  let finished = false;
  const zip = new Zip((error, data, final) => {
    if (error) failed = error;
    else chunks.push(data);
    if (final) finished = true;
  });
  const add = (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(encoder.encode(text), true);
  };
  /** A row's receipt, its proof and evidence fetched where it is anchored. */
  const receiptOf = async (row: BatchRow) => {
    let bundle: unknown = null;
    let evidence: ChainEvidence | null = null;
    if (row.txid !== null) {
      bundle = await apiRequest(`/verify/${encodeURIComponent(row.leafHex!)}/proof.json`, {
        schema: proofBundleSchema,
        baseUrl: context.baseUrl,
        auth: false,
        signal: context.signal,
      });
      if (context.offersEvidence) {
        if (!evidenceOf.has(row.txid)) {
          evidenceOf.set(
            row.txid,
            fetchChainEvidence(context.baseUrl, row.txid, context.signal).catch(() => null),
          );
        }
        evidence = await evidenceOf.get(row.txid)!;
      }
    }
    return receiptOfSubmission(
      {
        baseUrl: context.baseUrl,
        fileName: baseName(row.name),
        fileSize: row.size,
        contractSha256: row.sha256Hex!,
        serialNumber: row.serialNumber,
        walletHash: row.walletHash,
        leafHex: row.leafHex!,
        rootHex: null,
        status: 'created',
        submittedAt: new Date().toISOString(),
      },
      { origin: context.origin, network: context.network, bundle, evidence, now: new Date() },
    );
  };
  // A few receipts are fetched ahead while the ZIP takes them in order.
  const ahead: Array<Promise<ReturnType<typeof receiptOfSubmission>>> = [];
  const fetchAhead = (index: number) => {
    const row = recorded[index];
    if (row === undefined) return;
    const receipt = receiptOf(row);
    receipt.catch(() => undefined); // handled when its turn comes; never an unhandled rejection meanwhile
    ahead[index] = receipt;
  };
  for (let i = 0; i < FETCH_AHEAD; i++) fetchAhead(i);
  const taken = new Set<string>();
  let sliceStart = performance.now();
  for (const [index, row] of recorded.entries()) {
    context.signal?.throwIfAborted();
    // Receipts already at hand resolve at once: the page is given a turn every few milliseconds.
    if (performance.now() - sliceStart > YIELD_EVERY_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      sliceStart = performance.now();
    }
    const receipt = await ahead[index]!;
    delete ahead[index];
    fetchAhead(index + FETCH_AHEAD);
    let name = receiptEntryName(row);
    for (let n = 2; taken.has(name); n++) {
      name = receiptEntryName(row).replace(/(\.pending)?\.zap1\.json$/, ` (${n})$&`);
    }
    taken.add(name);
    add(name, `${JSON.stringify(receipt, null, 2)}\n`);
    context.onProgress?.(index + 1, recorded.length);
  }
  add('manifest.csv', manifestCsv(rows));
  zip.end();
  if (failed) throw failed;
  if (!finished) throw new Error('The ZIP could not be finished.');
  return new Blob(chunks as BlobPart[], { type: 'application/zip' });
}
