/**
 * Short share links: what identifies a claim, in a few hundred characters, so that a link fits in a
 * message and a QR code. The query names the leaf, the document's SHA-256 (and name and size), the
 * anchor's transaction and height, and the service; the fragment (never sent to any server) carries
 * the event's fields, so the opening browser recomputes the leaf from them. Proof and chain evidence
 * are not in the link: the browser fetches them and checks them itself (they are self-checking
 * bytes). A service named in a link is asked only as verification-run.ts says.
 *
 *   /app/verify?leaf=<hex>&sha256=<hex>&name=<file>&size=<n>&tx=<txid>&h=<height>&service=<url>#e=<base64url JSON>
 */
import { base64urlnopad } from '@scure/base';
import { committedFields, isEventType, isHex64, isRecord, leafHash, makeReceipt, type Receipt } from 'zap1';
import { verifyLeafPath } from '../../app/paths';
import type { ClaimReading } from './claim';

/** The name of the fragment parameter that carries the event's fields. */
const EVENT_FRAGMENT = 'e';
/** An event's fields are a few hundred bytes: a fragment of kilobytes is no event. */
const MAX_EVENT_CHARS = 4_000;

/** What a short link says of the claim. */
export interface LinkClaim {
  leafHex: string;
  /** The document's SHA-256, its name and size as the sharer's receipt stated them. */
  sha256: string | null;
  fileName: string | null;
  fileSize: number | null;
  /** The anchor the sharer's verification stood on, to compare with the proof fetched. */
  anchor: { txid: string; height: number | null } | null;
  /** The event's fields, when the fragment carries them. */
  event: Record<string, unknown> | null;
}

/** The event with only what its leaf commits to (its type and that type's preimage fields). */
function committedEvent(event: Record<string, unknown>): Record<string, unknown> {
  const type = event['event_type'];
  if (!isEventType(type)) return { ...event };
  const out: Record<string, unknown> = { event_type: type };
  // A wallet the leaf does not hash stays out of the link: a pseudonym is not shared by accident.
  for (const field of committedFields(type)) if (field in event) out[field] = event[field];
  return out;
}

/** The short link of a verified receipt: this app's Verify page with what identifies the claim. */
export function shortVerifyLink(
  appOrigin: string,
  serviceUrl: string,
  receipt: Receipt,
  anchor: { txid: string | null; height: number | null },
): string {
  const query = new URLSearchParams(
    verifyLeafPath(receipt.leaf_hash, serviceUrl === appOrigin ? undefined : serviceUrl).split('?')[1],
  );
  const sha = receipt.event['contract_sha256'];
  if (typeof sha === 'string') query.set('sha256', sha);
  // A name is only asked for where the leaf commits to a file: otherwise it is a statement, not shared.
  if (receipt.file && typeof sha === 'string') {
    query.set('name', receipt.file.name);
    query.set('size', String(receipt.file.size));
  }
  if (anchor.txid !== null) {
    query.set('tx', anchor.txid);
    if (anchor.height !== null) query.set('h', String(anchor.height));
  }
  const event = committedEvent(receipt.event);
  delete event['contract_sha256']; // in the query already
  const fragment = base64urlnopad.encode(new TextEncoder().encode(JSON.stringify(event)));
  return `${appOrigin}/app/verify?${query.toString()}#${EVENT_FRAGMENT}=${fragment}`;
}

/** Reads what a link's query and fragment say of the claim; null when it names no leaf. */
export function readLinkClaim(params: URLSearchParams, hash: string): LinkClaim | null {
  const leafHex = params.get('leaf')?.trim().toLowerCase() ?? '';
  if (!isHex64(leafHex)) return null;
  const sha = params.get('sha256')?.trim().toLowerCase() ?? '';
  const tx = params.get('tx')?.trim().toLowerCase() ?? '';
  const height = Number(params.get('h'));
  const size = Number(params.get('size'));
  const name = params.get('name');
  return {
    leafHex,
    sha256: isHex64(sha) ? sha : null,
    fileName: name !== null && name.length > 0 && name.length <= 300 ? name : null,
    fileSize: params.has('size') && Number.isSafeInteger(size) && size >= 0 ? size : null,
    anchor: isHex64(tx)
      ? { txid: tx, height: params.has('h') && Number.isSafeInteger(height) && height >= 0 ? height : null }
      : null,
    event: readEventFragment(hash, sha),
  };
}

function readEventFragment(hash: string, sha: string): Record<string, unknown> | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(EVENT_FRAGMENT);
  if (value === null || value.length > MAX_EVENT_CHARS) return null;
  try {
    const parsed: unknown = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(base64urlnopad.decode(value)),
    );
    if (!isRecord(parsed)) return null;
    return isHex64(sha) && parsed['event_type'] === 'CONTRACT_ANCHOR'
      ? { ...parsed, contract_sha256: sha }
      : parsed;
  } catch {
    return null;
  }
}

/**
 * The receipt a short link stands for: its event (which must hash to the link's leaf), the service,
 * the document's stated name and size; no proof (fetched when it is verified). A message when the
 * fragment's event does not hash to the leaf: the link was edited or cut.
 */
export function linkReceipt(link: LinkClaim, serviceUrl: string): ClaimReading | null {
  if (link.event === null) return null;
  let leaf: string;
  try {
    leaf = leafHash(link.event);
  } catch {
    return { ok: false, message: 'The event in this link is not a ZAP1 event: ask for the link again.' };
  }
  if (leaf !== link.leafHex) {
    return {
      ok: false,
      message:
        'The event in this link does not hash to the leaf it names: the link was edited or cut. Ask for it again.',
    };
  }
  const receipt = makeReceipt({
    serviceUrl,
    network: null,
    event: link.event,
    leafHex: link.leafHex,
    file:
      link.fileName !== null && link.fileSize !== null ? { name: link.fileName, size: link.fileSize } : null,
    now: new Date(0),
  });
  return { ok: true, claim: { kind: 'receipt', receipt, label: 'the shared link', fromLink: true } };
}
