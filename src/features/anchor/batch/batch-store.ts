/**
 * A batch is kept in this tab's session storage, per service, until the person clears it: a
 * reload (or the trip to the Keys page for a key) resumes it where it was. Kept as the Anchor
 * form's draft is (session, not local, storage: file names should not outlive the tab on a shared
 * computer); the files themselves are never kept, only their names, sizes and SHA-256.
 */
import { z } from 'zod';
import { HEX64_PATTERN } from 'zap1';
import { readStoredJson, sessionStore, writeStoredJson } from '../../../components/tab-storage';
import type { BatchNaming, BatchRow } from './batch-model';

/** One key per service, so keeping one batch never reads or rewrites another's. */
const batchKey = (baseUrl: string) => `zap1.anchorBatch:${baseUrl}`;

const hex64 = z.string().regex(HEX64_PATTERN);

const rowSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  sha256Hex: hex64.nullable(),
  serialNumber: z.string(),
  walletHash: z.string(),
  status: z.enum(['hashing', 'ready', 'submitted', 'pending', 'anchored', 'failed']),
  bytesDone: z.number().nonnegative(),
  leafHex: hex64.nullable(),
  txid: hex64.nullable(),
  height: z.number().int().nullable(),
  message: z.string().nullable(),
});

const batchSchema = z.object({
  naming: z.object({ pattern: z.string(), wallet: z.string().nullable() }),
  rows: z.array(rowSchema),
  sending: z.boolean().optional(),
});

export interface StoredBatch {
  naming: BatchNaming;
  rows: BatchRow[];
  /** Rows were being sent when it was kept: a reload goes on sending them. */
  sending?: boolean;
}

/** Said of a row whose file was being read when the page went away: its bytes are gone with the page. */
export const REREAD_NEEDED =
  'The page was reloaded while this file was read: choose or drop it again to continue.';

/** Said of a row whose hashing was cancelled: it too needs its file again. */
export const CANCELLED_NEEDS_FILE = 'Cancelled: choose or drop this file again to hash it.';

/**
 * Whether a row waits for its file to be given again (it was being read when the page went away,
 * hashing was cancelled, or its file could not be read): then the same name and size take it back.
 */
export const needsItsFile = (row: BatchRow): boolean =>
  row.status === 'failed' && row.sha256Hex === null && row.size > 0;

/** The batch kept for `baseUrl`, rows still hashing marked to be read again; null when none is kept. */
export function readBatch(baseUrl: string, storage = sessionStore()): StoredBatch | null {
  const parsed = batchSchema.safeParse(readStoredJson(batchKey(baseUrl), storage));
  if (!parsed.success || parsed.data.rows.length === 0) return null;
  return {
    naming: parsed.data.naming,
    sending: parsed.data.sending === true,
    rows: parsed.data.rows.map((row) =>
      row.status === 'hashing' ? { ...row, status: 'failed', bytesDone: 0, message: REREAD_NEEDED } : row,
    ),
  };
}

/** Keeps the batch (progress within a file is not kept); false when storage refuses it. */
export function writeBatch(baseUrl: string, batch: StoredBatch, storage = sessionStore()): boolean {
  const rows = batch.rows.map((row) => ({ ...row, bytesDone: 0 }));
  return writeStoredJson(
    batchKey(baseUrl),
    { naming: batch.naming, rows, sending: batch.sending === true },
    storage,
  );
}

/** Forgets the batch kept for `baseUrl` (what is kept in its place reads as none). */
export function clearBatch(baseUrl: string, storage = sessionStore()): void {
  writeStoredJson(batchKey(baseUrl), null, storage);
}
