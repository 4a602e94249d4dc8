import { describe, expect, it } from 'vitest';
import { decodeMemo, encodeMemo } from 'zap1';
import {
  compareDecodings,
  fileSizeProblem,
  hexRows,
  lengthNotes,
  memoInputIsBlank,
  parseMemoHex,
  parseMemoInput,
  splitPadding,
  textToMemoBytes,
} from './memo-input';

describe('memo input', () => {
  it('reads pasted hex with spaces, line breaks, 0x and either case', () => {
    const parsed = parseMemoHex(' 0x5A 41\n50 31 ');
    expect(parsed.ok && Array.from(parsed.bytes)).toEqual([0x5a, 0x41, 0x50, 0x31]);
  });

  it('says which character is not hex, and refuses odd lengths', () => {
    expect(parseMemoHex('abzz')).toEqual({ ok: false, error: expect.stringContaining('"z" at character 3') });
    expect(parseMemoHex('abc')).toEqual({ ok: false, error: expect.stringContaining('even number') });
  });

  it('treats empty hex as zero bytes (an empty memo)', () => {
    const parsed = parseMemoHex('');
    expect(parsed.ok && parsed.bytes.length).toBe(0);
    expect(parsed.ok && decodeMemo(parsed.bytes).format).toBe('empty');
  });

  it('knows when nothing has been typed yet, so the page prompts instead of showing "Empty memo"', () => {
    expect(memoInputIsBlank('hex', '')).toBe(true);
    expect(memoInputIsBlank('hex', '  \n')).toBe(true);
    expect(memoInputIsBlank('hex', '00')).toBe(false);
    expect(memoInputIsBlank('text', '')).toBe(true);
    expect(memoInputIsBlank('text', ' ')).toBe(false);
  });

  it('encodes text as UTF-8, so a typed ZAP1 memo decodes as ZAP1', () => {
    const text = `ZAP1:09:${'ab'.repeat(32)}`;
    const parsed = parseMemoInput('text', text);
    expect(parsed.ok && decodeMemo(parsed.bytes).format).toBe('zap1');
    expect(Array.from(textToMemoBytes('é'))).toEqual([0xc3, 0xa9]);
  });

  it('refuses files far beyond a memo', () => {
    expect(fileSizeProblem(512)).toBeNull();
    expect(fileSizeProblem(10 * 1024 * 1024)).toContain('at most 512 bytes');
  });

  it('notes lengths beyond the memo field and the service limit', () => {
    expect(lengthNotes(512)).toEqual([]);
    expect(lengthNotes(600)).toHaveLength(1);
    expect(lengthNotes(2000)).toHaveLength(2);
  });
});

describe('hex view', () => {
  it('shows offset, bytes and printable ASCII per row of 16', () => {
    const rows = hexRows(textToMemoBytes('ZAP1:09:\u0001abcdefghijklmnop'));
    expect(rows[0]).toEqual({
      offset: '0000',
      hex: '5a 41 50 31 3a 30 39 3a 01 61 62 63 64 65 66 67',
      ascii: 'ZAP1:09:.abcdefg',
    });
    expect(rows[1]?.offset).toBe('0010');
  });

  it('collapses the zero padding of a memo field', () => {
    const padded = encodeMemo(9, 'ab'.repeat(32), { padTo512: true });
    const { content, paddingBytes } = splitPadding(padded);
    expect(content.length).toBe(72);
    expect(paddingBytes).toBe(440);
  });
});

describe('browser and service agreement', () => {
  it('agrees when the essential fields match, even if the raw text differs', () => {
    const local = decodeMemo(encodeMemo(9, 'ab'.repeat(32)));
    if (local.format !== 'zap1') throw new Error('expected zap1');
    expect(compareDecodings(local, { ...local, raw: 'other' })).toEqual({ agree: true, differences: [] });
  });

  it('names what differs', () => {
    expect(compareDecodings({ format: 'text', text: 'a' }, { format: 'text', text: 'b' })).toEqual({
      agree: false,
      differences: ['text'],
    });
    expect(
      compareDecodings({ format: 'empty' }, { format: 'binary', length: 0, hex: '' }).differences,
    ).toContain('format');
  });
});
