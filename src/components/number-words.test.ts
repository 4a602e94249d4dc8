import { describe, expect, it } from 'vitest';
import { countWords, formatNumber } from './number-words';

describe('whole numbers in words', () => {
  it('marks the thousands of a block height, as the Verify page and explorers write it', () => {
    expect(formatNumber(4_000_011)).toBe('4,000,011');
    expect(formatNumber(120)).toBe('120');
    expect(formatNumber(0)).toBe('0');
  });

  it('gives a count the word that agrees with it', () => {
    expect(countWords(1, 'leaf', 'leaves')).toBe('1 leaf');
    expect(countWords(0, 'leaf', 'leaves')).toBe('0 leaves');
    expect(countWords(1024, 'block', 'blocks')).toBe('1,024 blocks');
  });
});
