import { describe, expect, it } from 'vitest';
import { parseHashRequest, parseWorkerReply } from './hash-messages';

describe('hash worker messages', () => {
  it('accepts the three replies and nothing else', () => {
    expect(parseWorkerReply({ type: 'progress', bytesDone: 1, totalBytes: 2 })).toEqual({
      type: 'progress',
      bytesDone: 1,
      totalBytes: 2,
    });
    expect(parseWorkerReply({ type: 'done', sha256Hex: 'ab', totalBytes: 2, elapsedMs: 3 })?.type).toBe(
      'done',
    );
    expect(parseWorkerReply({ type: 'error', message: 'x' })).toEqual({ type: 'error', message: 'x' });
    expect(parseWorkerReply({ type: 'done', sha256Hex: 1 })).toBeNull();
    expect(parseWorkerReply('done')).toBeNull();
  });

  it('takes a Blob as the file to hash', () => {
    const blob = new Blob(['abc']);
    expect(parseHashRequest({ type: 'hash', file: blob })).toBe(blob);
    expect(parseHashRequest({ type: 'hash', file: 'abc' })).toBeNull();
  });
});
