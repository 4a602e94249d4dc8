/**
 * The verify page's words: the verdict, what was checked here and what is still taken on trust.
 * The verifying itself is zap1's verifyProofBundle; this only presents its result.
 */
import { formatNumber } from '../../components/number-words';
import {
  LEGACY_ROOT_MAX_ANCHOR_HEIGHT,
  SCHEME_LEGACY,
  leafHash,
  visibleText,
  type BundleVerdict,
} from 'zap1';
import type { EvidenceView } from './evidence-view';

export type BundleSource = 'service' | 'pasted' | 'file';

export interface VerdictView {
  valid: boolean;
  headline: string;
  /** Why it is invalid, in plain words (a sentence); null when valid. */
  reason: string | null;
  checked: string[];
  trusted: string[];
}

function sentence(text: string): string {
  const trimmed = text.trim();
  // Field names (contract_sha256) keep their case; ordinary first words are capitalised.
  const firstWord = trimmed.split(/\s/, 1)[0] ?? '';
  const capital = /^[a-z]+$/.test(firstWord) ? trimmed.charAt(0).toUpperCase() + trimmed.slice(1) : trimmed;
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** The scheme a bundle claims (the verdict reports INVALID when it fails, so the picture needs the claim). */
export function claimedScheme(bundle: unknown): string | null {
  if (typeof bundle !== 'object' || bundle === null || !('root' in bundle)) return null;
  const root = bundle.root;
  return typeof root === 'object' && root !== null && 'scheme' in root && typeof root.scheme === 'string'
    ? root.scheme
    : null;
}

/** Turns a verdict into the verdict box, the "checked" list and the "trusted" list. */
export function presentVerdict(
  verdict: BundleVerdict,
  context: {
    source: BundleSource;
    expectedLeafHex?: string | null;
    claimedScheme?: string | null;
    /** A receipt's event fields were checked against the leaf, so its type is proven even if the bundle withholds them. */
    eventProven?: boolean;
    /** The anchor's chain evidence, checked here: what held leaves only its block's height to trust. */
    chain?: EvidenceView | null;
  },
): VerdictView {
  const checked: string[] = [];
  const trusted: string[] = [];
  // The event type is the bundle's text: shown, never obeyed (bidi overrides, controls).
  const eventType = verdict.eventType === null ? null : visibleText(verdict.eventType);
  const legacy = (verdict.valid ? verdict.scheme : context.claimedScheme) === SCHEME_LEGACY;

  if (verdict.valid) {
    checked.push(
      'The bundle is a well-formed ZAP1 proof bundle (protocol "ZAP1", version, scheme, hashes, leaf count, anchor fields).',
    );
    if (context.expectedLeafHex) checked.push('It is the bundle of the leaf you asked for.');
    checked.push(
      verdict.steps.length === 0
        ? 'The tree has this one leaf, so the leaf itself is the raw root.'
        : `Hashing the leaf with each of the ${verdict.steps.length} sibling hashes, on the side each step names, gives the raw root.`,
    );
    checked.push(
      legacy
        ? `The raw root equals the bundle's root (legacy scheme, accepted only for anchors at or below block ${LEGACY_ROOT_MAX_ANCHOR_HEIGHT}).`
        : `Committing the raw root to the leaf count (${verdict.leafCount ?? '?'}) gives exactly the bundle's root, so the proof is for a tree of that size.`,
    );
    if (verdict.witness === 'verified') {
      checked.push(
        `The disclosed event fields hash to the leaf, so the event type ${eventType ?? ''} is proven, not just claimed.`,
      );
    }
  }

  if (verdict.witness !== 'verified' && !context.eventProven) {
    trusted.push(
      `The event type${eventType ? ` (${eventType})` : ''} is the service's claim: the bundle withholds the event fields, so nothing here proves what kind of event the leaf is. If you know the fields, recompute the leaf below.`,
    );
  }
  const chain = context.chain?.holds ? context.chain : null;
  if (verdict.anchor?.txid && chain) {
    // The transaction, its memo and its block header were read here from the chain's own bytes.
    const { block_hash: blockHash } = chain.evidence;
    const height = formatNumber(chain.evidence.height);
    trusted.push(
      chain.block?.status === 'pass'
        ? `One fact is not in the chain's bytes checked here: that block ${blockHash} is at height ${height}. ${sentence(visibleText(chain.block.detail))}`
        : `That block ${blockHash} is at height ${height}: nothing has confirmed it yet. Look the block at height ${height} up in an explorer or on your own node, and enter its hash above.`,
    );
  } else if (verdict.anchor?.txid) {
    trusted.push(
      `That the root is written in transaction ${verdict.anchor.txid}${verdict.anchor.height !== null ? ` at height ${formatNumber(verdict.anchor.height)}` : ''} is the service's lookup of the chain. To need no trust, look the txid up with your own Zcash node or a block explorer, and decrypt its memo with the service's viewing key in your own wallet: it must read ZAP1:09:${verdict.rootHex ?? '<root>'}.`,
    );
  } else if (verdict.anchor) {
    trusted.push(
      "The root is not anchored on chain yet: the proof shows only that the service's current tree contains the leaf. Check again later for an anchored proof.",
    );
  }
  if (context.source !== 'service') {
    trusted.push(
      'The bundle came from you, not from the service; it says nothing about what the service holds now.',
    );
  }

  return {
    valid: verdict.valid,
    headline: verdict.valid ? 'Valid proof' : 'Invalid proof',
    reason: verdict.valid
      ? null
      : sentence(visibleText(verdict.error ?? 'the proof does not lead to the bundle root')),
    checked,
    trusted,
  };
}

export type ParsedBundleText = { ok: true; bundle: unknown } | { ok: false; message: string };

/** Pasted or dropped text as JSON; the message says where the JSON breaks. */
export function parseBundleText(text: string): ParsedBundleText {
  if (text.trim() === '') return { ok: false, message: 'Paste a receipt or a proof bundle (JSON) first.' };
  try {
    return { ok: true, bundle: JSON.parse(text) };
  } catch (error) {
    return {
      ok: false,
      message: `This is not JSON: ${error instanceof Error ? error.message : 'it could not be parsed'}.`,
    };
  }
}

export type RecomputedLeaf = { ok: true; leafHex: string; matches: boolean } | { ok: false; message: string };

/** Recomputes a leaf from event fields a user knows (JSON) and compares it with the bundle's leaf. */
export function recomputeLeaf(fieldsText: string, bundleLeafHex: string | null): RecomputedLeaf {
  let fields: unknown;
  try {
    fields = JSON.parse(fieldsText);
  } catch {
    return {
      ok: false,
      message: 'The event fields must be a JSON object, e.g. {"event_type": "CONTRACT_ANCHOR", …}.',
    };
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    return { ok: false, message: 'The event fields must be a JSON object.' };
  }
  try {
    const leafHex = leafHash(Object.fromEntries(Object.entries(fields)));
    return { ok: true, leafHex, matches: leafHex === bundleLeafHex };
  } catch (error) {
    return {
      ok: false,
      message: sentence(error instanceof Error ? error.message : 'these fields cannot be hashed'),
    };
  }
}

/** A starting point for the recompute box: the claimed type and the fields its preimage needs, when known. */
export function eventFieldsTemplate(eventType: string | null): string {
  if (eventType === 'CONTRACT_ANCHOR') {
    return JSON.stringify({ event_type: 'CONTRACT_ANCHOR', serial_number: '', contract_sha256: '' }, null, 2);
  }
  return JSON.stringify({ event_type: eventType ?? 'CONTRACT_ANCHOR' }, null, 2);
}

export type ViewingKeyAdvice =
  { kind: 'key'; key: string; text: string } | { kind: 'none' | 'unknown' | 'loading'; text: string };

/**
 * How an auditor checks the anchor without trusting the service: with the viewing key that
 * /protocol/info publishes, or, when there is none, by other means; "unknown" when the info failed.
 */
export function viewingKeyAdvice(
  info: { status: 'pending' | 'error' | 'success'; key: string | null | undefined },
  rootHex: string | null,
): ViewingKeyAdvice {
  const memo = `ZAP1:09:${rootHex ?? '<root>'}`;
  if (info.status === 'pending') return { kind: 'loading', text: 'Asking the service for its viewing key…' };
  if (info.status === 'error') {
    return {
      kind: 'unknown',
      text: "The service's protocol information could not be loaded, so its viewing key (if any) is not known here.",
    };
  }
  if (info.key) {
    return {
      kind: 'key',
      key: info.key,
      text: `Import this viewing key into your own Zcash wallet (view-only), look up the transaction, and read its memo: it must be ${memo}.`,
    };
  }
  return {
    kind: 'none',
    text: `This service publishes no viewing key, so its memos cannot be decrypted outside the service. You can still check that the transaction exists at the stated height; that it carries ${memo} rests on the service's word.`,
  };
}
