/**
 * One scheduler for heavy reads (the lifecycle export): their work runs in slices, one slice at a
 * time, round-robin over the reads waiting, with a budget of event-loop time per turn shared by all
 * of them. Once a turn's budget is spent the scheduler yields (setImmediate), so the requests that
 * arrived meanwhile (`/health`, a page, a POST) run before the next slice: however many exports
 * stream at once, a small request waits for one turn's budget at most, not for a batch of each.
 *
 * A slice is a function given `left()`: it does one unit of work, then another while `left()` is
 * true, and returns. Its budget ends at the sooner of its own and its turn's end, so a slice runs
 * past its budget by one unit at most; units must be small (an entry or a few, one store read).
 * Slices may await (PostgreSQL reads); the next slice starts once this one is done, and the time
 * spent waiting counts against the turn, so waiting never adds work to a turn.
 */
import { setImmediate as nextTurnOfLoop } from 'node:timers/promises';

/** What a slice may ask: whether its budget has time left. */
export interface Slice {
  left(): boolean;
}

export interface HeavyWorkOptions {
  /** Event-loop time per turn for all heavy reads together. */
  turnMs: number;
  /** At most this much of a turn for one slice, so that several reads move within a turn. */
  sliceMs: number;
  /** The clock (ms); tests pass their own. */
  now?: () => number;
  /** Waits for the next turn of the event loop; tests pass their own. */
  nextTurn?: () => Promise<unknown>;
}

interface Job {
  work: (slice: Slice) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

export class HeavyWork {
  readonly #queue: Job[] = [];
  #pumping = false;
  readonly #turnMs: number;
  readonly #sliceMs: number;
  readonly #now: () => number;
  readonly #nextTurn: () => Promise<unknown>;
  #slicesRun = 0;
  #turns = 0;

  constructor(options: HeavyWorkOptions) {
    this.#turnMs = options.turnMs;
    this.#sliceMs = Math.min(options.sliceMs, options.turnMs);
    this.#now = options.now ?? (() => performance.now());
    this.#nextTurn = options.nextTurn ?? (() => nextTurnOfLoop());
  }

  /** Slices run so far, slices waiting for their turn, and turns taken. */
  get stats(): { slicesRun: number; waiting: number; turns: number } {
    return { slicesRun: this.#slicesRun, waiting: this.#queue.length, turns: this.#turns };
  }

  /**
   * Runs `work` as one slice when its turn comes (after every slice already waiting) and answers
   * what it returns. Aborting `signal` drops a slice still waiting (rejecting with the signal's
   * reason); a slice already running finishes.
   */
  run<T>(work: (slice: Slice) => T | Promise<T>, signal?: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const job: Job = {
        work,
        resolve: resolve as (value: unknown) => void,
        reject,
        signal,
        onAbort: undefined,
      };
      if (signal) {
        job.onAbort = () => {
          const at = this.#queue.indexOf(job);
          if (at >= 0) {
            this.#queue.splice(at, 1);
            reject(signal.reason);
          }
        };
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.#queue.push(job);
      if (!this.#pumping) void this.#pump();
    });
  }

  async #pump(): Promise<void> {
    this.#pumping = true;
    try {
      while (this.#queue.length > 0) {
        // Every turn starts on a turn of its own: whatever ran before (a request handler) is not
        // charged to it, and the requests waiting run first.
        await this.#nextTurn();
        this.#turns++;
        const turnEnd = this.#now() + this.#turnMs;
        while (this.#queue.length > 0 && this.#now() < turnEnd) {
          const job = this.#queue.shift()!;
          if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
          const sliceEnd = Math.min(turnEnd, this.#now() + this.#sliceMs);
          this.#slicesRun++;
          try {
            job.resolve(await job.work({ left: () => this.#now() < sliceEnd }));
          } catch (error) {
            job.reject(error);
          }
        }
      }
    } finally {
      this.#pumping = false;
    }
  }
}

/**
 * The service's heavy reads share this one (one event loop, one budget). 8 ms a turn in slices of
 * at most 4 ms: a small request waits about a turn behind heavy reads (bench/export-load.bench.ts).
 */
export const heavyWork = new HeavyWork({ turnMs: 8, sliceMs: 4 });
