/**
 * The page's side of verify-worker.ts: one worker, started on the first verification and kept, each
 * request matched to its answer by id. Where a worker cannot run (tests in jsdom, a browser that
 * refuses it, a worker that failed to load while offline) the verification runs here instead.
 */
import type { VerificationResult, VerificationRun } from './verification-run';

/** The verification on this thread, loaded only when a worker cannot run it. */
const runHere = (run: VerificationRun): Promise<VerificationResult> =>
  import('./verification-run').then(({ runVerification }) => runVerification(run, new Date()));

type Answer =
  { id: number; ok: true; result: VerificationResult } | { id: number; ok: false; message: string };

let worker: Worker | null = null;
let broken = false;
let nextId = 1;
const waiting = new Map<
  number,
  { resolve: (r: VerificationResult) => void; reject: (e: Error) => void; run: VerificationRun }
>();

function start(): Worker | null {
  if (broken || typeof Worker === 'undefined') return null;
  if (worker) return worker;
  try {
    worker = new Worker(new URL('./verify-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    broken = true;
    return null;
  }
  worker.addEventListener('message', (event: MessageEvent<Answer>) => {
    const answer = event.data;
    const entry = waiting.get(answer.id);
    if (!entry) return;
    waiting.delete(answer.id);
    if (answer.ok) entry.resolve(answer.result);
    else entry.reject(new Error(answer.message));
  });
  // A worker that cannot load (its file unreachable) gives its pending runs back to the page.
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    broken = true;
    worker?.terminate();
    worker = null;
    for (const [id, entry] of waiting) {
      waiting.delete(id);
      runHere(entry.run).then(entry.resolve, entry.reject);
    }
  });
  return worker;
}

/** Verifies `run` on the worker's thread where there is one, else on this one. */
export function verifyOffThread(run: VerificationRun): Promise<VerificationResult> {
  const thread = start();
  if (thread === null) return runHere(run);
  return new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject, run });
    thread.postMessage({ id, run });
  });
}

/** Starts the worker ahead of the first verification, so its code is loaded and compiled by then. */
export function warmVerifyWorker(): void {
  start();
}
