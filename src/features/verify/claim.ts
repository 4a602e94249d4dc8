/**
 * What the Verify page holds and how it names it: a receipt or a bare proof bundle read from a
 * file or pasted, the service to ask about it, the link that shares a verification, and the words
 * and colours of each verdict. The verifying itself is zap1's `verifyClaim`.
 */
import { base64urlnopad } from '@scure/base';
import {
  isHex64,
  isRecord,
  looksLikeReceipt,
  parseReceipt,
  receiptServiceUrl,
  serviceBaseUrl,
  type Receipt,
  type ServiceTrust,
  type Verdict,
} from 'zap1';
import { parseBundleText } from './verdict';
import { verifyLeafPath } from '../../app/paths';

export type HeldClaim = (
  { kind: 'receipt'; receipt: Receipt; label: string } | { kind: 'bundle'; bundle: unknown; label: string }
) & {
  /** The name of the file it was read from, when it was a file (shown in the drop zone's slot). */
  fileName?: string;
  /** It came in a shared link's fragment (`#receipt=`), not from the person's own files. */
  fromLink?: boolean;
};

export type ClaimReading = { ok: true; claim: HeldClaim } | { ok: false; message: string };

/** Receipts and bundles are a few KB; a larger file is the document itself, not a claim about it. */
export const MAX_CLAIM_FILE_BYTES = 5 * 1024 * 1024;

/** Whether a parsed JSON value has the shape of a proof bundle (its leaf and its root or proof). */
export function looksLikeBundle(value: unknown): boolean {
  return isRecord(value) && 'leaf' in value && ('root' in value || 'proof' in value);
}

/** Reads pasted or file text as a receipt or a bundle; the message says what is wrong in plain words. */
export function readClaimText(text: string, label: string): ClaimReading {
  const parsed = parseBundleText(text);
  if (!parsed.ok) return parsed;
  const value = parsed.bundle;
  if (looksLikeReceipt(value)) {
    const parsed = parseReceipt(value);
    return parsed.ok
      ? { ok: true, claim: { kind: 'receipt', receipt: parsed.receipt, label } }
      : { ok: false, message: `This receipt cannot be read: ${parsed.error}.` };
  }
  if (looksLikeBundle(value)) return { ok: true, claim: { kind: 'bundle', bundle: value, label } };
  return {
    ok: false,
    message: 'This JSON is neither a ZAP1 receipt ("format": "zap1-receipt/1") nor a proof bundle.',
  };
}

/** The leaf a claim is about, when it names one. */
export function claimLeaf(claim: HeldClaim): string | null {
  if (claim.kind === 'receipt') return claim.receipt.leaf_hash;
  const leaf = isRecord(claim.bundle) ? claim.bundle['leaf'] : null;
  const hash = isRecord(leaf) ? leaf['hash'] : null;
  return isHex64(hash) ? hash : null;
}

/** An absolute service URL: the app's configured one ('' is this site) made absolute. */
export function absoluteServiceUrl(configured: string, origin: string): string {
  return configured === '' ? origin : configured.replace(/\/+$/, '');
}

/**
 * The service a verification may ask, and whose choice it is:
 * - `chosen`: the service the person uses (Settings; a receipt or link naming that same service
 *   changes nothing), whose history may confirm a block;
 * - `named`: one only a receipt or a link names. It is asked only once the person agrees, and its
 *   word is quoted, never relied on: a forged receipt names its forger's "service";
 * - `none`: a receipt naming no http(s) service, checked with none.
 */
export type ServiceToAsk =
  | { kind: 'chosen'; url: string }
  | { kind: 'named'; url: string; by: 'receipt' | 'link' }
  | { kind: 'none'; problem: string };

/** The same service, however its address was written (a trailing slash, the case of the host). */
function sameService(a: string, b: string): boolean {
  return serviceBaseUrl(a) !== null && serviceBaseUrl(a) === serviceBaseUrl(b);
}

/**
 * The service a verification is about: the one a receipt names, else the one the link names
 * (`?service=`), else the app's own; `chosen` only when it is the one the person uses.
 */
