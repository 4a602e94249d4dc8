/**
 * What the Verify page is given, and whether it is a folder to verify: the single check stays as
 * it is for one receipt and at most one document; more than one document or more than one receipt,
 * a ZIP, or a dropped folder is a folder (each document paired with its receipt).
 */
import { isReceiptFileName } from 'zap1';
import { droppedFolderEntries, walkEntries } from '../../../components/ui/dropped-files';
import { MAX_CLAIM_FILE_BYTES } from '../claim';

export { droppedFolderEntries };

/** A file of the folder with its path in it (`binder/contract.pdf`), as receipts beside documents are found by path. */
export interface FolderInput {
  path: string;
  file: Blob;
}

/** A receipt's format named in JSON text: the file says it is a receipt, however damaged the rest is. */
export const RECEIPT_FORMAT_TEXT = /"format"\s*:\s*"zap1-receipt\//;
const CLAIM_KEYS_TEXT = /"leaf"\s*:/;

export const isZipName = (name: string): boolean => /\.zip$/i.test(name);

/** A chosen file's path: the folder's own relative path where the browser gives one, else its name. */
export function inputOf(file: File): FolderInput {
  return { path: file.webkitRelativePath || file.name, file };
}

/** Whether a file reads as a receipt or bundle (the single check's claim) rather than a document. */
async function looksLikeClaim(file: File): Promise<boolean> {
  if (isReceiptFileName(file.name)) return true;
  if (file.size === 0 || file.size > MAX_CLAIM_FILE_BYTES) return false;
  const head = await file.slice(0, 64 * 1024).text();
  return RECEIPT_FORMAT_TEXT.test(head) || (/\.json$/i.test(file.name) && CLAIM_KEYS_TEXT.test(head));
}

/**
 * Whether these files are a folder to verify rather than the single check's receipt and document:
 * a ZIP, more than two files, or two receipts or two documents.
 */
export async function isFolderOfFiles(files: readonly File[]): Promise<boolean> {
  if (files.some((file) => isZipName(file.name))) return true;
  if (files.length > 2) return true;
  if (files.length < 2) return false;
  const claims = await Promise.all(files.map((file) => looksLikeClaim(file).catch(() => false)));
  return claims[0] === claims[1];
}

/** Skipped in a folder or ZIP: a system's own files (.DS_Store, __MACOSX/, Thumbs.db), never the person's. */
export function isSystemFile(path: string): boolean {
  return /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$|desktop\.ini$)/i.test(path);
}

/** Every file under the dropped entries, its path within the drop kept, system files left out. */
export async function filesOfEntries(entries: readonly FileSystemEntry[]): Promise<FolderInput[]> {
  return (await walkEntries(entries)).filter((input) => !isSystemFile(input.path));
}
