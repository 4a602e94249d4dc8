/**
 * What the Verify page was given, kept in this tab's sessionStorage per history entry, so a link
 * followed and Back (or a reload) brings the same check back: the receipt or bundle as its text,
 * and the document as its name, size and SHA-256 (a file cannot be read again, only its digest
 * kept). Per entry, so a fresh visit starts empty; session storage, so nothing outlives the tab.
 * Storage is user-editable: what is read back is parsed again as untrusted, like a dropped file.
 */
import { z } from 'zod';
import { HEX64_PATTERN, type Receipt } from 'zap1';
import { readClaimText, type HeldClaim } from './claim';
import type { FileHashState } from '../anchor/use-file-hash';
import {
  readStoredJson,
  sessionStore,
  writeStoredJson,
  type DraftStorage,
} from '../../components/tab-storage';

const DRAFT_KEY = 'zap1.verifyDraft';
/** Entries kept: enough for Back through a few checks, bounded so the tab's storage is not filled. */
const MAX_ENTRIES = 10;

const hex64 = z.string().regex(HEX64_PATTERN);

const draftSchema = z.object({
  /** The address the entry had (path, query and fragment): an entry of another address is not this one. */
  address: z.string(),
  claim: z
    .object({
      id: z.string(),
      text: z.string(),
      label: z.string(),
      fileName: z.string().optional(),
      fromLink: z.boolean().optional(),
    })
    .nullable(),
  document: z.object({ name: z.string(), size: z.number().int().nonnegative(), sha256Hex: hex64 }).nullable(),
  blockHash: z.object({ claimId: z.string().nullable(), leafHex: hex64.nullable(), hex: hex64 }).nullable(),
});
type StoredDraft = z.infer<typeof draftSchema>;
/** The block hash the person read, with the claim (or leaf) it was given for. */
export type KeptBlockHash = NonNullable<StoredDraft['blockHash']>;

export interface VerifyDraft {
  claim: { id: string; value: HeldClaim } | null;
  /** The document as the hasher shows one it hashed earlier in this tab. */
  document: FileHashState | null;
  blockHash: KeptBlockHash | null;
}

/** Every entry's draft, oldest first; anything unreadable counts as none. */
function readAll(storage: DraftStorage | undefined): Array<[string, unknown]> {
  const data = readStoredJson(DRAFT_KEY, storage);
  return Array.isArray(data)
    ? data.filter((entry): entry is [string, unknown] => Array.isArray(entry) && typeof entry[0] === 'string')
    : [];
}

/**
 * The inputs kept for the history entry `entryKey` at `address`, or null when none were (or what
 * was kept no longer reads: then the page starts empty, as on a first visit).
 */
export function readVerifyDraft(
  entryKey: string,
  address: string,
  storage = sessionStore(),
): VerifyDraft | null {
  const entry = readAll(storage).find(([key]) => key === entryKey);
  const parsed = draftSchema.safeParse(entry?.[1]);
  if (!parsed.success || parsed.data.address !== address) return null;
  const { claim, document, blockHash } = parsed.data;
  let held: VerifyDraft['claim'] = null;
  if (claim) {
    const reading = readClaimText(claim.text, claim.label);
    if (!reading.ok) return null;
    const value: HeldClaim = { ...reading.claim };
    if (claim.fileName !== undefined) value.fileName = claim.fileName;
    if (claim.fromLink) value.fromLink = true;
    held = { id: claim.id, value };
  }
  return {
    claim: held,
    document: document && {
      status: 'done',
      fileName: document.name,
      sha256Hex: document.sha256Hex,
      totalBytes: document.size,
      mbPerS: null,
      restored: true,
    },
    blockHash,
  };
}

/**
 * Why a document kept from earlier in this tab cannot stand for the file a receipt names: the size
 * it had is not the size the receipt names (what was kept may have been edited since). Null when it
 * can, or was hashed here (its bytes were read), or the receipt names no size.
 */
export function keptDocumentConflict(
  document: { fileName: string; totalBytes: number; restored?: boolean },
  receipt: Receipt | null,
): string | null {
  const stated = receipt?.file?.size;
  if (!document.restored || stated === undefined || stated === document.totalBytes) return null;
  const name = document.fileName;
  return `${name} was hashed earlier in this tab (not read again) as ${document.totalBytes} bytes, but the receipt names a file of ${stated} bytes, so it is not checked against the receipt: drop ${name} again to check it.`;
}

/**
 * Keeps the inputs of the entry `entryKey`; none given leaves the entry nothing kept, and never
 * pushes out another entry's. Returns false when they could not be kept (storage full or
 * disabled): the check itself goes on, only Back will not bring it back.
 */
export function writeVerifyDraft(
  entryKey: string,
  address: string,
  inputs: {
    claim: { id: string; value: HeldClaim } | null;
    document: FileHashState;
    blockHash: KeptBlockHash | null;
  },
  storage = sessionStore(),
): boolean {
  const { claim, document, blockHash } = inputs;
  const draft: StoredDraft = {
    address,
    claim: claim && {
      id: claim.id,
      text: JSON.stringify(claim.value.kind === 'receipt' ? claim.value.receipt : claim.value.bundle),
      label: claim.value.label,
      ...(claim.value.fileName !== undefined ? { fileName: claim.value.fileName } : {}),
      ...(claim.value.fromLink ? { fromLink: true } : {}),
    },
    document:
      document.status === 'done'
        ? { name: document.fileName, size: document.totalBytes, sha256Hex: document.sha256Hex }
        : null,
    blockHash: blockHash && { claimId: blockHash.claimId, leafHex: blockHash.leafHex, hex: blockHash.hex },
  };
  const all = readAll(storage);
  const others = all.filter(([key]) => key !== entryKey);
  const empty = draft.claim === null && draft.document === null && blockHash === null;
  if (empty && others.length === all.length) return storage !== undefined;
  const entries = empty ? others : [...others.slice(-(MAX_ENTRIES - 1)), [entryKey, draft]];
  return writeStoredJson(DRAFT_KEY, entries, storage);
}
