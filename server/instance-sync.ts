/**
 * Keeps this instance's tree up with the leaves other instances write to the same PostgreSQL
 * database: on their commit notification (LISTEN/NOTIFY), and by polling in case a notification is
 * lost (a dropped LISTEN connection reconnects, but what was sent meanwhile is not replayed).
 */
import type { Ledger } from './ledger.js';
import type { Store } from './store/store.js';

/** The polling fallback: a lost notification delays a catch-up by at most this. */
export const CATCH_UP_POLL_MS = 500;

export interface InstanceSync {
  stop(): Promise<void>;
}

export async function followOtherInstances(
  store: Store,
  ledger: Ledger,
  options: { pollMs?: number; log?: (line: string) => void } = {},
): Promise<InstanceSync> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const log = options.log ?? (() => {});

  // Notifications arrive for every commit: while one catch-up runs, the next ones fold into one more.
  const catchUp = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = ledger
      .catchUp()
      .then(
        () => undefined,
        (err: unknown) => log(`catch-up: ${err instanceof Error ? err.message : String(err)}`),
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          catchUp();
        }
      });
  };

  // This instance's own commits are signalled too: those it has applied already need no look.
  const unwatch = await store.signals.watch('leaves', (highestPosition) => {
    if (highestPosition === null || highestPosition > ledger.size) catchUp();
  });
  const poll = setInterval(catchUp, options.pollMs ?? CATCH_UP_POLL_MS);
  poll.unref();
  catchUp();
  return {
    async stop() {
      stopped = true;
      clearInterval(poll);
      await unwatch();
      await running;
    },
  };
}
