/**
 * Receipts (`"format": "zap1-receipt/1"`): one JSON file a person keeps for one anchored event. It
 * ties their file to the proof: the event itself (every field, so the leaf can be recomputed), the
 * file's name and size when it was hashed in the browser, the service and network that recorded
 * it, and the reference-shaped proof bundle (null while the leaf awaits its anchor; a later
 * verification completes it).
 */
import type { VerdictCheck } from './anchor-verdict.js';
import { parseChainEvidence, type ChainEvidence } from '../evidence/chain-evidence.js';
import { shownJsonValue, visibleText } from '../protocol/display-text.js';
import { committedFields, eventFieldsOf, isEventType } from '../protocol/event-specs.js';
import { isHex64, isRecord } from '../protocol/guards.js';
import { leafHash } from '../protocol/leaf-hash.js';
import { asReceiptDocument } from './receipt-document.js';

export const RECEIPT_FORMAT = 'zap1-receipt/1';

export interface Receipt {
  format: typeof RECEIPT_FORMAT;
  /** Plain words for whoever opens the file (receipt-document.ts); written, never read back. */
  summary?: string;
  /** The command that checks the receipt on one's own machine; written, never read back. */
  verify_command?: string;
  /** What each field is; written, never read back. */
  about?: Record<string, string>;
  /** RFC 3339 time the receipt was made (or completed). */
  created_at: string;
  /** The ZAP1 service that recorded the event (its base URL) and the network it anchors on. */
  service: { url: string; network: string | null };
  /** The event as submitted: `event_type` and every field, plus `timestamp` where the service stamped one. */
  event: Record<string, unknown>;
  leaf_hash: string;
  /** The file whose SHA-256 the event names, when it was hashed in the browser. */
  file: { name: string; size: number } | null;
  /** The proof bundle as the service serves it; null until the leaf is anchored. */
  proof: unknown;
  /**
   * The anchor's chain evidence (transaction, block header, branch, viewing key), once anchored and
   * where the service offers it: with it the receipt is checked on the chain's bytes, service or not.
   */
  chain_evidence?: ChainEvidence;
}

export type ParsedReceipt = { ok: true; receipt: Receipt } | { ok: false; error: string };

/** Whether `value` says it is a receipt (its `format`), whatever else it holds. */
export function looksLikeReceipt(value: unknown): boolean {
  return (
    isRecord(value) && typeof value['format'] === 'string' && value['format'].startsWith('zap1-receipt/')
  );
}

/** Reads a receipt from untrusted JSON; the error says, in plain words, what is wrong with it. */
export function parseReceipt(value: unknown): ParsedReceipt {
  const fail = (error: string): ParsedReceipt => ({ ok: false, error });
  if (!isRecord(value)) return fail('the receipt is not a JSON object');
  if (value['format'] !== RECEIPT_FORMAT) {
    return fail(
      `the receipt format is ${typeof value['format'] === 'string' ? visibleText(JSON.stringify(value['format'])) : shownJsonValue(value['format'])}, not "${RECEIPT_FORMAT}"`,
    );
  }
  const { service, event, file } = value;
  const leaf = value['leaf_hash'];
  const createdAt = value['created_at'];
  if (typeof createdAt !== 'string') return fail('the receipt has no created_at time');
  if (!isRecord(service) || typeof service['url'] !== 'string')
    return fail('the receipt names no service URL');
  const network = service['network'];
  if (network !== null && network !== undefined && typeof network !== 'string') {
    return fail('the receipt names its network in a form that is not text');
  }
  if (!isRecord(event) || typeof event['event_type'] !== 'string') return fail('the receipt holds no event');
  if (!isHex64(leaf)) return fail('the receipt has no leaf hash (64 lowercase hex)');
  let fileInfo: Receipt['file'] = null;
  if (file !== null && file !== undefined) {
    if (!isRecord(file) || typeof file['name'] !== 'string' || typeof file['size'] !== 'number') {
      return fail('the receipt describes its file without a name and a size');
    }
    fileInfo = { name: file['name'], size: file['size'] };
  }
  const proof = value['proof'] ?? null;
  if (proof !== null && !isRecord(proof)) return fail("the receipt's proof is not a proof bundle object");
  const receipt: Receipt = {
    format: RECEIPT_FORMAT,
    created_at: createdAt,
    service: { url: service['url'], network: network ?? null },
    event: { ...event },
    leaf_hash: leaf,
    file: fileInfo,
    proof,
  };
  // Receipts made before chain evidence existed have none, and stay valid.
  const evidence = value['chain_evidence'] ?? null;
  if (evidence !== null) {
    const parsed = parseChainEvidence(evidence);
    if (!parsed.ok) return fail(`the receipt's ${parsed.error.replace(/^the /, '')}`);
    receipt.chain_evidence = parsed.evidence;
  }
  // Its summary, command and guide are written anew from its fields: a receipt's own words are never kept.
  return { ok: true, receipt: asReceiptDocument(receipt) };
}