export function serviceToAsk(
  claim: HeldClaim | null,
  linked: string | null,
  configured: string,
): ServiceToAsk {
  if (claim?.kind === 'receipt') {
    const named = receiptServiceUrl(claim.receipt);
    if (!named.ok) return { kind: 'none', problem: named.problem };
    return sameService(named.url, configured)
      ? { kind: 'chosen', url: configured }
      : { kind: 'named', url: named.url, by: 'receipt' };
  }
  if (linked === null || sameService(linked, configured)) return { kind: 'chosen', url: configured };
  return { kind: 'named', url: linked, by: 'link' };
}

/** The host a person knows a service by ("zap1.example"), for a question about asking it. */
export function serviceHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Reads `?service=`: an http(s) URL without query or fragment, else null (and the reason). */
export function parseServiceParam(value: string | null): { url: string | null; problem: string | null } {
  if (value === null || value.trim() === '') return { url: null, problem: null };
  const url = serviceBaseUrl(value);
  return url !== null
    ? { url, problem: null }
    : { url: null, problem: `The link names the service "${value}", which is not an http(s) address.` };
}

/** What a shared link may carry besides the leaf: the document's SHA-256, and the receipt itself. */
export interface LinkExtras {
  /** The document's SHA-256 (`?sha256=`): the colleague is asked for the document with this hash. */
  sha256?: string | null;
  /** The receipt, in the fragment (`#receipt=`): browsers never send a fragment to any server. */
  receipt?: Receipt | null;
}

/** The name of the fragment parameter that carries a receipt. */
const RECEIPT_FRAGMENT = 'receipt';

/** A receipt as a fragment value: its JSON, UTF-8, in unpadded base64url (no escaping needed). */
export function encodeReceiptFragment(receipt: Receipt): string {
  return `${RECEIPT_FRAGMENT}=${base64urlnopad.encode(new TextEncoder().encode(JSON.stringify(receipt)))}`;
}

/**
 * The receipt a link's fragment carries (`#receipt=…`), read as untrusted JSON like any dropped
 * receipt; null when the fragment carries none, a message when it carries one that cannot be read.
 */
export function readReceiptFragment(hash: string): ClaimReading | null {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const value = fragment.get(RECEIPT_FRAGMENT);
  if (value === null) return null;
  // A receipt is a few KB: a fragment of megabytes is no receipt, and is not decoded.
  if (value.length > (MAX_CLAIM_FILE_BYTES * 4) / 3) {
    return {
      ok: false,
      message: 'The receipt in this link is too large to be a receipt, so it is not used.',
    };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(base64urlnopad.decode(value.trim()));
  } catch {
    return {
      ok: false,
      message: 'The receipt in this link is damaged (it is not base64url text): ask for the link again.',
    };
  }
  const reading = readClaimText(text, 'the receipt in the link');
  if (!reading.ok)
    return { ok: false, message: `The receipt in this link cannot be used. ${reading.message}` };
  if (reading.claim.kind !== 'receipt') {
    return {
      ok: false,
      message: 'The link carries a proof bundle where a receipt belongs: ask for the link again.',
    };
  }
  return { ok: true, claim: { ...reading.claim, fromLink: true } };
}

/** Reads `?sha256=`: a document's SHA-256 (64 hex, any case), else null. */
export function parseSha256Param(value: string | null): string | null {
  const hex = value?.trim().toLowerCase() ?? '';
  return isHex64(hex) ? hex : null;
}

/**
 * The link that verifies a leaf again, anywhere: this app's Verify page with the leaf, and the
 * service when it is not this app's own; with `extras`, the document's SHA-256 and the receipt.
 */
export function verifyLink(
  appOrigin: string,
  leafHex: string,
  serviceUrl: string,
  extras: LinkExtras = {},
): string {
  const path = verifyLeafPath(leafHex, serviceUrl === appOrigin ? undefined : serviceUrl);
  const sha = extras.sha256 ? `&sha256=${extras.sha256}` : '';
  const fragment = extras.receipt ? `#${encodeReceiptFragment(extras.receipt)}` : '';
  return `${appOrigin}/app${path}${sha}${fragment}`;
}

