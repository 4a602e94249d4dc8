import { describe, expect, it } from 'vitest';
import { receiptFileNameFor, safeFileNameBase } from './receipt-document.js';

const LEAF = 'ae15a6e4afceee1d6339690204f55d4c1336339ee4736147b3a0760d45c2bf04';

describe('receipt file names', () => {
  it('names the receipt after its document, with pending until anchored', () => {
    expect(receiptFileNameFor({ fileName: 'contract.pdf', leafHex: LEAF }, false)).toBe(
      'contract.pdf.pending.zap1.json',
    );
    expect(receiptFileNameFor({ fileName: 'contract.pdf', leafHex: LEAF }, true)).toBe(
      'contract.pdf.zap1.json',
    );
  });

  it('names a pasted digest by its leaf', () => {
    expect(receiptFileNameFor({ fileName: null, leafHex: LEAF }, true)).toBe('leaf-ae15a6e4afce.zap1.json');
    expect(receiptFileNameFor({ fileName: '...', leafHex: LEAF }, false)).toBe(
      'leaf-ae15a6e4afce.pending.zap1.json',
    );
  });

  it('keeps path separators, control and bidi characters out of the name', () => {
    expect(safeFileNameBase('../etc/passwd')).toBe('_etc_passwd');
    expect(safeFileNameBase('invoice_\u202Efdp.exe')).toBe('invoice__fdp.exe');
    expect(safeFileNameBase('a\nb:c')).toBe('a_b_c');
    expect(safeFileNameBase('x'.repeat(300))).toHaveLength(150);
  });
});
