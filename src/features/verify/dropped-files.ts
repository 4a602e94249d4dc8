/**
 * Sorting the files dropped on the Verify page into the claim (a receipt or bundle) and the
 * document. A file that says it is a receipt but cannot be read is never quietly hashed as the
 * document: the person is told why it could not be read, and decides.
 */
import { readClaimText, MAX_CLAIM_FILE_BYTES, type HeldClaim } from './claim';

/** A receipt's format named in JSON text: the file says it is a receipt, however damaged the rest is. */
const RECEIPT_FORMAT_TEXT = /"format"\s*:\s*"zap1-receipt\//;
/** How much of a file not named .json is read to see whether it says it is a receipt. */
const SNIFF_BYTES = 64 * 1024;

export interface SortedDrop {
  /** The first receipt or bundle that reads. */
  claim: HeldClaim | null;
  /** The file to hash and check against the claim. */
  document: File | null;
  /**
   * Files that say they are a receipt (their JSON names the receipt format) but cannot be read:
   * not taken as the document, which they almost surely are not, unless the person says so.
   */
  damaged: { file: File; message: string }[];
  /**
   * Why the document, a .json file, is not a readable receipt: when no receipt came with it, it may
   * be a damaged receipt as much as a JSON contract, so the page says which it was taken for.
   */
  documentUnread: string | null;
  /** What went wrong or was set aside, naming the files (untrusted text: shown with visibleText). */
  problems: string[];
}

interface Read {
  file: File;
  /** The file's text, when it may be a claim (a .json name, or JSON naming the receipt format). */
  text: string | null;
}

async function readIfClaim(file: File): Promise<Read> {
  if (file.size === 0 || file.size > MAX_CLAIM_FILE_BYTES) return { file, text: null };
  if (/\.json$/i.test(file.name)) return { file, text: await file.text() };
  // A receipt saved under another name is still a receipt: its opening says so.
  const head = await file.slice(0, SNIFF_BYTES).text();
  if (!RECEIPT_FORMAT_TEXT.test(head)) return { file, text: null };
  return { file, text: file.size > SNIFF_BYTES ? await file.text() : head };
}

/**
 * The first file that reads as a receipt or bundle is the claim; the first other file is the
 * document, a file that is neither (not a .json that failed to read) before one that is.
 */
export async function sortDroppedFiles(files: readonly File[]): Promise<SortedDrop> {
  const sorted: SortedDrop = { claim: null, document: null, damaged: [], documentUnread: null, problems: [] };
  const extraClaims: string[] = [];
  const documents: File[] = [];
  /** .json files that are no receipt or bundle: a JSON contract, or a receipt too damaged to say so. */
  const unread: { file: File; message: string }[] = [];
  for (const file of files) {
    let read: Read;
    try {
      read = await readIfClaim(file);
    } catch {
      sorted.problems.push(`${file.name} could not be read.`);
      continue;
    }
    if (read.text === null) {
      documents.push(file);
      continue;
    }
    const reading = readClaimText(read.text, `the file ${file.name}`);
    if (reading.ok) {
      if (sorted.claim === null) sorted.claim = { ...reading.claim, fileName: file.name };
      else extraClaims.push(file.name);
    } else if (RECEIPT_FORMAT_TEXT.test(read.text)) {
      sorted.damaged.push({ file, message: reading.message });
    } else {
      unread.push({ file, message: reading.message });
    }
  }
  const firstUnread = unread[0];
  if (documents.length === 0 && firstUnread) {
    documents.push(firstUnread.file);
    sorted.documentUnread = firstUnread.message;
    unread.shift();
  }
  for (const { file, message } of unread) sorted.problems.push(`${file.name}: ${message}`);
  sorted.document = documents[0] ?? null;
  if (documents.length > 1) {
    const rest = documents.slice(1).map((file) => file.name);
    sorted.problems.push(
      `One document is checked at a time: ${sorted.document?.name} is used; ${rest.join(', ')} ${rest.length > 1 ? 'are' : 'is'} set aside.`,
    );
  }
  if (sorted.claim && extraClaims.length > 0) {
    const name = sorted.claim.fileName;
    sorted.problems.push(
      `One receipt or bundle is checked at a time: ${name} is used; ${extraClaims.join(', ')} ${extraClaims.length > 1 ? 'are' : 'is'} set aside, not taken as the document (drop ${extraClaims.length > 1 ? 'each' : 'it'} on its own to check it).`,
    );
  }
  return sorted;
}
