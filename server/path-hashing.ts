/**
 * Hashing proof paths off the event loop (verified-proof.ts). A first request for a proof hashes its
 * path from the leaf up, about ten node hashes: under load that was the largest part of the event
 * loop's work for a proof (as profiled on the many-roots benchmark, docs/benchmarks.md). Paths asked for in the same turn of
 * the event loop go together, in one message, to a hashing thread (path-hash-worker.ts). A path
 * asked for alone while the thread has nothing to do is hashed here at once, which is quicker than
 * the round trip. The thread only hashes: its nodes are checked by the caller exactly as nodes
 * hashed here would be (they must reach a verified node or the anchored root).
 *
 * One thread per process, started on first use; while it has nothing to do it does not keep the
 * process alive. If it fails, or answers nothing for THREAD_SILENCE_MS while batches wait, what it
 * was sent is hashed here, and so is every later path.
 */
import type { Worker } from 'node:worker_threads';
import type { PackedPath } from 'zap1';
import { hashPaths, nodesByPath, packPaths } from './path-batch.js';
import type { PathBatchReply, PathBatchRequest } from './path-hash-worker.js';
import { startWorker } from './start-worker.js';

interface Job {
  leaf: Uint8Array;
  path: PackedPath;
  resolve: (nodes: Uint8Array) => void;
  reject: (error: unknown) => void;
}

interface Sent {
  jobs: Job[];
  /** How many steps each job's path has. */
  lengths: Uint32Array;
}

/**
 * How long the thread may go without answering anything while batches wait before it is given up
 * for good. A batch of hundreds of paths takes milliseconds; a thread that is merely behind keeps
 * answering, one that answers nothing for this long is stuck.
 */
export const THREAD_SILENCE_MS = 10_000;

/** Hashes the batch of `jobs` here and settles each. */
function hashHere(jobs: Job[]): void {
  let byPath: Uint8Array[];
  try {
    const batch = packPaths(jobs);
    byPath = nodesByPath(batch.lengths, hashPaths(batch));
  } catch (error) {
    for (const job of jobs) job.reject(error);
    return;
  }
  jobs.forEach((job, i) => job.resolve(byPath[i]!));
}

export class PathHasher {
  private queue: Job[] = [];
  private flushing = false;
  private worker: Worker | null = null;
  private failed = false;
  private nextId = 1;
  private readonly sent = new Map<number, Sent>();
  /** Set while batches wait: gives the thread up if it answers nothing before it fires. */
  private silence: NodeJS.Timeout | null = null;
  /** Paths hashed on the thread and here, since the process started. */
  readonly counts = { onThread: 0, here: 0 };

  /** Whether the thread failed for good (every path is hashed here since). */
  get threadFailed(): boolean {
    return this.failed;
  }

  /**
   * `startThread`: starts the hashing thread (path-hash-worker.ts unless a test says otherwise);
   * `silenceMs`: how long it may answer nothing while batches wait.
   */
  constructor(
    private readonly startThread: () => Worker = () =>
      startWorker(new URL('./path-hash-worker.js', import.meta.url), null),
    private readonly silenceMs = THREAD_SILENCE_MS,
  ) {}

  /** The node after each step of `path`, hashed up from `leaf`: 32 bytes each, one after another. */
  climb(leaf: Uint8Array, path: PackedPath): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      this.queue.push({ leaf, path, resolve, reject });
      if (this.flushing) return;
      this.flushing = true;
      // After this turn's I/O callbacks, so that the paths of every request read in it go together.
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    this.flushing = false;
    const jobs = this.queue;
    this.queue = [];
    if (jobs.length > 1 || this.sent.size > 0) {
      try {
        if (this.send(jobs)) return;
      } catch (error) {
        // Starting or reaching the thread failed at once: the same as its failing later.
        this.giveUp(`could not be used (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    this.counts.here += jobs.length;
    hashHere(jobs);
  }

  /** Sends `jobs` to the thread, started if need be; false when there is none. */
  private send(jobs: Job[]): boolean {
    const worker = this.ensureWorker();
    if (worker === null) return false;
    const batch = packPaths(jobs);
    const id = this.nextId++;
    const request: PathBatchRequest = { id, ...batch };
    // The hashes move to the thread (no copy); `lengths` is kept to split the answer.
    worker.postMessage(request, [batch.leaves.buffer, batch.siblings.buffer, batch.siblingOnRight.buffer]);
    this.sent.set(id, { jobs, lengths: batch.lengths });
    if (this.silence === null) this.awaitAnswer();
    // Answers awaited keep the process alive; an idle thread does not.
    if (this.sent.size === 1) worker.ref();
    return true;
  }

  /** (Re)starts the wait for the thread's next answer, while batches wait for one. */
  private awaitAnswer(): void {
    if (this.sent.size === 0) {
      if (this.silence !== null) clearTimeout(this.silence);
      this.silence = null;
      return;
    }
    if (this.silence !== null) {
      this.silence.refresh();
      return;
    }
    this.silence = setTimeout(
      () => this.giveUp(`answered nothing for ${this.silenceMs / 1000} s`),
      this.silenceMs,
    );
    // The thread's own reference keeps the process alive while answers are awaited, not this timer.
    this.silence.unref();
  }

  private ensureWorker(): Worker | null {
    if (this.worker !== null || this.failed) return this.worker;
    const worker = this.startThread();
    worker.unref();
    worker.on('message', (reply: PathBatchReply) => {
      const sent = this.sent.get(reply.id);
      if (sent === undefined) return;
      this.sent.delete(reply.id);
      this.awaitAnswer();
      if (this.sent.size === 0) worker.unref();
      this.counts.onThread += sent.jobs.length;
      const byPath = nodesByPath(sent.lengths, reply.nodes);
      sent.jobs.forEach((job, i) => job.resolve(byPath[i]!));
    });
    worker.on('messageerror', (error) => this.giveUp(`sent an unreadable answer (${error.message})`));
    worker.on('error', (error) => this.giveUp(`failed (${error.message})`));
    worker.on('exit', (code) => this.giveUp(`exited (${code})`));
    this.worker = worker;
    return worker;
  }

  /** Stops using the thread for good: what it was sent, and every later path, is hashed here. */
  private giveUp(reason: string): void {
    if (this.failed) return;
    this.failed = true;
    const worker = this.worker;
    this.worker = null;
    console.error(`proof path hashing thread ${reason}: hashing on the event loop from now on`);
    // Packed again: what was sent moved to the thread.
    if (this.silence !== null) clearTimeout(this.silence);
    this.silence = null;
    for (const { jobs } of this.sent.values()) {
      this.counts.here += jobs.length;
      hashHere(jobs);
    }
    this.sent.clear();
    void worker?.terminate();
  }
}

const hasher = new PathHasher();

/**
 * The node after each step of `path`, hashed up from `leaf` (on the hashing thread under load): 32
 * bytes each, one after another.
 */
export function climbPath(leaf: Uint8Array, path: PackedPath): Promise<Uint8Array> {
  return hasher.climb(leaf, path);
}

/**
 * How many paths were hashed on the thread and on the event loop since the process started, and
 * whether the thread failed for good (GET /metrics).
 */
export function pathHashingCounts(): { onThread: number; here: number; threadFailed: boolean } {
  return { ...hasher.counts, threadFailed: hasher.threadFailed };
}
