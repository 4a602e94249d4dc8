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
  | { kind: 'none'; message: string }
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

export async function resolveSearch(raw: string, probes: SearchProbes): Promise<SearchOutcome> {
  const { text, isHash } = normaliseQuery(raw);
  if (text === '')
    return { kind: 'invalid', message: 'Type a leaf hash, a transaction id or a wallet pseudonym.' };
  if (!isHash && !isWalletPseudonym(text)) {
    return {
      kind: 'invalid',
      message:
        'Not a 64-character hex hash, and not a wallet pseudonym (1-128 letters, digits, underscore or hyphen).',
    };
  }

  if (!isHash) {
    const wallet = await probes.wallet(text);
    if (wallet === 'none') return { kind: 'none', message: `No events are recorded for wallet "${text}".` };
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
      kind: 'none',
      message: 'No leaf, anchor transaction, anchored root or wallet has this value on this service.',
    };
  }
  return { kind: 'matches', matches };
}

function walletMatch(wallet: string): SearchMatch {
  return { kind: 'wallet', to: walletPath(wallet), label: 'A wallet’s timeline' };
}
