/**
 * What a verification says about the document itself, the network it is on and the time the leaf
 * existed by: the three facts an auditor reads first. A receipt checked without its document must
 * not read like a checked document, so the document has a status of its own: matched (hashed here),
 * not provided, mismatch, outside the proof, or not part of this kind of claim.
 */
import {
  networkName as chainNetworkName,
  receiptCommitsToFile,
  visibleText,
  type ClaimOutcome,
  type Receipt,
  type VerdictCheck,
} from 'zap1';
import { formatDateTime } from '../../components/time-format';
import { formatNumber } from '../../components/number-words';
import { evidenceView } from './evidence-view';
import { eventProven } from './receipt-rows';

/** Where the document's expected SHA-256 comes from: a receipt's proven event, or a shared link's word. */
export type DocumentBasis = 'receipt' | 'link';

/**
 * How the document given was read: hashed here just now, or `restored`, its digest kept from earlier
 * in this tab (verify-draft.ts) and the file not read again, which is said wherever it is judged.
 */
export const hashedWhere = (restored: boolean): string =>
  restored ? 'hashed earlier in this tab (not read again)' : 'hashed here';

export type DocumentStatus =
  /** Hashed (here, or `restored`), and its SHA-256 is the one expected. */
  | { kind: 'matched'; name: string; sha256Hex: string; basis: DocumentBasis; restored: boolean }
  /** Hashed (here, or `restored`), and its SHA-256 is not the one expected. */
  | {
      kind: 'mismatch';
      name: string;
      expected: string;
      actual: string;
      basis: DocumentBasis;
      restored: boolean;
    }
  /** A document is expected, and none was given: only the receipt was checked. */
  | { kind: 'not-provided'; statedName: string | null; expected: string; basis: DocumentBasis }
  /** A document was given, but the leaf commits to no file hash: nothing about it was checked. */
  | { kind: 'outside'; name: string }
  /**
   * A document was given, but there is no proven hash to compare it with: a bare bundle names no
   * document, and a receipt whose event failed its check names a contract hash its leaf does not prove.
   */
  | { kind: 'unchecked'; name: string; reason: 'bundle' | 'unproven-receipt'; restored: boolean }
  /** Nothing about a document: a leaf or a bundle alone, or a receipt of a kind that names no file. */
  | { kind: 'none' };

const fileCheck = (checks: readonly VerdictCheck[]): VerdictCheck | undefined =>
  checks.find((check) => check.name === 'file');

/** The SHA-256 a receipt's event names for its document, when its type commits to one. */
export function expectedDocumentHash(receipt: Receipt): string | null {
  const named = receipt.event['contract_sha256'];
  return receiptCommitsToFile(receipt) && typeof named === 'string' ? named : null;
}

/**
 * The document's status. `file` is the document hashed (here, or `restored`), if any; `bundle` says a bare proof
 * bundle is held; `linked` the SHA-256 a shared link carries (`?sha256=`), used only when nothing
 * (no receipt, no bundle) is held to check the document against.
 */
export function documentStatus(input: {
  receipt: Receipt | null;
  bundle?: boolean;
  checks: readonly VerdictCheck[];
  file: { name: string; sha256Hex: string; restored?: boolean } | null;
  linkedSha256?: string | null;
}): DocumentStatus {
  const { receipt, checks, file } = input;
  const linked = input.linkedSha256 ?? null;
  const restored = file?.restored === true;
  if (receipt) {
    const expected = expectedDocumentHash(receipt);
    const check = fileCheck(checks);
    if (file && check) {
      if (check.status === 'unknown' || expected === null) return { kind: 'outside', name: file.name };
      // A forger can set contract_sha256 to their own file's hash: it is compared only once the leaf proves it.
      if (!eventProven(checks)) {
        return { kind: 'unchecked', name: file.name, reason: 'unproven-receipt', restored };
      }
      return check.status === 'pass'
        ? { kind: 'matched', name: file.name, sha256Hex: file.sha256Hex, basis: 'receipt', restored }
        : { kind: 'mismatch', name: file.name, expected, actual: file.sha256Hex, basis: 'receipt', restored };
    }
    if (expected !== null) {
      return { kind: 'not-provided', statedName: receipt.file?.name ?? null, expected, basis: 'receipt' };
    }
    return { kind: 'none' };
  }
  // A bare bundle names no document: nothing was compared, so neither matched nor mismatch.
  if (input.bundle) {
    return file ? { kind: 'unchecked', name: file.name, reason: 'bundle', restored } : { kind: 'none' };
  }
  if (linked !== null) {
    if (!file) return { kind: 'not-provided', statedName: null, expected: linked, basis: 'link' };
    return file.sha256Hex === linked
      ? { kind: 'matched', name: file.name, sha256Hex: file.sha256Hex, basis: 'link', restored }
      : {
          kind: 'mismatch',
          name: file.name,
          expected: linked,
          actual: file.sha256Hex,
          basis: 'link',
          restored,
        };
  }
  if (file) return { kind: 'outside', name: file.name };
  return { kind: 'none' };
}

