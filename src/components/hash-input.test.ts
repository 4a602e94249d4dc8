import { describe, expect, it } from 'vitest';
import { normaliseHex64 } from './hash-input';

const LOWER = 'ae15a6e4afceee1d6339690204f55d4c1336339ee4736147b3a0760d45c2bf04';

describe('normaliseHex64', () => {
  it('accepts lowercase hex as is', () => {
    expect(normaliseHex64(LOWER)).toEqual({ ok: true, hex: LOWER, lowercased: false });
  });

  it('lowercases pasted uppercase and says so', () => {
    expect(normaliseHex64(`  ${LOWER.toUpperCase()}\n`)).toEqual({ ok: true, hex: LOWER, lowercased: true });
  });

  it('names the problem: empty, wrong characters, wrong length', () => {
    expect(normaliseHex64('  ')).toMatchObject({ ok: false, empty: true });
    expect(normaliseHex64(`${LOWER.slice(1)}g`, 'The leaf')).toMatchObject({
      ok: false,
      message: 'The leaf may contain only the hex digits 0-9 and a-f.',
    });
    expect(normaliseHex64(LOWER.slice(2))).toMatchObject({
      ok: false,
      message: 'The hash must be 64 hex characters; this has 62.',
    });
  });
});
