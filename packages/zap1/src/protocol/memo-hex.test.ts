/** `decodeMemo` takes a memo as hex or as bytes, and the four kinds come out (the verifier entry's too). */
import { describe, expect, it } from 'vitest';
import { toHex } from './hex.js';
import { decodeMemo, encodeMemo } from './memo.js';
import { decodeMemo as decodeMemoOfVerifier } from '../verify.js';

const ROOT = 'ab'.repeat(32);

describe('decodeMemo', () => {
  it('reads a structured event memo from hex or bytes, padded to the 512-byte field or not', () => {
    const memo = encodeMemo(0x09, ROOT, { padTo512: true });
    const expected = { format: 'zap1', event_type: '0x09', event_label: 'MERKLE_ROOT', payload_hash: ROOT };
    expect(decodeMemo(memo)).toMatchObject(expected);
    expect(decodeMemo(toHex(memo))).toMatchObject(expected);
    expect(decodeMemo(`0x${toHex(encodeMemo(0x09, ROOT)).toUpperCase()}`)).toMatchObject(expected);
    expect(decodeMemoOfVerifier(toHex(memo))).toEqual(decodeMemo(memo));
  });

  it('classifies text, binary and empty memos', () => {
    expect(decodeMemo(toHex(new TextEncoder().encode('paid, thanks')))).toEqual({
      format: 'text',
      text: 'paid, thanks',
    });
    expect(decodeMemo('ff0102')).toEqual({ format: 'binary', length: 2, hex: '0102' });
    expect(decodeMemo('')).toEqual({ format: 'empty' });
    expect(decodeMemo('00'.repeat(512))).toEqual({ format: 'empty' });
  });

  it('refuses hex that is not hex, naming the memo', () => {
    expect(() => decodeMemo('zz')).toThrow(/memo/);
    expect(() => decodeMemo('abc')).toThrow(/memo must have an even number/);
  });
});
