/** Messages between the anchor page and its hash worker, checked on arrival (no casts). */
import { isRecord } from '../../core';

export type WorkerReply =
  | { type: 'progress'; bytesDone: number; totalBytes: number }
  | { type: 'done'; sha256Hex: string; totalBytes: number; elapsedMs: number }
  | { type: 'error'; message: string };

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
    typeof data.elapsedMs === 'number'
  ) {
    return {
      type: 'done',
      sha256Hex: data.sha256Hex,
      totalBytes: data.totalBytes,
      elapsedMs: data.elapsedMs,
    };
  }
  if (data.type === 'error' && typeof data.message === 'string')
    return { type: 'error', message: data.message };
  return null;
}

/** The file a hash request carries, or null. */
export function parseHashRequest(data: unknown): Blob | null {
  if (!isRecord(data) || data.type !== 'hash' || !(data.file instanceof Blob)) return null;
  return data.file;
}
