/**
 * The main thread's side of the wallet-index thread (wallet-index-worker.ts): started when the
 * store opens with links waiting, else with the first commit (a store that never commits and has
 * nothing waiting never starts it), and restarted with the next commit if it dies (a second later
 * at the soonest). It never holds the process open.
 */
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../start-worker.js';

/** After the thread ended, the wait before a commit starts another (one that cannot open would otherwise restart with every commit). */
const RESTART_AFTER_MS = 1_000;

export interface WalletIndexThreadOptions {
  indexFile: string;
  eventsFile: string;
  busyTimeoutMs: number;
  /** Links waiting that make a catch-up due at once (LINK_INDEX_ROWS; tests use a handful). */
  dueRows: number;
}

export class WalletIndexThread {
  private worker: Worker | null = null;
  private closed = false;
  private endedAt = 0;

  constructor(private readonly options: WalletIndexThreadOptions) {}

  /** Starts the thread unless it runs. */
  ensureRunning(): void {
    if (this.worker || this.closed || Date.now() - this.endedAt < RESTART_AFTER_MS) return;
    const worker = startWorker(new URL('./wallet-index-worker.js', import.meta.url), this.options);
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.endedAt = Date.now();
    });
    worker.unref();
    this.worker = worker;
  }

  /**
   * Ends the thread. A catch-up it was in is one transaction: ended part-way, it wrote nothing
   * (better-sqlite3 closes a thread's connections as the thread ends).
   */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}
