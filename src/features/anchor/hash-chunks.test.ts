import { createHash, randomBytes } from 'node:crypto';
import { createSHA256 } from 'hash-wasm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBytes, hashInChunks, megabytesPerSecond } from './hash-chunks';

/** A stand-in for Blob.slice: serves ranges of `bytes` and records which were read. */
function slicer(bytes: Uint8Array) {
  const reads: [number, number][] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  return {
    reads,
    maxInFlight: () => maxInFlight,
    readRange: async (start: number, end: number) => {
      reads.push([start, end]);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await Promise.resolve();
      inFlight--;
      return bytes.slice(start, end);
    },
  };
}

describe('hashInChunks', () => {
  it('gives the same SHA-256 as Node for any size and chunk size', async () => {
    const hasher = await createSHA256();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 700 }),
        async (size, chunkBytes) => {
          const bytes = new Uint8Array(randomBytes(size));
          hasher.init();
          const source = slicer(bytes);
          const result = await hashInChunks({
            totalBytes: size,
            readRange: source.readRange,
            sink: hasher,
            chunkBytes,
          });
          expect(result).toBe('done');
          expect(hasher.digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reads consecutive slices, never the whole file at once, at most two ahead', async () => {
    const bytes = new Uint8Array(1000);
    const source = slicer(bytes);
    const seen: number[] = [];
    await hashInChunks({
      totalBytes: 1000,
      readRange: source.readRange,
      sink: { update: (c) => seen.push(c.length) },
      chunkBytes: 300,
    });
    expect(source.reads).toEqual([
      [0, 300],
      [300, 600],
      [600, 900],
      [900, 1000],
    ]);
    expect(seen).toEqual([300, 300, 300, 100]);
    expect(source.maxInFlight()).toBeLessThanOrEqual(2);
  });

  it('reports progress from 0 to the total', async () => {
    const progress: number[] = [];
    await hashInChunks({
      totalBytes: 10,
      readRange: slicer(new Uint8Array(10)).readRange,
      sink: { update: () => undefined },
      chunkBytes: 4,
      onProgress: (p) => progress.push(p.bytesDone),
    });
    expect(progress).toEqual([0, 4, 8, 10]);
  });

  it('stops when cancelled', async () => {
    let fed = 0;
    const result = await hashInChunks({
      totalBytes: 100,
      readRange: slicer(new Uint8Array(100)).readRange,
      sink: { update: () => fed++ },
      chunkBytes: 10,
      isCancelled: () => fed >= 3,
    });
    expect(result).toBe('cancelled');
    expect(fed).toBe(3);
  });

  it('refuses a short read instead of giving a wrong digest', async () => {
    await expect(
      hashInChunks({
        totalBytes: 10,
        readRange: async () => new Uint8Array(3),
        sink: { update: () => undefined },
        chunkBytes: 5,
      }),
    ).rejects.toThrow(/changed while hashing/);
  });

  it('handles an empty file (the digest of nothing)', async () => {
    const hasher = await createSHA256();
    hasher.init();
    expect(
      await hashInChunks({ totalBytes: 0, readRange: slicer(new Uint8Array(0)).readRange, sink: hasher }),
    ).toBe('done');
    expect(hasher.digest('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
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
});