/**
 * A receipt small enough for a QR code: without its proof and chain evidence, which the colleague's
 * browser fetches from the service and checks itself (a QR code holds about 2 KB at most).
 */
export function compactReceipt(receipt: Receipt): Receipt {
  const { chain_evidence: _evidence, ...rest } = receipt;
  return { ...rest, proof: null };
}

/** The longest link put in a QR code: beyond this it is too dense to scan from a screen or a sheet. */
export const MAX_QR_LINK_CHARS = 1200;

export interface VerdictLook {
  headline: string;
  /** `good` is green and only for `anchored`; `wait` amber; `bad` red. */
  tone: 'good' | 'wait' | 'bad';
  /** What happens next, or what to do, in one sentence. */
  next: string;
}

/**
 * `service` names the service asked, or is null when none was (a receipt naming no usable one).
 * `chain` says what chain evidence settled: `confirmed` when its bytes held and a source named its
 * block, `open` when they held and only the block's height is left to compare, `none` otherwise.
 * `proofChecked` is false when there was no proof at all to check (a receipt made before its
 * anchor, and no proof from the service).
 */
export function verdictLook(
  verdict: Verdict,
  serviceAsked: string | null,
  chain: 'none' | 'confirmed' | 'open' = 'none',
  proofChecked = true,
  trust: ServiceTrust | null = 'chosen',
): VerdictLook {
  const service = serviceAsked ?? 'the service';
  // A service only the receipt or link named was asked with consent: its word is quoted, never relied on.
  const quoted = serviceAsked !== null && trust !== null && trust !== 'chosen';
  switch (verdict) {
    case 'anchored':
      return {
        headline: '✓ Anchored',
        tone: 'good',
        next:
          chain === 'confirmed'
            ? 'The leaf is in a root written in a Zcash transaction whose bytes, memo and block were checked here, on the chain\'s own bytes (under "The receipt and its anchor").'
            : `The leaf is in a root that ${service}, the service you use, anchored, as its anchor history says (the transaction is under "The receipt and its anchor").`,
      };
    case 'pending':
      return {
        headline: 'Pending: not anchored yet',
        tone: 'wait',
        next:
          serviceAsked === null
            ? 'No anchor is named, and the receipt names no service to ask whether one has been made since. Ask its issuer for the completed receipt.'
            : !proofChecked
              ? `There is no proof to check yet: the receipt holds none, and ${service} gave none. Check again later, and keep the completed receipt once its leaf is anchored.`
              : `The proof holds, but ${service} has not anchored its root yet. Anchoring runs on its own; check again later, and keep the completed receipt then.`,
      };
    case 'unconfirmed':
      return chain === 'open'
        ? {
            headline: 'Unconfirmed: one fact left to compare',
            tone: 'wait',
            next: `The proof holds, and so do the chain's bytes.${quoted ? ` ${service}, named by the ${trust}, was asked, and its word confirms nothing.` : ''} One fact is left: compare the block's hash.`,
          }
        : quoted
          ? {
              headline: 'Unconfirmed: only the named service vouches for it',
              tone: 'wait',
              next: `The proof holds, and ${service}, named by the ${trust}, says the anchor is real: its word alone, which confirms nothing. Check the transaction on chain yourself, or verify with the service you use.`,
            }
          : {
              headline: 'Unconfirmed: the anchor could not be checked',
              tone: 'wait',
              next:
                serviceAsked === null
                  ? 'The proof holds, but the receipt names no service that could confirm the anchor it claims. Check the transaction on chain yourself, or ask its issuer for a receipt that names their service.'
                  : 'The proof holds, but no service could confirm the anchor it claims. Try again when the service is reachable, or check the transaction on chain yourself.',
            };
    case 'invalid':
      return {
        headline: '✗ Invalid',
        tone: 'bad',
        next: 'Do not rely on this proof: the check that failed is named above and under "What was checked".',
      };
  }
}
