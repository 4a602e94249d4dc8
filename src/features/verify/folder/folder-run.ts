/**
 * One folder's verification, as plain data in and messages out, so it runs in a worker
 * (folder-worker.ts) and the page stays responsive whatever the folder holds: the files sorted and
 * hashed (folder-intake.ts), each document paired with its receipt (zap1's pairDocuments, as
 * `zap1 verify` pairs them) and each pair given the single check's verdict (verifyClaim).
 *
 * Trust: only the service the person chose (Settings) is asked, through one memoized reader for
 * the whole folder, so an anchor shared by many receipts (its history page, its evidence) is asked
 * about once. A receipt naming another service is checked without asking it, as the single check
 * does until the person agrees; a folder asks no one's consent per receipt.
 */
import {
  httpServiceReader,
  memoizedReader,
  pairDocuments,
  unaskableService,
  verifyClaim,
  type ServiceReader,
} from 'zap1';
import { serviceToAsk } from '../claim';
import { takeFolder } from './folder-intake';
import type { FolderInput } from './folder-input';
import {
  missingRow,
  needsItsDocument,
  verdictRow,
  type FolderRow,
  type RowDocument,
  type RowFacts,
  type RowReceipt,
} from './folder-rows';
import { ZipRefusedError, type ZipLimits } from './zip-entries';

export interface FolderRequest {
  inputs: FolderInput[];
  /** The service the person uses (Settings), as an absolute URL. */
  serviceUrl: string;
  /** The person's own block explorer template, or null for the network's known one. */
  explorerBlockUrl: string | null;
  limits?: ZipLimits;
}

export type FolderPhase = 'reading' | 'hashing' | 'verifying';

export type FolderMessage =
  | { type: 'progress'; phase: FolderPhase; done: number; total: number }
  | { type: 'rows'; rows: FolderRow[] }
  | { type: 'done' }
  /** The folder could not be verified at all (a refused ZIP): nothing was checked. */
  | { type: 'failed'; message: string };

/** Messages at most this often: a thousand files would otherwise flood the page with updates. */
const REPORT_EVERY_MS = 100;
/** Pairs verified at once: enough to overlap the service's answers, few enough to stay polite. */
const AT_ONCE = 4;

/** The reader for one receipt, or null with why none is asked (a service only the receipt names). */
function readerFor(
  receipt: RowReceipt,
  serviceUrl: string,
  chosen: ServiceReader,
): { reader: ServiceReader | null; reason: string | null } {
  const service = serviceToAsk(
    { kind: 'receipt', receipt: receipt.receipt, label: receipt.file },
    null,
    serviceUrl,
  );
  if (service.kind === 'chosen') return { reader: chosen, reason: null };
  if (service.kind === 'none') return { reader: unaskableService(service.problem), reason: null };
  return {
    reader: null,
    reason: `the receipt names ${service.url}, which is not the service you use, and it was not asked: a receipt can name any service, its forger's too`,
  };
}

export async function runFolder(
  request: FolderRequest,
  post: (message: FolderMessage) => void,
  signal?: AbortSignal,
  now: () => Date = () => new Date(),
): Promise<void> {
  let lastReport = 0;
  const progress = (phase: FolderPhase, done: number, total: number) => {
    const at = Date.now();
    if (done === 0 || done === total || at - lastReport >= REPORT_EVERY_MS) {
      lastReport = at;
      post({ type: 'progress', phase, done, total });
    }
  };
  let pending: FolderRow[] = [];
  let lastRows = 0;
  const flush = (force: boolean) => {
    const at = Date.now();
    if (pending.length > 0 && (force || at - lastRows >= REPORT_EVERY_MS)) {
      lastRows = at;
      post({ type: 'rows', rows: pending });
      pending = [];
    }
  };
  let rowCount = 0;
  const add = (row: RowFacts) => {
    pending.push({ id: rowCount++, ...row });
    flush(false);
  };

  let intake;
  try {
    intake = await takeFolder(request.inputs, progress, signal, request.limits);
  } catch (error) {
    if (error instanceof ZipRefusedError) {
      post({ type: 'failed', message: error.message });
      return;
    }
    throw error;
  }
  for (const row of intake.unreadable) add(row);
  const chosen = memoizedReader(httpServiceReader(request.serviceUrl, { trust: 'chosen' }));
  const pairs = pairDocuments(intake.documents, intake.receipts);
  let checked = 0;
  progress('verifying', 0, pairs.length);
  const verifyPair = async (document: RowDocument | null, receipt: RowReceipt | null): Promise<RowFacts> => {
    if (receipt === null || (document === null && needsItsDocument(receipt.receipt))) {
      return missingRow(document, receipt);
    }
    const { reader, reason } = readerFor(receipt, request.serviceUrl, chosen);
    const outcome = await verifyClaim(
      {
        receipt: receipt.receipt,
        file: document ? { sha256Hex: document.sha256Hex, name: document.file } : null,
        explorerBlockUrl: request.explorerBlockUrl,
        noServiceReason: reason,
      },
      reader,
      now(),
    );
    return verdictRow(document, receipt, outcome);
  };
  let next = 0;
  const worker = async () => {
    while (next < pairs.length) {
      if (signal?.aborted) throw new DOMException('The verification was cancelled.', 'AbortError');
      const pair = pairs[next++]!;
      add(await verifyPair(pair.document, pair.receipt));
      progress('verifying', ++checked, pairs.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, pairs.length) }, worker));
  flush(true);
  post({ type: 'done' });
}
