/**
 * The thread that keeps the wallet-link index caught up with the log (wallet-index.ts says why it
 * is a file of its own; wallet-index-thread.ts starts this). It looks at the log every
 * INDEX_POLL_MS and takes a chunk once LINK_INDEX_ROWS links wait, or once the oldest has waited
 * LINK_INDEX_DELAY_MS; a chunk per look, so a rebuild of a long log takes turns with the rest.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { INDEX_POLL_MS, LINK_INDEX_DELAY_MS, WalletIndexer } from './wallet-index.js';
import type { WalletIndexThreadOptions } from './wallet-index-thread.js';

if (!parentPort) throw new Error('wallet-index-worker.ts runs only as a worker thread');
const { indexFile, eventsFile, busyTimeoutMs, dueRows } = workerData as WalletIndexThreadOptions;
const indexer = WalletIndexer.open(indexFile, eventsFile, busyTimeoutMs);

/** When the index last had nothing waiting (how long the oldest waiting link has waited, at most). */
let caughtUpAt = Date.now();
const look = (): void => {
  try {
    const waiting = indexer.waiting();
    if (waiting === 0) caughtUpAt = Date.now();
    else if (waiting >= dueRows || Date.now() - caughtUpAt >= LINK_INDEX_DELAY_MS) {
      if (indexer.catchUp() >= waiting) caughtUpAt = Date.now();
    }
  } catch {
    // The file locked by another indexer, say: nothing was written; the next look tries again.
  }
};
setInterval(look, INDEX_POLL_MS);
