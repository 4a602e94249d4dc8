/**
 * The Anchor form's draft: what was typed and the hashed file's digest, kept per service in this
 * tab's sessionStorage, so going to the Keys page for a trial key, or reloading, loses nothing.
 * Session storage rather than local: a draft (a file's name) should not outlive the tab on a
 * shared computer. The file itself is never kept, only its name, size and SHA-256.
 */
import { z } from 'zod';
import { HEX64_PATTERN } from 'zap1';
import {
  readStoredJson,
  sessionStore,
  writeStoredJson,
  type DraftStorage,
} from '../../components/tab-storage';

const DRAFT_KEY = 'zap1.anchorDraft';

const draftSchema = z.object({
  source: z.enum(['file', 'paste']),
  pasted: z.string(),
  serialNumber: z.string(),
  walletHash: z.string(),
  file: z
    .object({
      name: z.string(),
      size: z.number().int().nonnegative(),
      sha256Hex: z.string().regex(HEX64_PATTERN),
    })
    .nullable(),
});
export type AnchorDraft = z.infer<typeof draftSchema>;

/** Every service's draft; anything unreadable (storage is user-editable) counts as none. */
function readAll(storage: DraftStorage | undefined): Record<string, unknown> {
  const data = readStoredJson(DRAFT_KEY, storage);
  return typeof data === 'object' && data !== null && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : {};
}

/** Full or disabled storage loses only the convenience. */
function writeAll(all: Record<string, unknown>, storage: DraftStorage | undefined): void {
  writeStoredJson(DRAFT_KEY, all, storage);
}

/** The draft kept for `baseUrl`, or null. */
export function readDraft(baseUrl: string, storage = sessionStore()): AnchorDraft | null {
  const parsed = draftSchema.safeParse(readAll(storage)[baseUrl]);
  return parsed.success ? parsed.data : null;
}

export function writeDraft(baseUrl: string, draft: AnchorDraft, storage = sessionStore()): void {
  writeAll({ ...readAll(storage), [baseUrl]: draft }, storage);
}

/** Forgets `baseUrl`'s draft (after it was submitted). */
export function clearDraft(baseUrl: string, storage = sessionStore()): void {
  const { [baseUrl]: _dropped, ...rest } = readAll(storage);
  writeAll(rest, storage);
}

/** Crockford's base 32: no I, L, O or U, so a reference read aloud or copied by hand stays the same. */
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A fresh reference to use as the serial number: the date and 8 random characters, e.g.
 * `REF-20261126-7K3F9QX2`. It is public, so it says nothing about the contract or its parties.
 */
export function newReference(now: Date = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const random = crypto.getRandomValues(new Uint8Array(8));
  const suffix = Array.from(random, (b) => REFERENCE_ALPHABET[b % 32]).join('');
  return `REF-${day}-${suffix}`;
}
