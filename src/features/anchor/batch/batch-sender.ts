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

export async function sendRows(
  rows: readonly BatchRow[],
  options: { baseUrl: string; apiKey: string; signal: AbortSignal },
  on: SendCallbacks,
): Promise<SendResult> {
  let sent = 0;
  for (const row of rows) {
    for (let attempt = 0; ; attempt++) {
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
        break;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if ((error.status === 429 || error.status === 503) && attempt < 30) {
          const seconds = error.retryAfterS ?? Math.min(60, 2 ** attempt);
          on.waiting(seconds);
          await pause(seconds * 1000, options.signal);
          continue;
        }
        on.waiting(null);
        if (stopsTheBatch(error)) return { sent, stopped: error.message };
        on.failed(row.id, error.message);
        break;
      }
    }
  }
  return { sent, stopped: null };
}
