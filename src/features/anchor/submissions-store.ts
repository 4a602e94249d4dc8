/**
 * Submissions kept in this browser (docs/architecture.md "The app, details"): file name, contract hash,
 * serial, wallet, leaf and the latest bundle, per service, newest first, so a user can come back
 * to them. localStorage is user-editable, so entries are parsed on read.
 */
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { HEX64_PATTERN } from 'zap1';

const STORAGE_KEY = 'zap1.submissions';
/** Bounded so localStorage never fills up with bundles. */
export const MAX_SAVED_SUBMISSIONS = 50;

const hex64 = z.string().regex(HEX64_PATTERN);

export const savedSubmissionSchema = z.object({
  baseUrl: z.string(),
  fileName: z.string().nullable(),
  /** The hashed file's size in bytes (kept for its receipt); absent for entries from before receipts. */
  fileSize: z.number().int().nonnegative().nullable().optional(),
  contractSha256: hex64,
  serialNumber: z.string(),
  walletHash: z.string(),
  leafHex: hex64,
  rootHex: hex64.nullable(),
  status: z.enum(['created', 'exists']),
  submittedAt: z.string(),
  /** The latest proof bundle fetched for the leaf, as received (unknown JSON). */
  bundle: z.unknown().optional(),
});
export type SavedSubmission = z.infer<typeof savedSubmissionSchema>;

type Listener = () => void;
const listeners = new Set<Listener>();
let cache: { raw: string | null; list: SavedSubmission[] } = { raw: null, list: [] };

function readRaw(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Entries that fail to parse are dropped one by one; the rest survive. */
export function parseSavedSubmissions(raw: string | null): SavedSubmission[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const out: SavedSubmission[] = [];
  for (const item of data) {
    const parsed = savedSubmissionSchema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

/** All saved submissions, newest first (a stable array while storage is unchanged). */
export function loadSubmissions(): SavedSubmission[] {
  const raw = readRaw();
  if (raw !== cache.raw) cache = { raw, list: parseSavedSubmissions(raw) };
  return cache.list;
}

/**
 * Stores the list; false when this browser's storage is full, disabled or absent, and then the
 * stored list is unchanged (setItem writes all or nothing).
 */
function write(list: SavedSubmission[]): boolean {
  let stored = false;
  try {
    const storage = globalThis.localStorage;
    if (storage) {
      storage.setItem(STORAGE_KEY, JSON.stringify(list));
      stored = true;
    }
  } catch {
    // Full (QuotaExceededError) or disabled (SecurityError on access) storage.
  }
  for (const listener of listeners) listener();
  return stored;
}

const sameEntry = (
  a: Pick<SavedSubmission, 'baseUrl' | 'leafHex'>,
  b: Pick<SavedSubmission, 'baseUrl' | 'leafHex'>,
) => a.baseUrl === b.baseUrl && a.leafHex === b.leafHex;

/**
 * Adds a submission at the top, replacing an earlier one of the same leaf on the same service. The
 * bundle already kept for that leaf is kept: it proves the leaf, whichever wallet sent it again.
 * A storage failure is ignored: the submission itself succeeded, only the reminder is lost.
 */
export function saveSubmission(entry: SavedSubmission): void {
  const list = loadSubmissions();
  const earlier = list.find((s) => sameEntry(s, entry));
  const rest = list.filter((s) => !sameEntry(s, entry));
  const kept =
    entry.bundle === undefined && earlier?.bundle !== undefined
      ? { ...entry, bundle: earlier.bundle }
      : entry;
  write([kept, ...rest].slice(0, MAX_SAVED_SUBMISSIONS));
}

/** Keeps the latest bundle of a saved leaf (a storage failure only loses the copy kept here). */
export function updateSavedBundle(baseUrl: string, leafHex: string, bundle: unknown): void {
  const list = loadSubmissions();
  if (!list.some((s) => sameEntry(s, { baseUrl, leafHex }))) return;
  write(list.map((s) => (sameEntry(s, { baseUrl, leafHex }) ? { ...s, bundle } : s)));
}

/**
 * Replaces every kept submission (an import, merged beforehand). Returns false when this
 * browser's storage refused the list (full or disabled): then nothing changed.
 */
export function replaceSubmissions(list: SavedSubmission[]): boolean {
  return write(list.slice(0, MAX_SAVED_SUBMISSIONS));
}

export function removeSubmission(baseUrl: string, leafHex: string): void {
  write(loadSubmissions().filter((s) => !sameEntry(s, { baseUrl, leafHex })));
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

const EMPTY: SavedSubmission[] = [];

/** React view of all saved submissions. */
export function useSavedSubmissions(): SavedSubmission[] {
  return useSyncExternalStore(subscribe, loadSubmissions, () => EMPTY);
}
