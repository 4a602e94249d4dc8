/**
 * A batch of documents anchored together (the Anchor page with several files): one row per file,
 * through `hashing` → `ready` → `submitted` (the service recorded it) → `pending` (not anchored
 * yet) → `anchored`, or `failed`. Each row's event is fixed when the row is made (its reference
 * and pseudonym), so sending it again after a reload sends the same event, which the service
 * answers `exists` without a second leaf: nothing is recorded twice.
 */
import { baseName, documentReference, leafHash, validateEvent } from 'zap1';
import { newReference } from '../anchor-draft';
import { newWalletPseudonym } from '../wallet-pseudonym';

export type RowStatus = 'hashing' | 'ready' | 'submitted' | 'pending' | 'anchored' | 'failed';

export interface BatchRow {
  id: string;
  /** The file's name, with its folder when a folder was dropped (`annexes/a.pdf`). */
  name: string;
  size: number;
  sha256Hex: string | null;
  serialNumber: string;
  walletHash: string;
  status: RowStatus;
  /** Bytes hashed so far, while hashing. */
  bytesDone: number;
  leafHex: string | null;
  txid: string | null;
  height: number | null;
  /** Why the row failed, or what it waits for. */
  message: string | null;
}

/** How references and pseudonyms are given to a batch's rows. */
export interface BatchNaming {
  /** `{ref}` a fresh random reference per document, `{name}`, `{stem}`, `{n}` (the row's number). */
  pattern: string;
  /** One pseudonym for every document, or null for a fresh one per document (the private default). */
  wallet: string | null;
}

export const DEFAULT_NAMING: BatchNaming = { pattern: '{ref}', wallet: null };

/** At most this many files in one batch (the rows are kept in this tab's storage). */
export const MAX_BATCH_FILES = 5000;

/** A row's reference from the batch's pattern; `{ref}` is a new random reference, `{n}` the row's number. */
export function referenceFor(pattern: string, name: string, n: number, ref: () => string): string {
  return documentReference(pattern, baseName(name), ref, n);
}

/** What is wrong with a pattern or a pseudonym for every row, or null (the service's own rules). */
export function namingProblem(naming: BatchNaming): string | null {
  const sample = {
    event_type: 'CONTRACT_ANCHOR',
    wallet_hash: naming.wallet ?? 'anon_0',
    serial_number: referenceFor(naming.pattern, 'contract.pdf', 1, () => 'REF-0'),
    contract_sha256: '0'.repeat(63) + '1',
  };
  const problems = validateEvent(sample);
  const wallet = problems.find((p) => p.field === 'wallet_hash');
  if (wallet) return `The pseudonym: ${wallet.message}.`;
  const serial = problems.find((p) => p.field === 'serial_number');
  return serial ? `The reference pattern: ${serial.message}.` : null;
}

/** New rows for `files` (appended after `existing` rows, numbered on from them). */
export function rowsForFiles(
  files: ReadonlyArray<{ name: string; size: number }>,
  naming: BatchNaming,
  existing = 0,
): BatchRow[] {
  return files.map((file, index) => ({
    id: `${Date.now().toString(36)}-${existing + index}-${Math.random().toString(36).slice(2, 8)}`,
    name: file.name,
    size: file.size,
    sha256Hex: null,
    serialNumber: referenceFor(naming.pattern, file.name, existing + index + 1, newReference),
    walletHash: naming.wallet ?? newWalletPseudonym(),
    status: file.size === 0 ? 'failed' : 'hashing',
    bytesDone: 0,
    leafHex: null,
    txid: null,
    height: null,
    message: file.size === 0 ? 'It is empty (0 bytes): there is no document to anchor.' : null,
  }));
}

/** The event a row sends. */
export function rowEvent(row: BatchRow) {
  return {
    event_type: 'CONTRACT_ANCHOR' as const,
    wallet_hash: row.walletHash,
    serial_number: row.serialNumber,
    contract_sha256: row.sha256Hex ?? '',
  };
}

/** The row's leaf as the service will record it (the page checks the service's answer against it). */
export const rowLeaf = (row: BatchRow): string => leafHash(rowEvent(row));

/** A row's reference and pseudonym edited before it is sent; the problem, or null when accepted. */
export function editProblem(row: BatchRow, serialNumber: string, walletHash: string): string | null {
  const problems = validateEvent({
    ...rowEvent(row),
    serial_number: serialNumber,
    wallet_hash: walletHash,
    contract_sha256: '0'.repeat(63) + '1',
  });
  return problems.length > 0 ? problems.map((p) => p.message).join('; ') : null;
}

export type StatusCounts = Record<RowStatus, number>;

export function countRows(rows: readonly BatchRow[]): StatusCounts {
  const counts: StatusCounts = { hashing: 0, ready: 0, submitted: 0, pending: 0, anchored: 0, failed: 0 };
  for (const row of rows) counts[row.status]++;
  return counts;
}

/** "Anchor 12 documents": the button names what it does. */
export function anchorButtonLabel(ready: number, withTrialKey: boolean): string {
  const what = `${ready} document${ready === 1 ? '' : 's'}`;
  return withTrialKey ? `Get a trial key and anchor ${what}` : `Anchor ${what}`;
}

/** The rows with `naming` applied to those not sent yet (sent rows keep the event they were recorded with). */
export function renamed(rows: readonly BatchRow[], naming: BatchNaming): BatchRow[] {
  return rows.map((row, index) =>
    row.status === 'hashing' || row.status === 'ready' || (row.status === 'failed' && row.leafHex === null)
      ? {
          ...row,
          serialNumber: referenceFor(naming.pattern, row.name, index + 1, newReference),
          walletHash: naming.wallet ?? newWalletPseudonym(),
        }
      : row,
  );
}
