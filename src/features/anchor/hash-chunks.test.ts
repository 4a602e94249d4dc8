import { createHash, randomBytes } from 'node:crypto';
import { createSHA256 } from 'hash-wasm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  IN_MEMORY_MAX_BYTES,
  chooseHashMethod,
  feedStream,
  formatBytes,
  formatSpeed,
  megabytesPerSecond,
} from './hash-chunks';

/** A stream of `bytes` in chunks of `chunkBytes`, counting how many chunks were pulled. */
function streamOf(bytes: Uint8Array, chunkBytes: number) {
  let offset = 0;
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (offset >= bytes.length) {
          controller.close();
          return;
        }
        pulled++;
        controller.enqueue(bytes.slice(offset, offset + chunkBytes));
        offset += chunkBytes;
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled, cancelled: () => cancelled };
}

describe('feedStream', () => {
  it('gives the same SHA-256 as Node for any size and chunk size', async () => {
    const hasher = await createSHA256();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 700 }),
        async (size, chunkBytes) => {
          const bytes = new Uint8Array(randomBytes(size));
          hasher.init();
          const result = await feedStream({
            stream: streamOf(bytes, chunkBytes).stream,
            totalBytes: size,
            onChunk: (chunk) => hasher.update(chunk),
          });
          expect(result).toBe('done');
          expect(hasher.digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('hands every chunk on with its offset, so the whole file can be laid out in one buffer', async () => {
    const bytes = new Uint8Array(randomBytes(1000));
    const whole = new Uint8Array(1000);
    const offsets: number[] = [];
    await feedStream({
      stream: streamOf(bytes, 300).stream,
      totalBytes: 1000,
      onChunk: (chunk, offset) => {
        offsets.push(offset);
        whole.set(chunk, offset);
      },
    });
    expect(offsets).toEqual([0, 300, 600, 900]);
    expect(whole).toEqual(bytes);
  });

  it('reports progress from 0 to the total', async () => {
    const progress: number[] = [];
    await feedStream({
      stream: streamOf(new Uint8Array(10), 4).stream,
      totalBytes: 10,
      onChunk: () => undefined,
      onProgress: (p) => progress.push(p.bytesDone),
    });
    expect(progress).toEqual([0, 4, 8, 10]);
  });

  it('stops reading when cancelled and releases the file', async () => {
    let fed = 0;
    const source = streamOf(new Uint8Array(100), 10);
    const result = await feedStream({
      stream: source.stream,
      totalBytes: 100,
      onChunk: () => fed++,
      isCancelled: () => fed >= 3,
    });
    expect(result).toBe('cancelled');
    expect(fed).toBe(3);
    expect(source.pulled()).toBe(3);
    expect(source.cancelled()).toBe(true);
  });

  it('refuses a file that turned out shorter or longer than announced instead of giving a wrong digest', async () => {
    await expect(
      feedStream({ stream: streamOf(new Uint8Array(3), 5).stream, totalBytes: 10, onChunk: () => undefined }),
    ).rejects.toThrow(/Read 3 bytes instead of 10; was the file changed while hashing/);
    await expect(
      feedStream({
        stream: streamOf(new Uint8Array(12), 5).stream,
        totalBytes: 10,
        onChunk: () => undefined,
      }),
    ).rejects.toThrow(/Read 12 bytes instead of 10/);
  });

  it('handles an empty file (the digest of nothing)', async () => {
    const hasher = await createSHA256();
    hasher.init();
    expect(
      await feedStream({
        stream: streamOf(new Uint8Array(0), 8).stream,
        totalBytes: 0,
        onChunk: (chunk) => hasher.update(chunk),
      }),
    ).toBe('done');
    expect(hasher.digest('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});

describe('chooseHashMethod', () => {
  it('digests a file that fits in memory with WebCrypto and streams larger ones through hash-wasm', () => {
    expect(chooseHashMethod({ totalBytes: 256 * 1024 * 1024, subtleAvailable: true })).toBe('webcrypto');
    expect(chooseHashMethod({ totalBytes: IN_MEMORY_MAX_BYTES, subtleAvailable: true })).toBe('webcrypto');
    expect(chooseHashMethod({ totalBytes: IN_MEMORY_MAX_BYTES + 1, subtleAvailable: true })).toBe(
      'hash-wasm',
    );
  });

  it('uses hash-wasm where WebCrypto is missing (plain http from another host) or when asked to', () => {
    expect(chooseHashMethod({ totalBytes: 10, subtleAvailable: false })).toBe('hash-wasm');
    expect(chooseHashMethod({ totalBytes: 10, subtleAvailable: true, prefer: 'hash-wasm' })).toBe(
      'hash-wasm',
    );
  });
});

describe('speed and size display', () => {
  it('computes MB/s and formats sizes', () => {
    expect(megabytesPerSecond(50_000_000, 500)).toBe(100);
    expect(megabytesPerSecond(0, 500)).toBeNull();
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(50 * 1024 * 1024)).toBe('50.0 MiB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2.00 GiB');
  });

  it('gives no speed for a tiny file or a near-zero duration, and never shows "0 MB/s"', () => {
    expect(megabytesPerSecond(36, 2)).toBeNull();
    expect(megabytesPerSecond(50_000_000, 10)).toBeNull();
    expect(formatSpeed(180.4)).toBe('180 MB/s');
    expect(formatSpeed(2.46)).toBe('2.5 MB/s');
    expect(formatSpeed(0.4)).toBe('0.40 MB/s');
  });
});
