/**
 * The file hasher's reading loop and its choice of hasher, free of workers and files so they can be
 * tested. The worker reads the file as a stream (in Chromium markedly faster than Blob.slice
 * reads: docs/benchmarks.md) and hands every chunk on as it arrives.
 */

/**
 * Files up to this size are read whole into memory and hashed with one WebCrypto digest, which in
 * Chromium is several times hash-wasm's speed (docs/benchmarks.md, measured in the same page).
 * Larger files are hashed chunk by chunk, so memory stays small whatever the size.
 */
export const IN_MEMORY_MAX_BYTES = 512 * 1024 * 1024;

/** `webcrypto`: the whole file in one `crypto.subtle.digest`; `hash-wasm`: incremental, chunk by chunk. */
export type HashMethod = 'webcrypto' | 'hash-wasm';

/**
 * WebCrypto when the page may use it (a secure context) and the file fits under `maxInMemoryBytes`;
 * otherwise hash-wasm. `prefer: 'hash-wasm'` forces the chunked path (the benchmark measures it).
 */
export function chooseHashMethod(options: {
  totalBytes: number;
  subtleAvailable: boolean;
  maxInMemoryBytes?: number;
  prefer?: HashMethod;
}): HashMethod {
  if (options.prefer === 'hash-wasm' || !options.subtleAvailable) return 'hash-wasm';
  return options.totalBytes <= (options.maxInMemoryBytes ?? IN_MEMORY_MAX_BYTES) ? 'webcrypto' : 'hash-wasm';
}

export interface HashProgress {
  bytesDone: number;
  totalBytes: number;
}

export interface FeedStreamOptions {
  stream: ReadableStream<Uint8Array>;
  totalBytes: number;
  /** Receives every chunk in order with its offset in the file. */
  onChunk: (chunk: Uint8Array, offset: number) => void;
  onProgress?: (progress: HashProgress) => void;
  /** Polled between chunks; true stops the loop and releases the stream. */
  isCancelled?: () => boolean;
}

/**
 * Feeds every chunk of `stream` to `onChunk`. Resolves 'done' after exactly `totalBytes` bytes,
 * 'cancelled' when stopped early. More or fewer bytes than announced reject: a file that changed
 * while being read must not yield a digest.
 */
export async function feedStream(options: FeedStreamOptions): Promise<'done' | 'cancelled'> {
  const { stream, totalBytes, onChunk } = options;
  if (!Number.isSafeInteger(totalBytes) || totalBytes < 0)
    throw new RangeError('totalBytes must be a non-negative integer');
  const changed = (read: number) =>
    new Error(`Read ${read} bytes instead of ${totalBytes}; was the file changed while hashing?`);
  const reader = stream.getReader();
  let offset = 0;
  try {
    options.onProgress?.({ bytesDone: 0, totalBytes });
    for (;;) {
      if (options.isCancelled?.()) {
        await reader.cancel();
        return 'cancelled';
      }
      const { done, value } = await reader.read();
      if (done) break;
      if (offset + value.length > totalBytes) throw changed(offset + value.length);
      onChunk(value, offset);
      offset += value.length;
      options.onProgress?.({ bytesDone: offset, totalBytes });
    }
  } finally {
    reader.releaseLock();
  }
  if (offset !== totalBytes) throw changed(offset);
  return 'done';
}

/**
 * Below these a speed says nothing: the worker's start-up and the browser's coarsened timer (up to a
 * millisecond, far more with fingerprinting protection) outweigh the hashing itself.
 */
export const MIN_SPEED_BYTES = 1_000_000;
export const MIN_SPEED_MS = 50;

/**
 * Throughput in MB/s (10^6 bytes per second), or null while it cannot be measured meaningfully:
 * fewer than MIN_SPEED_BYTES read, or in less than MIN_SPEED_MS.
 */
export function megabytesPerSecond(bytes: number, elapsedMs: number): number | null {
  if (bytes < MIN_SPEED_BYTES || elapsedMs < MIN_SPEED_MS) return null;
  return bytes / 1e6 / (elapsedMs / 1000);
}

/** "180 MB/s", "2.5 MB/s", "0.40 MB/s": two significant digits below 10, never a bare "0". */
export function formatSpeed(mbPerS: number): string {
  return `${mbPerS >= 10 ? mbPerS.toFixed(0) : mbPerS.toPrecision(2)} MB/s`;
}

/** Human size: bytes, KiB, MiB, GiB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}
