/**
 * A receipt read as a document by a person who opens it in a text editor: it opens with a short
 * summary in plain words (what was recorded, when it was anchored, where to check it), the command
 * that checks it, and a guide to its fields. None of these prove anything and none is read back:
 * they are written from the receipt's own fields each time it is made or completed.
 */
import { parseBlockHeader } from '../chain/block.js';
import { networkName } from '../evidence/chain-evidence.js';
import { isRecord } from '../protocol/guards.js';
import { heightWords } from '../protocol/number-words.js';
import type { Receipt } from './receipt.js';

/** What each part of a receipt is, for whoever reads the JSON. */
export const RECEIPT_FIELD_GUIDE: Readonly<Record<string, string>> = {
  summary: 'These words, for people. They prove nothing: the checks below do.',
  verify_command: 'A command that checks this receipt on your own machine (Node 20 or later).',
  created_at: 'When this receipt was written or last completed.',
  service: 'The ZAP1 service that recorded the event, and the network it anchors on. Stated, not proven.',
  event:
    "The event as submitted. Its leaf commits to the event type and its type's fields; anything else here is the receipt's statement.",
  leaf_hash: "The event's ZAP1 leaf: BLAKE2b-256 of its fields, a leaf of the service's Merkle tree.",
  file: "The document's name and size as the browser saw them. Stated, not proven; its SHA-256 is in the event.",
  proof:
    "The service's proof bundle: the leaf's path to an anchored root. Its \"version\" is the bundle format's (2), not the protocol's (ZAP1 3.0.0).",
  chain_evidence:
    'The anchoring Zcash transaction, its block header, the branches between them and the viewing key that reads its memo: checkable with no service. One fact stays to compare: the block hash at its height.',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number): string => String(n).padStart(2, '0');

/** "29 Nov 2026, 01:33:50 UTC": the one date form of a receipt, whatever machine wrote it. */
export function utcDateWords(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC`;
}

/** Characters no file system accepts in a name, control characters, and invisible format characters. */
const UNSAFE_IN_FILE_NAME = /[\\/:*?"<>|\p{Cc}\p{Cf}]/gu;

/** A document's name made safe to save under: unsafe characters become `_`, no leading dots. */
export function safeFileNameBase(name: string): string {
  return name
    .replace(UNSAFE_IN_FILE_NAME, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 150);
}

/** The anchor a receipt's proof names (its transaction and height), or null for a pending receipt. */
export function receiptAnchor(
  receipt: Pick<Receipt, 'proof'>,
): { txid: string; height: number | null } | null {
  const anchor = isRecord(receipt.proof) ? receipt.proof['anchor'] : null;
  if (!isRecord(anchor) || typeof anchor['txid'] !== 'string') return null;
  const height = anchor['height'];
  return { txid: anchor['txid'], height: typeof height === 'number' ? height : null };
}

/**
 * The one name a receipt file gets, wherever it is saved: its document's name, else (a pasted
 * digest) its leaf, then `.zap1.json` once anchored and `.pending.zap1.json` before, so a folder of
 * receipts says which still need completing.
 */
export function receiptFileNameFor(
  document: { fileName: string | null; leafHex: string },
  anchored: boolean,
): string {
  const base =
    (document.fileName !== null && safeFileNameBase(document.fileName)) ||
    `leaf-${document.leafHex.slice(0, 12)}`;
  return `${base}${anchored ? '' : '.pending'}.zap1.json`;
}

/** A receipt's file name (receiptFileNameFor), read from the receipt itself. */
export function receiptFileName(receipt: Pick<Receipt, 'file' | 'leaf_hash' | 'proof'>): string {
  return receiptFileNameFor(
    { fileName: receipt.file?.name ?? null, leafHex: receipt.leaf_hash },
    receiptAnchor(receipt) !== null,
  );
}

/** `text` as one shell word, quoted so that nothing in it is read by the shell. */
const shellWord = (text: string): string =>
  /^[\w./:@-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;

/** The command that checks `receipt` on one's own machine, against the service that recorded it. */
export function receiptVerifyCommand(receipt: Receipt): string {
  const parts = ['npx -p zap1 zap1-verify', shellWord(receiptFileName(receipt))];
  if (receipt.file) parts.push(shellWord(receipt.file.name));
  if (/^https?:\/\//.test(receipt.service.url)) parts.push('--service', shellWord(receipt.service.url));
  return parts.join(' ');
}

/** The receipt's summary: what was recorded, where, and when it was anchored (or that it is not yet). */
export function receiptSummary(receipt: Receipt): string {
  const sha = receipt.event['contract_sha256'];
  const what = receipt.file
    ? `${receipt.file.name}${typeof sha === 'string' ? ` (SHA-256 ${sha})` : ''}`
    : `A ${String(receipt.event['event_type'])} event`;
  const network = receipt.service.network === null ? null : networkName(receipt.service.network);
  const where =
    network === 'devnet'
      ? 'on devnet (a development chain, not a public blockchain)'
      : network === null
        ? ''
        : `on ${network}`;
  const recorded = `${what} was recorded by ${receipt.service.url}${where ? ` ${where}` : ''} as leaf ${receipt.leaf_hash}.`;
  const anchor = receiptAnchor(receipt);
  if (anchor === null) {
    return `${recorded} It was not anchored yet when this receipt was written: verify it later against that service to complete it.`;
  }
  let mined = '';
  const evidence = receipt.chain_evidence;
  if (evidence && evidence.txid === anchor.txid) {
    try {
      mined = `, mined ${utcDateWords(parseBlockHeader(evidence.block_header).time)}`;
    } catch {
      // A header that does not read has no time to give; the checks will say so.
    }
  }
  const block = anchor.height === null ? '' : ` in block ${heightWords(anchor.height)}`;
  return `${recorded} Its root was anchored in Zcash transaction ${anchor.txid}${block}${mined}. To check it, drop this receipt and the document on the Verify page of a ZAP1 app, or run the verify_command${evidence ? ', and compare the block hash at that height with an explorer or your own node' : ''}.`;
}

/**
 * The receipt as it is written to a file: `format`, then the summary, the command and the receipt's
 * own fields, then the guide to them. Earlier copies of the three are replaced, never kept.
 */
export function asReceiptDocument(receipt: Receipt): Receipt {
  const { summary: _s, verify_command: _v, about: _a, format, ...fields } = receipt;
  return {
    format,
    summary: receiptSummary(receipt),
    verify_command: receiptVerifyCommand(receipt),
    ...fields,
    about: { ...RECEIPT_FIELD_GUIDE },
  };
}
