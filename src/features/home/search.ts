/**
 * The global search (docs/architecture.md "The app, details"): a 64-hex value is tried as a leaf, then a txid
 * (also an anchored root), then a wallet, with a chooser when several match; any other valid wallet
 * pseudonym is tried as a wallet. The network look-ups are injected so the order and outcomes are
 * tested without a service.
 */
import { leafPath, rootPath, walletPath } from '../../app/paths';

export type SearchMatchKind = 'leaf' | 'txid' | 'root' | 'wallet';

export interface SearchMatch {
  kind: SearchMatchKind;
  /** App path to go to. */
  to: string;
  /** What the match is, in words. */
  label: string;
}

export type SearchOutcome =
  | { kind: 'invalid'; message: string }
  /** `fileMaybe`: the value may be a file's name too, so the page offers to hash the file. */
  | { kind: 'none'; message: string; fileMaybe?: boolean }
  /**
   * A whole 64-hex value that matches nothing: most often a file's SHA-256 (what `sha256sum`
   * prints), which is never a leaf by itself; the page offers to compute the leaf from it.
   */
  | { kind: 'unmatched-hash'; hashHex: string; message: string }
  /**
   * A file's name ("contract.pdf"): the service never sees names, only a file's SHA-256; the page
   * offers to hash the file here and look up its leaf.
   */
  | { kind: 'file-name'; fileName: string; message: string }
  | { kind: 'matches'; matches: SearchMatch[] };

/** What a wallet look-up found; `unknown` when the service requires a key for lifecycles. */
export type WalletProbe = 'found' | 'none' | 'unknown';

export interface SearchProbes {
  isLeaf(leafHex: string): Promise<boolean>;
  /** The anchored root whose transaction is `txid`, or null. */
  rootOfTxid(txid: string): Promise<string | null>;
  isAnchoredRoot(rootHex: string): Promise<boolean>;
  wallet(wallet: string): Promise<WalletProbe>;
}

const WALLET_RE = /^[A-Za-z0-9_-]{1,128}$/;

/** Whether `value` may be a wallet pseudonym (1-128 ASCII letters, digits, `_` or `-`, as POST /event requires). */
export function isWalletPseudonym(value: string): boolean {
  return WALLET_RE.test(value);
}

/** Trims the query; a 64-hex value is lowercased, as the service stores hashes lowercase. */
export function normaliseQuery(raw: string): { text: string; isHash: boolean } {
  const text = raw.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return { text: text.toLowerCase(), isHash: true };
  return { text, isHash: false };
}

/** What a query that is not a whole hash looks like, to say why it found nothing. */
export type QueryShape = 'hash' | 'leaf-prefix' | 'wallet-or-serial' | 'file-name' | 'serial';

/** A name ending in a file extension ("contract.pdf", "Lease 2026.docx"): a letter, then up to four more. */
const FILE_NAME_RE = /^[^/\\]+\.[A-Za-z][A-Za-z0-9]{1,4}$/;

/**
 * A whole 64-hex hash; the start of one (8 to 63 hex digits: someone copied a shortened hash); a
 * value that may be a wallet pseudonym or a serial number (the same characters are allowed in
 * both); or one that only a serial number may be (spaces, dots, slashes, or longer than 128).
 */
export function queryShape(text: string): QueryShape {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return 'hash';
  if (/^[0-9a-fA-F]{8,63}$/.test(text)) return 'leaf-prefix';
  if (isWalletPseudonym(text)) return 'wallet-or-serial';
  return FILE_NAME_RE.test(text) ? 'file-name' : 'serial';
}

const NO_SERIAL_SEARCH =
  'The service looks events up by leaf hash, transaction id or wallet pseudonym, not by serial number: open the timeline of the wallet that recorded it, or the Leaf page with its leaf hash.';

export async function resolveSearch(raw: string, probes: SearchProbes): Promise<SearchOutcome> {
  const { text, isHash } = normaliseQuery(raw);
  if (text === '')
    return { kind: 'invalid', message: 'Type a leaf hash, a transaction id or a wallet pseudonym.' };
  const shape = queryShape(text);
  if (shape === 'file-name') {
    // Asking the service would only mislead ("no wallet of that name"): it never sees file names.
    return {
      kind: 'file-name',
      fileName: text,
      message: `“${text}” looks like a file’s name. The service never sees file names: it knows a file only by its SHA-256, computed in your browser (the file is never uploaded). Hash the file below to look up its leaf, or drop it with its receipt on the Verify page.`,
    };
  }
  if (shape === 'serial') {
    // Asking the service would only fail: no wallet can have this name.
    return {
      kind: 'none',
      message: `“${text}” looks like a serial number (a wallet pseudonym has only letters, digits, _ and -). ${NO_SERIAL_SEARCH}`,
    };
  }

  if (!isHash) {
    const wallet = await probes.wallet(text);
    if (wallet === 'none') {
      return {
        kind: 'none',
        message:
          shape === 'leaf-prefix'
            ? `No wallet is named “${text}”, and it is too short for a leaf hash: it looks like the start of one. Leaves are found by their whole hash (64 characters); copy it with its Copy button, or find the leaf on the Events page or in its wallet's timeline.`
            : `No events are recorded for wallet “${text}”. If it is a serial number: ${NO_SERIAL_SEARCH.replace(/^The/, 'the')} If it is a file’s name: the service never sees file names, only a file’s SHA-256; hash the file below.`,
        ...(shape === 'leaf-prefix' ? {} : { fileMaybe: true }),
      };
    }
    // With 'unknown' (a key is required) the wallet page explains that itself.
    return { kind: 'matches', matches: [walletMatch(text)] };
  }

  // Ask all at once; the order of the chooser is the order of the design: leaf, txid (root), wallet.
  const [leaf, txRoot, root, wallet] = await Promise.all([
    probes.isLeaf(text),
    probes.rootOfTxid(text),
    probes.isAnchoredRoot(text),
    probes.wallet(text),
  ]);
  const matches: SearchMatch[] = [];
  if (leaf) matches.push({ kind: 'leaf', to: leafPath(text), label: 'A leaf (an attested event)' });
  if (txRoot) matches.push({ kind: 'txid', to: rootPath(txRoot), label: 'An anchor transaction' });
  if (root) matches.push({ kind: 'root', to: rootPath(text), label: 'An anchored Merkle root' });
  if (wallet === 'found') matches.push(walletMatch(text));
  if (matches.length === 0) {
    return {
      kind: 'unmatched-hash',
      hashHex: text,
      message: 'No leaf, anchor transaction, anchored root or wallet has this value on this service.',
    };
  }
  return { kind: 'matches', matches };
}

function walletMatch(wallet: string): SearchMatch {
  return { kind: 'wallet', to: walletPath(wallet), label: 'A wallet’s timeline' };
}
