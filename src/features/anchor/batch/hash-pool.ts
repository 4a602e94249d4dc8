/**
 * Hashes many files at once, each in one of a few hash workers (as many as the machine has cores,
 * at most 4): the page only hears progress and digests, so it stays responsive while a folder of
 * thousands of files is read. Cancel stops every worker at once.
 */
import { parseWorkerReply } from '../hash-messages';

export interface HashJob {
  id: string;
  file: Blob;
}

export interface HashPoolEvents {
  progress: (id: string, bytesDone: number) => void;
  done: (id: string, sha256Hex: string) => void;
  failed: (id: string, message: string) => void;
}

/** How many workers: the cores the browser reports, at most 4, at least 1. */
export function poolSize(cores: number | undefined): number {
  return Math.max(1, Math.min(4, cores ?? 2));
}

export class HashPool {
  readonly #queue: HashJob[] = [];
  readonly #workers: Worker[] = [];
  readonly #busy = new Set<Worker>();
  readonly #events: HashPoolEvents;
  readonly #size: number;

  constructor(events: HashPoolEvents, size = poolSize(globalThis.navigator?.hardwareConcurrency)) {
    this.#events = events;
    this.#size = size;
  }

  add(jobs: readonly HashJob[]): void {
    this.#queue.push(...jobs);
    while (this.#workers.length < Math.min(this.#size, this.#queue.length + this.#busy.size)) {
      this.#workers.push(new Worker(new URL('../hash-worker.ts', import.meta.url), { type: 'module' }));
    }
    for (const worker of this.#workers) if (!this.#busy.has(worker)) this.#next(worker);
  }

  /** Stops every worker; the jobs not finished are dropped (their rows say so). */
  cancel(): void {
    this.#queue.length = 0;
    for (const worker of this.#workers) worker.terminate();
    this.#workers.length = 0;
    this.#busy.clear();
  }

  #next(worker: Worker): void {
    const job = this.#queue.shift();
    if (job === undefined) {
      this.#busy.delete(worker);
      return;
    }
    this.#busy.add(worker);
    const onMessage = (event: MessageEvent<unknown>) => {
      const reply = parseWorkerReply(event.data);
      if (reply?.type === 'progress') this.#events.progress(job.id, reply.bytesDone);
      else if (reply?.type === 'done') {
        finish();
        this.#events.done(job.id, reply.sha256Hex);
      } else if (reply?.type === 'error') {
        finish();
        this.#events.failed(job.id, reply.message);
      }
    };
    const onError = (event: ErrorEvent) => {
      finish();
      this.#events.failed(job.id, event.message || 'The hash worker failed to start.');
    };
    const finish = () => {
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      queueMicrotask(() => this.#next(worker));
    };
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
    worker.postMessage({ type: 'hash', file: job.file });
  }
}
