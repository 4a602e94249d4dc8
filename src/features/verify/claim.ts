/**
 * What the Verify page holds and how it names it: a receipt or a bare proof bundle read from a
 * file or pasted, the service to ask about it, the link that shares a verification, and the words
 * and colours of each verdict. The verifying itself is src/core's `verifyClaim`.
 */
import { isHex64, isRecord, looksLikeReceipt, parseReceipt, type Receipt, type Verdict } from '../../core';
import { parseBundleText } from './verdict';
import { verifyLeafPath } from '../../app/paths';

export type HeldClaim =
  { kind: 'receipt'; receipt: Receipt; label: string } | { kind: 'bundle'; bundle: unknown; label: string };

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

/**
 * Sorts dropped files: the first that reads as a receipt or bundle is the claim, the first other
 * file is the document to check against it. `readText` is the browser's `File.text`.
 */
export async function sortDroppedFiles(
  files: readonly File[],
): Promise<{ claim: HeldClaim | null; document: File | null; problems: string[] }> {
  let claim: HeldClaim | null = null;
  let document: File | null = null;
  const problems: string[] = [];
  for (const file of files) {
    const mayBeClaim = file.size <= MAX_CLAIM_FILE_BYTES && /\.json$/i.test(file.name);
    if (mayBeClaim && claim === null) {
      let text: string;
      try {
        text = await file.text();
      } catch {
        problems.push(`${file.name} could not be read.`);
        continue;
      }
      const reading = readClaimText(text, `the file ${file.name}`);
      if (reading.ok) {
        claim = reading.claim;
        continue;
      }
      // A .json contract is a document like any other when it is no receipt or bundle.
      if (document !== null) problems.push(`${file.name}: ${reading.message}`);
    }
    if (document === null) document = file;
  }
  return { claim, document, problems };
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
 * The service a verification asks: the one a receipt names, else the one the link names
 * (`?service=`), else the app's own.
 */
export function serviceToAsk(claim: HeldClaim | null, linked: string | null, configured: string): string {
  if (claim?.kind === 'receipt') return claim.receipt.service.url.replace(/\/+$/, '');
  return linked ?? configured;
}

/** Reads `?service=`: an http(s) URL without query or fragment, else null (and the reason). */
export function parseServiceParam(value: string | null): { url: string | null; problem: string | null } {
  if (value === null || value.trim() === '') return { url: null, problem: null };
  try {
    const url = new URL(value.trim());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash) {
      return { url: `${url.origin}${url.pathname}`.replace(/\/+$/, ''), problem: null };
    }
  } catch {
    // Falls through to the problem below.
  }
  return { url: null, problem: `The link names the service "${value}", which is not an http(s) address.` };
}

/**
 * The link that verifies a leaf again, anywhere: this app's Verify page with the leaf, and the
 * service when it is not this app's own.
 */
export function verifyLink(appOrigin: string, leafHex: string, serviceUrl: string): string {
  return `${appOrigin}/app${verifyLeafPath(leafHex, serviceUrl === appOrigin ? undefined : serviceUrl)}`;
}

export interface VerdictLook {
  headline: string;
  /** `good` is green and only for `anchored`; `wait` amber; `bad` red. */
  tone: 'good' | 'wait' | 'bad';
  /** What happens next, or what to do, in one sentence. */
  next: string;
}

/**
 * `chain` says what chain evidence settled: `confirmed` when its bytes held and a source named its
 * block, `open` when they held and only the block's height is left to compare, `none` otherwise.
 */
export function verdictLook(
  verdict: Verdict,
  service: string,
  chain: 'none' | 'confirmed' | 'open' = 'none',
): VerdictLook {
  switch (verdict) {
    case 'anchored':
      return {
        headline: '✓ Anchored',
        tone: 'good',
        next:
          chain === 'confirmed'
            ? "The leaf is in a root written in the transaction below: its bytes, its memo and its block were checked here, on the chain's own bytes."
            : `The leaf is in a root that ${service} anchored in the transaction below.`,
      };
    case 'pending':
      return {
        headline: 'Pending: not anchored yet',
        tone: 'wait',
        next: `The proof holds, but ${service} has not anchored its root yet. Anchoring runs on its own; check again later, and keep the completed receipt then.`,
      };
    case 'unconfirmed':
      return chain === 'open'
        ? {
            headline: 'Unconfirmed: one fact left to compare',
            tone: 'wait',
            next: "The proof holds, and so do the chain's bytes: the transaction, its memo and its block header. Compare the block hash at its height with an explorer or your own node, below.",
          }
        : {
            headline: 'Unconfirmed: the anchor could not be checked',
            tone: 'wait',
            next: 'The proof holds, but no service could confirm the anchor it claims. Try again when the service is reachable, or check the transaction on chain yourself.',
          };
    case 'invalid':
      return {
        headline: '✗ Invalid',
        tone: 'bad',
        next: 'Do not rely on this proof: the part named below failed.',
      };
  }
}

/** The file name a downloaded receipt gets: the leaf's first hex characters say which it is. */
export function receiptFileName(receipt: Receipt): string {
  return `zap1-receipt-${receipt.leaf_hash.slice(0, 12)}.json`;
}
