import { describe, expect, it } from 'vitest';
import { parseHashRequest, parseWorkerReply } from './hash-messages';

describe('hash worker messages', () => {
  it('accepts the three replies and nothing else', () => {
    expect(parseWorkerReply({ type: 'progress', bytesDone: 1, totalBytes: 2 })).toEqual({
      type: 'progress',
      bytesDone: 1,
      totalBytes: 2,
    });
    expect(
      parseWorkerReply({ type: 'done', sha256Hex: 'ab', totalBytes: 2, elapsedMs: 3, method: 'webcrypto' })
        ?.type,
    ).toBe('done');
    expect(
      parseWorkerReply({ type: 'done', sha256Hex: 'ab', totalBytes: 2, elapsedMs: 3, method: 'md5' }),
    ).toBeNull();
    expect(parseWorkerReply({ type: 'error', message: 'x' })).toEqual({ type: 'error', message: 'x' });
    expect(parseWorkerReply({ type: 'done', sha256Hex: 1 })).toBeNull();
    expect(parseWorkerReply('done')).toBeNull();
  });

  it('takes a Blob as the file to hash', () => {
    const blob = new Blob(['abc']);
    expect(parseHashRequest({ type: 'hash', file: blob })).toEqual({ type: 'hash', file: blob });
    expect(parseHashRequest({ type: 'hash', file: blob, prefer: 'hash-wasm' })?.prefer).toBe('hash-wasm');
    expect(parseHashRequest({ type: 'hash', file: blob, prefer: 'sha1' })).toBeNull();
    expect(parseHashRequest({ type: 'hash', file: 'abc' })).toBeNull();
  });
});
