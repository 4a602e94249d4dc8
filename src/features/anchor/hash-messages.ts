/** Messages between the anchor page and its hash worker, checked on arrival (no casts). */
import { isRecord } from '../../core';
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
