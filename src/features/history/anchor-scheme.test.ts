import { describe, expect, it } from 'vitest';
import { SCHEME_NOT_STATED, schemesOf } from './anchor-scheme';

const anchor = (txid: string, scheme?: string) => ({
  root: 'r',
  txid,
  height: 1,
  leaf_count: 1,
  ...(scheme !== undefined ? { scheme } : {}),
});

describe('schemesOf', () => {
  it('names a scheme shared by every anchor once', () => {
    expect(schemesOf([anchor('a', 'ZAP1_COUNT_BOUND_V2'), anchor('b', 'ZAP1_COUNT_BOUND_V2')])).toEqual([
      'ZAP1_COUNT_BOUND_V2',
    ]);
  });

  it('keeps each different scheme, and says when one is not stated', () => {
    expect(schemesOf([anchor('a', 'V1'), anchor('b'), anchor('c', 'V2'), anchor('d', 'V1')])).toEqual([
      'V1',
      SCHEME_NOT_STATED,
      'V2',
    ]);
    expect(schemesOf([])).toEqual([]);
  });
});
