/**
 * The main thread's side of the SQLite commit thread (commit-worker.ts): sends each batch there
 * and resolves with its results once the thread's transaction has committed durably. If the
 * thread dies, what it was asked is rejected (nothing of a failed transaction is kept) and the
 * next request starts a new thread.
 */
import type { Worker } from 'node:worker_threads';
import type { TreeChunk } from '../store.js';
import type {
  CommitRequest,
  CommitThreadOptions,
  CommitThreadReply,
  SerializedError,
} from './commit-protocol.js';
import type { LeafBatch, LeafBatchOutcome } from './leaf-writer.js';
import { startWorker } from '../../start-worker.js';

/** Rebuilds the thread's error with its name and code, so callers judge it as if thrown here. */
function revive(serialized: SerializedError): Error {
  const error =
    serialized.name === 'RangeError' ? new RangeError(serialized.message) : new Error(serialized.message);
  if (serialized.name !== 'RangeError') error.name = serialized.name;
  if (serialized.code !== null) Object.assign(error, { code: serialized.code });
  return error;
}

interface Waiting {
  resolve: (outcome: LeafBatchOutcome | null) => void;
  reject: (error: unknown) => void;
}

export class SqliteCommitThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private closed = false;

  constructor(private readonly options: CommitThreadOptions) {}

  async commit(batch: LeafBatch): Promise<LeafBatchOutcome> {
    const outcome = await this.send({ id: 0, kind: 'commit', batch });
    if (!outcome) throw new Error('the SQLite commit thread answered a commit without its outcome');
    return outcome;
  }

  async saveChunks(chunks: readonly TreeChunk[]): Promise<void> {
    await this.send({ id: 0, kind: 'chunks', chunks });
  }

  /** Lets the thread finish what it was asked, closes its connection and ends it. */
  async close(): Promise<void> {
    if (this.closed) return;
    const worker = this.worker;
    if (worker) {
      await this.send({ id: 0, kind: 'close' }).catch(() => null);
      await worker.terminate();
    }
    this.closed = true;
    this.worker = null;
  }

  private send(request: CommitRequest): Promise<LeafBatchOutcome | null> {
    if (this.closed) return Promise.reject(new Error('the store is closed'));
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // An answer awaited keeps the process alive; an idle thread does not.
      if (this.waiting.size === 0) worker.ref();
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker(new URL('./commit-worker.js', import.meta.url), this.options);
    worker.on('message', (reply: CommitThreadReply) => {
      const waiting = this.waiting.get(reply.id);
      if (!waiting) return;
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) worker.unref();
      if (reply.ok) waiting.resolve(reply.outcome);
      else waiting.reject(revive(reply.error));
    });
    const fail = (error: Error): void => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the SQLite commit thread ended (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
