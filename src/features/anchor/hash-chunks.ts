/**
 * The file hasher's loop, free of workers and files so it can be tested: reads a byte range at a
 * time (the worker passes Blob.slice), so memory stays at two chunks whatever the file size.
 */

/** 2 MiB: per-chunk overhead is negligible, and in headless Chromium 2 MiB chunks hashed markedly faster than 8 MiB ones (bench/app-hash.bench.ts). */
export const HASH_CHUNK_BYTES = 2 * 1024 * 1024;

export interface ChunkSink {
  update(chunk: Uint8Array): unknown;
}

export interface HashProgress {
  bytesDone: number;
  totalBytes: number;
}

export interface HashInChunksOptions {
  totalBytes: number;
  /** Bytes [start, end) of the input. */
  readRange: (start: number, end: number) => Promise<Uint8Array>;
  sink: ChunkSink;
  chunkBytes?: number;
  onProgress?: (progress: HashProgress) => void;
  /** Polled between chunks; true stops the loop. */
  isCancelled?: () => boolean;
}

/**
 * Feeds the input to `sink` chunk by chunk, reading the next range while hashing the current one.
 * Resolves 'done' when every byte was fed, 'cancelled' when stopped early. A short read rejects:
 * a file that changed while being read must not yield a digest.
 */
export async function hashInChunks(options: HashInChunksOptions): Promise<'done' | 'cancelled'> {
  const { totalBytes, readRange, sink } = options;
  const chunkBytes = options.chunkBytes ?? HASH_CHUNK_BYTES;
  if (!Number.isSafeInteger(totalBytes) || totalBytes < 0)
    throw new RangeError('totalBytes must be a non-negative integer');
  if (!Number.isSafeInteger(chunkBytes) || chunkBytes < 1)
    throw new RangeError('chunkBytes must be a positive integer');
  let start = 0;
  let pending: Promise<Uint8Array> | null =
    totalBytes > 0 ? readRange(0, Math.min(chunkBytes, totalBytes)) : null;
  options.onProgress?.({ bytesDone: 0, totalBytes });
  while (pending) {
    const chunk = await pending;
    const end = Math.min(start + chunkBytes, totalBytes);
    if (chunk.length !== end - start) {
      throw new Error(
        `Read ${chunk.length} bytes at offset ${start} instead of ${end - start}; was the file changed while hashing?`,
      );
    }
    if (options.isCancelled?.()) return 'cancelled';
    pending = end < totalBytes ? readRange(end, Math.min(end + chunkBytes, totalBytes)) : null;
    sink.update(chunk);
    start = end;
    options.onProgress?.({ bytesDone: start, totalBytes });
  }
  return 'done';
}

/** Throughput in MB/s (10^6 bytes per second), or null before there is anything to measure. */
export function megabytesPerSecond(bytes: number, elapsedMs: number): number | null {
  if (elapsedMs <= 0 || bytes <= 0) return null;
  return bytes / 1e6 / (elapsedMs / 1000);
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
