/**
 * Sends a batch's ready rows one after another, within the key's limits: a `429` is waited out as
 * its `Retry-After` says (the wait is shown), a key that can write no more (its quota used up,
 * expired, unknown) or a service that cannot be reached stops the batch, and a row the service
 * refuses fails alone. Each answer is checked: the service must record the leaf this page computed.
 */
import { ApiError } from '../../../api/client';
import { submitEvent } from '../../../api/submit-event';
import { rowEvent, rowLeaf, type BatchRow } from './batch-model';

export interface SendCallbacks {
  recorded: (id: string, result: { leafHex: string; created: boolean }) => void;
  failed: (id: string, message: string) => void;
  /** The service asked to wait this many seconds (null once sending goes on). */
  waiting: (seconds: number | null) => void;
}

export interface SendResult {
  sent: number;
  /** Why the batch stopped before every row was sent, or null. */
  stopped: string | null;
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** Errors that no other row would escape either: the batch stops on them. */
function stopsTheBatch(error: ApiError): boolean {
  return error.isUnreachable || error.status === 401 || error.status === 403 || error.status >= 500;
}

/** How many events are in flight at once: enough to hide each request's round trip, few enough to be polite. */
export const SEND_CONCURRENCY = 4;

export async function sendRows(
  rows: readonly BatchRow[],
  options: { baseUrl: string; apiKey: string; signal: AbortSignal },
  on: SendCallbacks,
): Promise<SendResult> {
  let sent = 0;
  let stopped: string | null = null;
  // While the service asks to wait, every sender waits for the same moment.
  let resumeAt = 0;
  const queue = [...rows];

  const sendOne = async (row: BatchRow) => {
    for (let attempt = 0; stopped === null; attempt++) {
      const wait = resumeAt - Date.now();
      if (wait > 0) await pause(wait, options.signal);
      options.signal.throwIfAborted();
      try {
        const answer = await submitEvent(options.baseUrl, rowEvent(row), {
          apiKey: options.apiKey,
          signal: options.signal,
        });
        on.waiting(null);
        const expected = rowLeaf(row);
        if (answer.leaf_hash !== expected) {
          on.failed(row.id, `The service recorded leaf ${answer.leaf_hash}, not ${expected}.`);
        } else {
          on.recorded(row.id, { leafHex: expected, created: answer.status === 'created' });
          sent++;
        }
        return;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if ((error.status === 429 || error.status === 503) && attempt < 30) {
          const seconds = error.retryAfterS ?? Math.min(60, 2 ** attempt);
          resumeAt = Math.max(resumeAt, Date.now() + seconds * 1000);
          on.waiting(seconds);
          continue;
        }
        on.waiting(null);
        if (stopsTheBatch(error)) stopped ??= error.message;
        else on.failed(row.id, error.message);
        return;
      }
    }
  };

  const sender = async () => {
    for (let row = queue.shift(); row !== undefined && stopped === null; row = queue.shift())
      await sendOne(row);
  };
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, rows.length) }, sender));
  return { sent, stopped };
}