/** The status in one short phrase, for the certificate and screen readers. */
export function documentStatusWords(status: DocumentStatus): string {
  switch (status.kind) {
    case 'matched':
      // Whether the leaf is anchored is the verdict's to say: a pending leaf's document is matched all the same.
      return status.basis === 'receipt'
        ? `matched: ${visibleText(status.name)} was ${hashedWhere(status.restored)}, and its SHA-256 is the contract hash the leaf commits to`
        : `matched: ${visibleText(status.name)} was ${hashedWhere(status.restored)} and has the SHA-256 the link gives`;
    case 'mismatch':
      // Named with its own hash, beside the expected one: what was compared, so the mistake can be found.
      return `does not match: ${visibleText(status.name)} (${hashedWhere(status.restored)}, SHA-256 ${status.actual}) is not the expected document (SHA-256 ${status.expected})`;
    case 'not-provided':
      return 'not provided: only the receipt was checked, not the document';
    case 'unchecked':
      return status.reason === 'bundle'
        ? 'not checked: a bare proof bundle names no document, so the file given was compared with nothing'
        : "not checked: the receipt's event failed its check, so the contract hash it names is not proven and the file given was not matched against the leaf";
    case 'outside':
      return 'not part of this proof: the leaf commits to no file, so the file given was not checked';
    case 'none':
      return 'none: this proof is about a leaf, not a document';
  }
}

export type NetworkSource = 'chain evidence' | 'service' | 'receipt';

/**
 * The network the anchor is on, and whose word that is: the chain evidence's (when its bytes held
 * up), else the service's (`/protocol/info`), else the receipt's own statement.
 */
export function anchorNetwork(
  outcome: ClaimOutcome,
  serviceNetwork: string | null | undefined,
  receipt: Receipt | null,
): { name: string; source: NetworkSource } | null {
  const chain = evidenceView(outcome);
  if (chain?.holds) return { name: chainNetworkName(chain.evidence.network), source: 'chain evidence' };
  if (serviceNetwork) return { name: chainNetworkName(serviceNetwork), source: 'service' };
  if (receipt?.service.network) return { name: chainNetworkName(receipt.service.network), source: 'receipt' };
  return null;
}

/** "block 4,000,022": heights are written with the thousands marked, as explorers show them. */
export function blockWords(height: number): string {
  return `block ${formatNumber(height)}`;
}

/**
 * The verdict's headline, under its mark ("✓ Anchored"). An anchored document that was hashed here
 * and matched is the whole claim: "contract.pdf existed by 26 Nov 2026, 05:57:39 UTC (block
 * 4,000,022)". Anything less (the receipt alone, a leaf, a bundle) says only that the leaf existed
 * by then; a document that does not match says so (the receipt's document, whether or not it is
 * anchored yet). Null when there is nothing to add to the mark.
 */
export function verdictHeadline(input: {
  verdict: ClaimOutcome['judgement']['verdict'];
  document: DocumentStatus;
  height: number | null;
  blockTime: number | null;
  locale?: string;
}): string | null {
  const { verdict, document, height, blockTime } = input;
  // A document that is not the one expected is the news, whatever the leaf's verdict.
  if (document.kind === 'mismatch') {
    return `${visibleText(document.name)} is not the ${document.basis === 'link' ? 'shared' : 'receipt’s'} document`;
  }
  if (verdict !== 'anchored') return null;
  const when = blockTime === null ? null : formatDateTime(new Date(blockTime * 1000), input.locale);
  const block = height === null ? null : blockWords(height);
  const by = when ? `by ${when}${block ? ` (${block})` : ''}` : block ? `by ${block}` : null;
  if (document.kind === 'matched' && document.basis === 'receipt') {
    // A digest kept from earlier in this tab is named as such: the file itself was not read again.
    const name = `${visibleText(document.name)}${document.restored ? `, ${hashedWhere(true)},` : ''}`;
    return by ? `${name} existed ${by}` : `${name} is anchored`;
  }
  return by ? `The leaf existed ${by}` : null;
}
