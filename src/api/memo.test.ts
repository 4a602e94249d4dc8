import { describe, expect, it } from 'vitest';
import { MEMO_FORMATS } from 'zap1';
import { memoDecodeSchema } from './memo';

describe('memo decode schema (docs/reference-api.md 4.10)', () => {
  it('accepts each of the seven shapes', () => {
    const bodies = [
      { format: 'text', text: 'hello' },
      {
        format: 'zap1',
        protocol: 'ZAP1',
        event_type: '0x09',
        event_label: 'MERKLE_ROOT',
        payload_hash: 'a'.repeat(64),
        raw: 'ZAP1:09:' + 'a'.repeat(64),
      },
      {
        format: 'nsm1',
        protocol: 'NSM1',
        event_type: '0x01',
        event_label: 'PROGRAM_ENTRY',
        payload_hash: 'b'.repeat(64),
        raw: 'x',
      },
      { format: 'zip302', parts: [{ part_type: 1, version: 0, value_hex: '6869', value_utf8: 'hi' }] },
      { format: 'empty' },
      { format: 'binary', length: 2, hex: 'abcd' },
      { format: 'unknown', first_byte: '0xf5', length: 3 },
    ];
    // One body of every format the protocol library decodes.
    expect(bodies.map((b) => memoDecodeSchema.parse(b).format)).toEqual(MEMO_FORMATS);
  });

  it('rejects an unknown format and a zap1 body without its payload hash', () => {
    expect(memoDecodeSchema.safeParse({ format: 'html', text: '<b>' }).success).toBe(false);
    expect(
      memoDecodeSchema.safeParse({ format: 'zap1', protocol: 'ZAP1', event_type: '0x09', event_label: 'X' })
        .success,
    ).toBe(false);
  });
});