/**
 * A ZAP1 service's base URL as a verifier may ask it: an http(s) URL without query or fragment
 * (credentials are dropped), else null. Any other scheme (`javascript:`, `file:`, `data:`) names no
 * service a verifier can fetch from, and must never be followed.
 */
export function serviceBaseUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) return null;
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** A URL quoted in a message: its hidden characters shown, and a long one cut (it is only named). */
function quotedUrl(text: string): string {
  const shown = text.length > 100 ? `${text.slice(0, 100)}…` : text;
  return visibleText(JSON.stringify(shown));
}

/**
 * The service a receipt names, to ask about its anchor: its URL when that is http(s)
 * (`serviceBaseUrl`), else why the receipt names no usable service. The receipt still parses
 * either way: what it proves without a service (its event, its file, its chain evidence) stands.
 */
export function receiptServiceUrl(
  receipt: Receipt,
): { ok: true; url: string } | { ok: false; problem: string } {
  const text = receipt.service.url;
  const url = serviceBaseUrl(text);
  if (url !== null) return { ok: true, url };
  // An http(s) URL with a query or a fragment is no base address to put the API's paths after.
  const why =
    serviceBaseUrl(text.replace(/[?#][\s\S]*$/, '')) !== null
      ? 'has a query or a fragment, which a service address does not'
      : 'is not an http(s) address';
  return {
    ok: false,
    problem: `the receipt names no usable service: its service URL ${quotedUrl(text)} ${why}`,
  };
}

/** A new receipt for an accepted event (its proof comes later unless it is anchored already). */
export function makeReceipt(input: {
  serviceUrl: string;
  network: string | null;
  event: Record<string, unknown>;
  leafHex: string;
  file?: { name: string; size: number } | null;
  proof?: unknown;
  chainEvidence?: ChainEvidence | null;
  now: Date;
}): Receipt {
  const receipt: Receipt = {
    format: RECEIPT_FORMAT,
    created_at: input.now.toISOString(),
    service: { url: input.serviceUrl, network: input.network },
    event: { ...input.event },
    leaf_hash: input.leafHex,
    file: input.file ?? null,
    proof: input.proof ?? null,
  };
  if (input.chainEvidence) receipt.chain_evidence = input.chainEvidence;
  return asReceiptDocument(receipt);
}

/**
 * The receipt with a (newer) proof bundle in it, and the anchor's chain evidence where there is
 * some, stamped with the time it was completed.
 */
export function completeReceipt(
  receipt: Receipt,
  proof: unknown,
  now: Date,
  evidence: ChainEvidence | null = null,
): Receipt {
  const completed: Receipt = { ...receipt, proof, created_at: now.toISOString() };
  if (evidence !== null) completed.chain_evidence = evidence;
  return asReceiptDocument(completed);
}

/** The leaf hash a bundle names, if it names one. */
function bundleLeaf(proof: unknown): string | null {
  if (!isRecord(proof) || !isRecord(proof['leaf'])) return null;
  const hash = proof['leaf']['hash'];
  return typeof hash === 'string' ? hash : null;
}

/**
 * Fields of the receipt's event that its type's leaf does not commit to. A receipt may carry only
 * its type's own fields: anything else (a `contract_sha256` on a HOSTING_PAYMENT, say) would read
 * as proven beside the fields that are, while no hash covers it.
 */
export function uncommittedReceiptFields(receipt: Receipt): string[] {
  const type = receipt.event['event_type'];
  if (!isEventType(type)) return [];
  const own = new Set(eventFieldsOf(type));
  return Object.keys(receipt.event).filter((field) => !own.has(field));
}

/**
 * The event fields the leaf proves (its type and the fields its preimage commits to), in preimage
 * order; every other part of a receipt (wallet_hash where it is not hashed, the file's name and
 * size, the service, the time) is the receipt's own statement.
 */
export function provenReceiptFields(receipt: Receipt): Array<[field: string, value: unknown]> {
  const type = receipt.event['event_type'];
  if (!isEventType(type)) return [];
  return [
    ['event_type', type],
    ...committedFields(type).map((field): [string, unknown] => [field, receipt.event[field]]),
  ];
}

/** Whether the receipt's event type hashes a file's SHA-256 into its leaf (so a file can be checked against it). */
export function receiptCommitsToFile(receipt: Receipt): boolean {
  const type = receipt.event['event_type'];
  return isEventType(type) && committedFields(type).includes('contract_sha256');
}

/**
 * The event check: the event holds only fields its type commits to, they hash to the receipt's
 * leaf (so the event type and those fields are proven, not claimed), and the proof, when present,
 * is the proof of that leaf.
 */
export function checkReceiptEvent(receipt: Receipt): VerdictCheck {
  const type = shownJsonValue(receipt.event['event_type']);
  const extra = uncommittedReceiptFields(receipt);
  if (extra.length > 0) {
    const names = extra.map((field) => visibleText(field)).join(', ');
    return {
      name: 'event',
      status: 'fail',
      detail: `The receipt's event holds ${extra.length > 1 ? 'fields' : 'a field'} its ${type} leaf does not commit to (${names}): a receipt holds only what its leaf proves, so it was edited.`,
    };
  }
  let recomputed: string;
  try {
    recomputed = leafHash(receipt.event);
  } catch (error) {
    const reason = error instanceof Error ? visibleText(error.message) : 'they cannot be hashed';
    return {
      name: 'event',
      status: 'fail',
      detail: `The receipt's event fields are not a valid ZAP1 event: ${reason}.`,
    };
  }
  if (recomputed !== receipt.leaf_hash) {
    return {
      name: 'event',
      status: 'fail',
      detail: `The receipt's event fields hash to ${recomputed}, not to its leaf ${receipt.leaf_hash}: the receipt was edited.`,
    };
  }
  const proofLeaf = receipt.proof === null ? null : bundleLeaf(receipt.proof);
  if (receipt.proof !== null && proofLeaf !== receipt.leaf_hash) {
    return {
      name: 'event',
      status: 'fail',
      detail: `The receipt's proof is for leaf ${proofLeaf === null ? '(none)' : visibleText(proofLeaf)}, not for its event's leaf ${receipt.leaf_hash}.`,
    };
  }
  return {
    name: 'event',
    status: 'pass',
    detail: `The event fields (${type}) hash to the leaf ${receipt.leaf_hash}.`,
  };
}

/**
 * The file check: the SHA-256 of the file at hand is the contract hash the receipt's event commits
 * to (so this is the anchored file), hashed the same way the event was written. For a type whose leaf
 * commits to no file hash, a file is not part of the proof: the check says so and proves nothing.
 */
export function checkReceiptFile(receipt: Receipt, file: { sha256Hex: string; name?: string }): VerdictCheck {
  const which = file.name ? `"${visibleText(file.name)}"` : 'The file';
  if (!receiptCommitsToFile(receipt)) {
    return {
      name: 'file',
      status: 'unknown',
      detail: `${which} is not part of this proof: a ${shownJsonValue(receipt.event['event_type'])} leaf commits to no file hash, so nothing about the file was checked.`,
    };
  }
  const named = receipt.event['contract_sha256'];
  if (named !== file.sha256Hex) {
    return {
      name: 'file',
      status: 'fail',
      detail: `${which} is not the anchored file: its SHA-256 is ${file.sha256Hex}, the receipt's is ${shownJsonValue(named)}.`,
    };
  }
  return {
    name: 'file',
    status: 'pass',
    detail: `${which} is the anchored file: its SHA-256 ${file.sha256Hex} is the contract hash in the event.`,
  };
}
