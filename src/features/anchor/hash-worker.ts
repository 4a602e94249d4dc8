/**
 * Hashes one file off the main thread: SHA-256 with hash-wasm (docs/architecture.md: about twice
 * @noble/hashes' speed; WebCrypto cannot hash in chunks), reading Blob.slice ranges so a file of
 * any size never sits in memory whole. The page cancels by terminating the worker.
 */
import { createSHA256 } from 'hash-wasm';
import { hashInChunks } from './hash-chunks';
import { parseHashRequest, type WorkerReply } from './hash-messages';

// Progress every chunk would flood the page with messages on fast disks; 10 per second is enough.
const PROGRESS_EVERY_MS = 100;

function reply(message: WorkerReply): void {
  postMessage(message);
}

addEventListener('message', (event: MessageEvent<unknown>) => {
  const file = parseHashRequest(event.data);
  if (!file) {
    reply({ type: 'error', message: 'The hash worker received no file.' });
    return;
  }
  void (async () => {
    try {
      const started = performance.now();
      let lastReport = 0;
      const hasher = await createSHA256();
      hasher.init();
      await hashInChunks({
        totalBytes: file.size,
        readRange: async (start, end) => new Uint8Array(await file.slice(start, end).arrayBuffer()),
        sink: hasher,
        onProgress: ({ bytesDone, totalBytes }) => {
          const now = performance.now();
          if (now - lastReport >= PROGRESS_EVERY_MS || bytesDone === totalBytes) {
            lastReport = now;
            reply({ type: 'progress', bytesDone, totalBytes });
          }
        },
      });
      reply({
        type: 'done',
        sha256Hex: hasher.digest('hex'),
        totalBytes: file.size,
        elapsedMs: performance.now() - started,
      });
    } catch (error) {
      reply({
        type: 'error',
        message: error instanceof Error ? error.message : 'The file could not be read.',
      });
    }
  })();
});
