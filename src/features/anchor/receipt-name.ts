/**
 * A receipt is named after its document and its state: `contract.pdf.zap1.json` once anchored,
 * `contract.pdf.pending.zap1.json` before, so a folder of receipts says which still need completing.
 */

/** Characters no file system accepts in a name, control characters, and invisible format characters (bidi overrides). */
const UNSAFE_IN_FILE_NAME = /[\\/:*?"<>|\p{Cc}\p{Cf}]/gu;
const MAX_BASE_LENGTH = 150;

/** The document's name made safe to save under: unsafe characters become `_`, no leading dots. */
export function safeFileNameBase(name: string): string {
  return name
    .replace(UNSAFE_IN_FILE_NAME, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, MAX_BASE_LENGTH);
}

/**
 * The one name a receipt file gets, wherever it is saved (a submission's receipt on the Anchor page,
 * a completed receipt on the Verify page): its document's name, else (a pasted digest) its leaf.
 */
export function receiptFileNameFor(
  submission: { fileName: string | null; leafHex: string },
  anchored: boolean,
): string {
  const base =
    (submission.fileName !== null && safeFileNameBase(submission.fileName)) ||
    `leaf-${submission.leafHex.slice(0, 12)}`;
  return `${base}${anchored ? '' : '.pending'}.zap1.json`;
}
