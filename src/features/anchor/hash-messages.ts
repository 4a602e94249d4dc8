/** Messages between the anchor page and its hash worker, checked on arrival (no casts). */
import { isRecord } from 'zap1';
import type { HashMethod } from './hash-chunks';

export type WorkerReply =
  | { type: 'progress'; bytesDone: number; totalBytes: number }
  | { type: 'done'; sha256Hex: string; totalBytes: number; elapsedMs: number; method: HashMethod }
  | { type: 'error'; message: string };

/** What the page asks of the worker: the file, and optionally the chunked path (benchmarks use it). */
export interface HashRequest {
  type: 'hash';
  file: Blob;
  prefer?: HashMethod;
}

const isHashMethod = (value: unknown): value is HashMethod => value === 'webcrypto' || value === 'hash-wasm';

/** The worker's reply, or null for anything else. */
export function parseWorkerReply(data: unknown): WorkerReply | null {
  if (!isRecord(data)) return null;
  if (data.type === 'progress' && typeof data.bytesDone === 'number' && typeof data.totalBytes === 'number') {
    return { type: 'progress', bytesDone: data.bytesDone, totalBytes: data.totalBytes };
  }
  if (
    data.type === 'done' &&
    typeof data.sha256Hex === 'string' &&
    typeof data.totalBytes === 'number' &&
    typeof data.elapsedMs === 'number' &&
    isHashMethod(data.method)
  ) {
    return {
      type: 'done',
      sha256Hex: data.sha256Hex,
      totalBytes: data.totalBytes,
      elapsedMs: data.elapsedMs,
      method: data.method,
    };
  }
  if (data.type === 'error' && typeof data.message === 'string')
    return { type: 'error', message: data.message };
  return null;
}

/** The hash request, or null when it carries no file or an unknown method. */
export function parseHashRequest(data: unknown): HashRequest | null {
  if (!isRecord(data) || data.type !== 'hash' || !(data.file instanceof Blob)) return null;
  if (data.prefer === undefined) return { type: 'hash', file: data.file };
  if (!isHashMethod(data.prefer)) return null;
  return { type: 'hash', file: data.file, prefer: data.prefer };
}

/** From the hash worker to its file reader: read this file, or the hasher is done with some bytes. */
export type ReaderRequest =
  { type: 'read'; file: Blob; maxAheadBytes: number } | { type: 'consumed'; bytes: number };

/** From the file reader to the hash worker: a chunk (its buffer transferred), the end, or a failure. */
export type ReaderMessage =
  { type: 'chunk'; bytes: Uint8Array } | { type: 'end' } | { type: 'error'; message: string };

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** A request to the file reader, or null. */
export function parseReaderRequest(data: unknown): ReaderRequest | null {
  if (!isRecord(data)) return null;
  if (
    data.type === 'read' &&
    data.file instanceof Blob &&
    isCount(data.maxAheadBytes) &&
    data.maxAheadBytes > 0
  )
    return { type: 'read', file: data.file, maxAheadBytes: data.maxAheadBytes };
  if (data.type === 'consumed' && isCount(data.bytes)) return { type: 'consumed', bytes: data.bytes };
  return null;
}

/** A message of the file reader, or null. */
export function parseReaderMessage(data: unknown): ReaderMessage | null {
  if (!isRecord(data)) return null;
  if (data.type === 'chunk' && data.bytes instanceof Uint8Array) return { type: 'chunk', bytes: data.bytes };
  if (data.type === 'end') return { type: 'end' };
  if (data.type === 'error' && typeof data.message === 'string')
    return { type: 'error', message: data.message };
  return null;
}
