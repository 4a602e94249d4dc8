/**
 * A folder's files sorted into documents (hashed) and receipts (read), in the folder worker: a ZIP
 * among them is opened first (zip-entries.ts). A file is a receipt by its name
 * (`*.zap1.json`) or by its content (JSON that names the receipt format, as the single check
 * recognises a renamed receipt); a receipt that cannot be read is a row that says why, never
 * hashed as a document.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { isBatchManifest, isReceiptFileName } from 'zap1';
import { MAX_CLAIM_FILE_BYTES, readClaimText } from '../claim';
import { isZipName, RECEIPT_FORMAT_TEXT, type FolderInput } from './folder-input';
import { unreadableReceiptRow, type RowDocument, type RowFacts, type RowReceipt } from './folder-rows';
import { zipEntries, ZIP_LIMITS, type ZipLimits } from './zip-entries';

export interface FolderIntake {
  documents: RowDocument[];
  receipts: RowReceipt[];
  /** Receipts that could not be read: invalid at the receipt check. */
  unreadable: RowFacts[];
}

export type IntakeProgress = (phase: 'reading' | 'hashing', done: number, total: number) => void;

const abortIfCancelled = (signal?: AbortSignal) => {
  if (signal?.aborted) throw new DOMException('The verification was cancelled.', 'AbortError');
};

/** Files larger than this are hashed as a stream rather than read whole into memory. */
const WHOLE_FILE_BYTES = 256 * 1024 * 1024;

/** A file's SHA-256: WebCrypto in one call where it is available, else @noble/hashes over a stream. */
export async function sha256OfBlob(blob: Blob): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle && blob.size <= WHOLE_FILE_BYTES) {
    return bytesToHex(
      new Uint8Array(await subtle.digest('SHA-256', new Uint8Array(await blob.arrayBuffer()))),
    );
  }
  const hash = sha256.create();
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    hash.update(value);
  }
  return bytesToHex(hash.digest());
}

type Sorted =
  | { kind: 'document' }
  /** The manifest.csv the Anchor page writes beside a batch's receipts: neither a document nor a receipt. */
  | { kind: 'manifest' }
  | { kind: 'receipt'; receipt: RowReceipt['receipt'] }
  /** `detail`: why, in a sentence. */
  | { kind: 'unreadable'; detail: string };

/** Whether `input` is a receipt (read), a receipt that does not read, or a document. */
async function sortInput(input: FolderInput): Promise<Sorted> {
  const named = isReceiptFileName(input.path);
  const json = /\.json$/i.test(input.path);
  if (input.file.size > MAX_CLAIM_FILE_BYTES || input.file.size === 0) {
    return named
      ? {
          kind: 'unreadable',
          detail: `This receipt cannot be read: it is ${input.file.size === 0 ? 'empty' : 'larger than any receipt'}.`,
        }
      : { kind: 'document' };
  }
  if (!named) {
    // A document is never read whole here: its opening says whether it may be a receipt.
    const head = await input.file.slice(0, 64 * 1024).text();
    if (isBatchManifest(input.path, head)) return { kind: 'manifest' };
    if (!RECEIPT_FORMAT_TEXT.test(head)) return { kind: 'document' };
  }
  const reading = readClaimText(await input.file.text(), `the file ${input.path}`);
  if (reading.ok && reading.claim.kind === 'receipt')
    return { kind: 'receipt', receipt: reading.claim.receipt };
  // A file of another name that merely mentions the format is a document, as the person named it.
  if (!named && !json) return { kind: 'document' };
  return {
    kind: 'unreadable',
    detail: reading.ok ? 'This is a proof bundle, not a receipt: check it on its own.' : reading.message,
  };
}

/** Every ZIP among `inputs` replaced by its files. */
async function openZips(
  inputs: readonly FolderInput[],
  limits: ZipLimits,
  signal?: AbortSignal,
): Promise<FolderInput[]> {
  const opened: FolderInput[] = [];
  for (const input of inputs) {
    abortIfCancelled(signal);
    if (isZipName(input.path)) opened.push(...(await zipEntries(input.file, input.path, limits, signal)));
    else opened.push(input);
  }
  return opened;
}

export async function takeFolder(
  given: readonly FolderInput[],
  progress: IntakeProgress,
  signal?: AbortSignal,
  limits: ZipLimits = ZIP_LIMITS,
): Promise<FolderIntake> {
  progress('reading', 0, given.length);
  const inputs = await openZips(given, limits, signal);
  const intake: FolderIntake = { documents: [], receipts: [], unreadable: [] };
  const documents: FolderInput[] = [];
  for (const [index, input] of inputs.entries()) {
    abortIfCancelled(signal);
    const sorted = await sortInput(input);
    if (sorted.kind === 'document') documents.push(input);
    else if (sorted.kind === 'receipt') intake.receipts.push({ file: input.path, receipt: sorted.receipt });
    else if (sorted.kind === 'unreadable')
      intake.unreadable.push(unreadableReceiptRow(input.path, sorted.detail));
    progress('reading', index + 1, inputs.length);
  }
  const totalBytes = documents.reduce((sum, input) => sum + input.file.size, 0);
  let bytesDone = 0;
  progress('hashing', 0, totalBytes);
  for (const input of documents) {
    abortIfCancelled(signal);
    const sha256Hex = await sha256OfBlob(input.file);
    intake.documents.push({ file: input.path, size: input.file.size, sha256Hex });
    bytesDone += input.file.size;
    progress('hashing', bytesDone, totalBytes);
  }
  return intake;
}
