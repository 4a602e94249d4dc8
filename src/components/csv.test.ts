import { describe, expect, it } from 'vitest';
import { csvField, csvText } from './csv';

describe('csv', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvField('plain.pdf')).toBe('plain.pdf');
    expect(csvField('a, "b"')).toBe('"a, ""b"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(-3)).toBe("'-3");
    expect(csvField(null)).toBe('');
    expect(csvText(['file', 'size'], [['a.pdf', 12]])).toBe('file,size\r\na.pdf,12\r\n');
  });
});
