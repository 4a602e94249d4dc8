/**
 * Hashes one file off the main thread. A file that fits in memory is read whole and digested by
 * WebCrypto (one call, several times hash-wasm's speed); a larger one, or any file where WebCrypto
 * is unavailable (a page served over plain http from another host), goes chunk by chunk through
 * hash-wasm while a file reader worker reads ahead on another thread, so its size never matters.
 * Either way the file is read as a stream, with progress.
 * The page creates the worker before a file is chosen and cancels by terminating it.
 */
import { createSHA256, type IHasher } from 'hash-wasm';
import { chooseHashMethod, feedStream, type HashMethod } from './hash-chunks';
import { parseHashRequest, parseReaderMessage, type WorkerReply } from './hash-messages';

// The reader may be this far ahead of hashing: enough to keep both threads busy, small in memory.
const READ_AHEAD_BYTES = 32 * 1024 * 1024;

// Progress every chunk would flood the page with messages on fast disks; 10 per second is enough.
const PROGRESS_EVERY_MS = 100;

// Compiled while the page waits for a file, so the chunked path starts at once.
let wasmHasher: Promise<IHasher> | null = null;
const hashWasm = (): Promise<IHasher> => (wasmHasher ??= createSHA256());
void hashWasm().catch(() => undefined);

function reply(message: WorkerReply): void {
  postMessage(message);
}

const toHex = (digest: ArrayBuffer): string =>
  Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');

/** The whole file in one buffer, or null when the browser cannot spare that much memory. */
function allocate(size: number): Uint8Array<ArrayBuffer> | null {
  try {
    return new Uint8Array(size);
  } catch {
    return null;
  }
}

async function hash(
  file: Blob,
  preferred: HashMethod,
  onProgress: (bytesDone: number) => void,
): Promise<{ sha256Hex: string; method: HashMethod }> {
  const buffer = preferred === 'webcrypto' ? allocate(file.size) : null;
  if (buffer) {
    await feedStream({
      stream: file.stream(),
      totalBytes: file.size,
      onChunk: (chunk, offset) => buffer.set(chunk, offset),
      onProgress: ({ bytesDone }) => onProgress(bytesDone),
    });
    return { sha256Hex: toHex(await crypto.subtle.digest('SHA-256', buffer)), method: 'webcrypto' };
  }
  const hasher = await hashWasm();
  hasher.init();
  if (typeof Worker === 'function') {
    await hashReadElsewhere(file, hasher, onProgress);
  } else {
    // No workers inside workers here: read and hash in turn on this thread.
    await feedStream({
      stream: file.stream(),
      totalBytes: file.size,
      onChunk: (chunk) => hasher.update(chunk),
      onProgress: ({ bytesDone }) => onProgress(bytesDone),
    });
  }
  return { sha256Hex: hasher.digest('hex'), method: 'hash-wasm' };
}

/**
 * Hashes chunks that a file reader worker reads on another thread, so reading and hashing overlap.
 * A file that turns out longer or shorter than its size rejects, as in `feedStream`.
 */
async function hashReadElsewhere(
  file: Blob,
  hasher: IHasher,
  onProgress: (bytesDone: number) => void,
): Promise<void> {
  const reader = new Worker(new URL('./file-reader-worker.ts', import.meta.url), { type: 'module' });
  const changed = (read: number) =>
    new Error(`Read ${read} bytes instead of ${file.size}; was the file changed while hashing?`);
  try {
    await new Promise<void>((resolve, reject) => {
      let bytesDone = 0;
      reader.addEventListener('message', (event: MessageEvent<unknown>) => {
        const message = parseReaderMessage(event.data);
        if (message?.type === 'chunk') {
          if (bytesDone + message.bytes.length > file.size) {
            reject(changed(bytesDone + message.bytes.length));
            return;
          }
          hasher.update(message.bytes);
          bytesDone += message.bytes.length;
          reader.postMessage({ type: 'consumed', bytes: message.bytes.length });
          onProgress(bytesDone);
        } else if (message?.type === 'end') {
          if (bytesDone === file.size) resolve();
          else reject(changed(bytesDone));
        } else if (message?.type === 'error') {
          reject(new Error(message.message));
        }
      });
      reader.addEventListener('error', (event) =>
        reject(new Error(event.message || 'The file reader failed to start.')),
      );
      reader.postMessage({ type: 'read', file, maxAheadBytes: READ_AHEAD_BYTES });
    });
  } finally {
    reader.terminate();
  }
}

addEventListener('message', (event: MessageEvent<unknown>) => {
  const request = parseHashRequest(event.data);
  if (!request) {
    reply({ type: 'error', message: 'The hash worker received no file.' });
    return;
  }
  const { file } = request;
  void (async () => {
    try {
      const started = performance.now();
      let lastReport = 0;
      const preferred = chooseHashMethod({
        totalBytes: file.size,
        // WebCrypto exists only in secure contexts (https, or this machine over http).
        subtleAvailable: globalThis.isSecureContext && typeof crypto === 'object' && 'subtle' in crypto,
        prefer: request.prefer,
      });
      const { sha256Hex, method } = await hash(file, preferred, (bytesDone) => {
        const now = performance.now();
        if (now - lastReport >= PROGRESS_EVERY_MS || bytesDone === file.size) {
          lastReport = now;
          reply({ type: 'progress', bytesDone, totalBytes: file.size });
        }
      });
      reply({
        type: 'done',
        sha256Hex,
        totalBytes: file.size,
        elapsedMs: performance.now() - started,
        method,
      });
    } catch (error) {
      reply({
        type: 'error',
        message: error instanceof Error ? error.message : 'The file could not be read.',
      });
    }
  })();
});
