/** The messages between the SQLite store and its commit thread (commit-worker.ts). */
import type { TreeChunk } from '../store.js';
import type { LeafBatch, LeafBatchOutcome } from './leaf-writer.js';

/** WAL pages between the commit thread's checkpoints (commit-worker.ts says why so many). */
export const WAL_CHECKPOINT_PAGES = 10_000;

/** What the commit thread is started with. */
export interface CommitThreadOptions {
  file: string;
  busyTimeoutMs: number;
}

export type CommitRequest =
  | { id: number; kind: 'commit'; batch: LeafBatch }
  | { id: number; kind: 'chunks'; chunks: readonly TreeChunk[] }
  | { id: number; kind: 'close' };

/** An error as it crosses the thread boundary: its `code` is what tells a busy database (503) apart. */
export interface SerializedError {
  name: string;
  message: string;
  code: string | null;
}

export type CommitThreadReply =
  | { id: number; ok: true; outcome: LeafBatchOutcome | null }
  | { id: number; ok: false; error: SerializedError };
