import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { toHex } from './hex.js';
import { createSha256Stream } from './sha256-stream.js';

const nodeSha256 = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');

describe('createSha256Stream', () => {
  it('gives the known digests of "" and "abc"', () => {
    expect(createSha256Stream().digestHex()).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    const stream = createSha256Stream();
    stream.update(new TextEncoder().encode('abc'));
    expect(stream.digestHex()).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('chunked equals one-shot equals node:crypto for random inputs and chunkings', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 5000 }),
        fc.array(fc.nat({ max: 5000 }), { maxLength: 12 }),
        (data, cuts) => {
          const bounds = [0, ...cuts.map((c) => c % (data.length + 1)).sort((a, b) => a - b), data.length];
          const stream = createSha256Stream();
          for (let i = 1; i < bounds.length; i++) stream.update(data.subarray(bounds[i - 1], bounds[i]));
          const expected = nodeSha256(data);
          expect(stream.bytesHashed).toBe(data.length);
          expect(stream.digestHex()).toBe(expected);
          expect(toHex(sha256(data))).toBe(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('hashes a 3 MiB input fed in 64 KiB chunks', () => {
    const data = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 31 + 7) & 0xff);
    const stream = createSha256Stream();
    for (let offset = 0; offset < data.length; offset += 65536)
      stream.update(data.subarray(offset, offset + 65536));
    expect(stream.bytesHashed).toBe(data.length);
    expect(stream.digestHex()).toBe(nodeSha256(data));
  });

  it('keeps its digest and refuses more data once finished', () => {
    const stream = createSha256Stream();
    stream.update(Uint8Array.of(1, 2, 3));
    const digest = stream.digestHex();
    expect(stream.digestHex()).toBe(digest);
    expect(() => stream.update(Uint8Array.of(4))).toThrow(/finished/);
    expect(stream.bytesHashed).toBe(3);
  });

  it('rejects a chunk that is not bytes', () => {
    const stream = createSha256Stream();
    // The cast feeds deliberately wrong input through the typed signature.
    expect(() => stream.update('abc' as unknown as Uint8Array)).toThrow(TypeError);
  });
});
