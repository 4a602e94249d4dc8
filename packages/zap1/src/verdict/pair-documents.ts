/**
 * A folder handed to an auditor holds documents and receipts; each document is checked against
 * its own receipt. The web app's Verify page and `zap1 verify` pair them the same way, in this order:
 *
 * 1. the receipt beside the document: `contract.pdf.zap1.json` (or `contract.pdf.pending.zap1.json`,
 *    as the web app names one before its anchor) for `contract.pdf`;
 * 2. a receipt whose event commits to the document's SHA-256 (a document renamed);
 * 3. a receipt naming a file of the document's name (a document changed: it is then found invalid,
 *    not "without a receipt").
 *
 * A document left over has no receipt; a receipt left over has no document. Every input is in
 * exactly one pair.
 */
import type { Receipt } from './receipt.js';

export const RECEIPT_SUFFIX = '.zap1.json';

/** What a row says of a document left without a receipt, and of a receipt left without its document. */
export const NO_RECEIPT = 'no receipt for this document';
export const NO_DOCUMENT = 'no document for this receipt';

/** The SHA-256 of an empty file: every empty file has it, so it proves nothing about a document. */
export const EMPTY_FILE_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/**
 * A document's reference (its serial number) from a batch's pattern: `{name}` the file's name,
 * `{stem}` that name without its extension, `{ref}` what `ref` gives (asked at each place), and,
 * where the caller numbers its documents, `{n}` the number (left as written otherwise).
 */
export function documentReference(pattern: string, fileName: string, ref: () => string, n?: number): string {
  const stem = fileName.includes('.', 1) ? fileName.slice(0, fileName.lastIndexOf('.')) : fileName;
  return pattern.replace(/\{(name|stem|ref|n)\}/g, (whole, part: string) =>
    part === 'name'
      ? fileName
      : part === 'stem'
        ? stem
        : part === 'ref'
          ? ref()
          : n === undefined
            ? whole
            : String(n),
  );
}
const PENDING_SUFFIX = '.pending.zap1.json';

/** Whether a file's name is a receipt's (`*.zap1.json`). */
export const isReceiptFileName = (name: string): boolean => name.endsWith(RECEIPT_SUFFIX);

/** The document a receipt file sits beside (`a/contract.pdf.pending.zap1.json` → `a/contract.pdf`). */
export function documentPathOf(receiptPath: string): string {
  return receiptPath.endsWith(PENDING_SUFFIX)
    ? receiptPath.slice(0, -PENDING_SUFFIX.length)
    : receiptPath.slice(0, -RECEIPT_SUFFIX.length);
}

/**
 * The first line of `manifest.csv`, the list the web app writes beside a batch's receipts (file,
 * size, SHA-256, leaf, status, transaction, height): such a file is part of the receipts, not a
 * document to check.
 */
export const BATCH_MANIFEST_HEADER = 'file,size,sha256,leaf,status,transaction,height';

/** Whether a file is a batch's manifest: named `manifest.csv` and opening with its header. */
export function isBatchManifest(name: string, firstLine: string): boolean {
  return (
    baseName(name) === 'manifest.csv' && firstLine.replace(/\r?\n[\s\S]*$/, '') === BATCH_MANIFEST_HEADER
  );
}

/** The last part of a path, whichever separator it uses. */
export const baseName = (file: string): string =>
  file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);

export interface HashedDocument {
  /** Its path (or name) as given. */
  file: string;
  sha256Hex: string;
}

export interface HeldReceipt {
  /** The receipt file's path (or name) as given. */
  file: string;
  receipt: Receipt;
}

export interface DocumentPair<D extends HashedDocument, R extends HeldReceipt> {
  document: D | null;
  receipt: R | null;
}

export function pairDocuments<D extends HashedDocument, R extends HeldReceipt>(
  documents: readonly D[],
  receipts: readonly R[],
): DocumentPair<D, R>[] {
  const pairs: DocumentPair<D, R>[] = [];
  const left = new Set(receipts);
  const take = (match: (receipt: R) => boolean): R | null => {
    for (const receipt of left) {
      if (match(receipt)) {
        left.delete(receipt);
        return receipt;
      }
    }
    return null;
  };
  const rules: Array<(document: D) => (receipt: R) => boolean> = [
    (document) => (receipt) => documentPathOf(receipt.file) === document.file,
    (document) => (receipt) => receipt.receipt.event['contract_sha256'] === document.sha256Hex,
    (document) => (receipt) => receipt.receipt.file?.name === baseName(document.file),
  ];
  let unpaired: D[] = [...documents];
  for (const rule of rules) {
    const still: D[] = [];
    for (const document of unpaired) {
      const receipt = take(rule(document));
      if (receipt) pairs.push({ document, receipt });
      else still.push(document);
    }
    unpaired = still;
  }
  for (const document of unpaired) pairs.push({ document, receipt: null });
  for (const receipt of left) pairs.push({ document: null, receipt });
  return pairs;
}
