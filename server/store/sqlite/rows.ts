/** Row shapes of the store's tables (the same on SQLite and PostgreSQL) and their mapping to its records. */
import { isHex64, parseHex } from 'zap1';
import type {
  AnchorAttempt,
  AnchorLogEntry,
  AnchorSpend,
  AnchorState,
  AnchoredRoot,
  LeafRecord,
  TrialKeyRecord,
  WebhookRecord,
} from '../store.js';

export interface LeafRow {
  position: number;
  leaf_hash: Buffer;
  event_type: number;
  wallet_hash: string;
  serial_number: string | null;
  created_at: string;
  timestamp: number | null;
  counterparty: string | null;
}

export interface AnchorRow {
  id: number;
  root_hash: string;
  leaf_count: number;
  state: AnchorState;
  opid: string | null;
  txid: string | null;
  height: number | null;
  block_time: number | null;
  attempts: number;
  last_error: string | null;
  send_started_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface RootRow {
  anchor_id: number;
  root_hash: string;
  leaf_count: number;
  txid: string;
  height: number;
  block_time: number | null;
  created_at: string;
  block_hash: string | null;
}

export const LEAF_COLUMNS =
  'position, leaf_hash, event_type, wallet_hash, serial_number, created_at, timestamp, counterparty';
export const ROOT_COLUMNS =
  'anchor_id, root_hash, leaf_count, txid, height, block_time, created_at, block_hash';

export function leafFromRow(row: LeafRow): LeafRecord {
  return {
    position: row.position,
    // Node's encoder: one native call, where a byte-by-byte one built a string of 32 pieces.
    leafHex: row.leaf_hash.toString('hex'),
    eventType: row.event_type,
    walletHash: row.wallet_hash,
    serialNumber: row.serial_number,
    createdAt: row.created_at,
    timestamp: row.timestamp,
    counterparty: row.counterparty,
  };
}

export function anchorFromRow(row: AnchorRow): AnchorAttempt {
  return {
    id: row.id,
    rootHex: row.root_hash,
    leafCount: row.leaf_count,
    state: row.state,
    opid: row.opid,
    txid: row.txid,
    height: row.height,
    blockTime: row.block_time,
    attempts: row.attempts,
    lastError: row.last_error,
    sendStartedAt: row.send_started_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function rootFromRow(row: RootRow): AnchoredRoot {
  return {
    anchorId: row.anchor_id,
    rootHex: row.root_hash,
    leafCount: row.leaf_count,
    txid: row.txid,
    height: row.height,
    blockTime: row.block_time,
    blockHash: row.block_hash,
    createdAt: row.created_at,
  };
}

const HEX64_EITHER_CASE = /^[0-9a-fA-F]{64}$/;

/** A leaf hash as the 32-byte BLOB the leaves table holds; malformed hex throws RangeError. */
export function hashBytes(hex: string): Buffer {
  // Node's decoder is fast but stops quietly at a bad digit: only checked hex goes to it.
  if (typeof hex === 'string' && HEX64_EITHER_CASE.test(hex)) return Buffer.from(hex, 'hex');
  const bytes = parseHex(hex, { name: 'leafHex', expectedBytes: 32 });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Bytes of a BLOB as the Uint8Array the tree works with (no copy). */
export function blobBytes(blob: Buffer): Uint8Array {
  return new Uint8Array(blob.buffer, blob.byteOffset, blob.byteLength);
}

export interface KeyRow {
  key_hash: string;
  quota: number;
  used: number;
  created_at: string;
  expires_at: string;
}

export const KEY_COLUMNS = 'key_hash, quota, used, created_at, expires_at';

export function keyFromRow(row: KeyRow): TrialKeyRecord {
  return {
    keyHash: row.key_hash,
    quota: row.quota,
    used: row.used,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

export interface WebhookRow {
  id: string;
  url: string;
  secret_hex: string;
  created_at: string;
  leaf_cursor: number;
  anchor_cursor: number;
}

export const WEBHOOK_COLUMNS = 'id, url, secret_hex, created_at, leaf_cursor, anchor_cursor';

export function webhookFromRow(row: WebhookRow): WebhookRecord {
  return {
    id: row.id,
    url: row.url,
    secretHex: row.secret_hex,
    createdAt: row.created_at,
    leafCursor: row.leaf_cursor,
    anchorCursor: row.anchor_cursor,
  };
}

/** Checks a hash argument before it reaches SQL: 64 lowercase hex. */
export function requireHex64(value: string, name: string): void {
  if (!isHex64(value)) throw new RangeError(`${name} must be 64 lowercase hex characters`);
}

/** A block hash argument as stored: 64 lowercase hex, or null when unknown. */
export function blockHashOrNull(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  requireHex64(value, 'blockHash');
  return value;
}

/** Checks a block height argument: a non-negative safe integer. */
export function requireHeight(height: number): void {
  if (!Number.isSafeInteger(height) || height < 0)
    throw new RangeError('height must be a non-negative integer');
}

/** A fee argument as stored: a non-negative safe integer of zatoshi, or null when unknown. */
export function feeOrNull(value: number | null | undefined): number | null {
  if (value === undefined || value === null) return null;
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError('feeZat must be a non-negative integer');
  return value;
}

/**
 * The one aggregate query of `anchorSpend` on both stores: the anchored roots (with their fee when
 * known) whose time, the fee's own or else the block's, satisfies `where` ('' for every root).
 * Integer casts keep PostgreSQL's sums bigint rather than numeric text.
 */
export function spendSql(where: string): string {
  return `SELECT COUNT(*) AS n, CAST(COALESCE(SUM(f.fee_zat), 0) AS BIGINT) AS fee,
    COUNT(*) - COUNT(f.fee_zat) AS unpriced, MIN(COALESCE(f.spent_at, r.block_time)) AS first
    FROM anchored_roots r LEFT JOIN anchor_fees f ON f.anchor_id = r.anchor_id
    ${where === '' ? '' : `WHERE COALESCE(f.spent_at, r.block_time) >= ${where}`}`;
}

export interface SpendRow {
  n: number;
  fee: number;
  unpriced: number;
  first: number | null;
}

export function spendFromRow(row: SpendRow | undefined): AnchorSpend {
  return {
    anchors: Number(row?.n ?? 0),
    feeZat: Number(row?.fee ?? 0),
    unpriced: Number(row?.unpriced ?? 0),
    firstAt: row?.first == null ? null : Number(row.first),
  };
}

/** Checks the leaf count an anchor intent covers: a positive safe integer. */
export function requireLeafCount(leafCount: number): void {
  if (!Number.isSafeInteger(leafCount) || leafCount < 1) {
    throw new RangeError('leafCount must be a positive integer');
  }
}

/** Log rows grouped by attempt, each group in the order the rows came (oldest change first). */
export function groupLog(
  rows: readonly (AnchorLogEntry & { anchor_id: number })[],
): Map<number, AnchorLogEntry[]> {
  const byAttempt = new Map<number, AnchorLogEntry[]>();
  for (const { anchor_id, at, state, change, detail } of rows) {
    const entries = byAttempt.get(anchor_id) ?? [];
    entries.push({ at, state, change, detail });
    byAttempt.set(anchor_id, entries);
  }
  return byAttempt;
}
