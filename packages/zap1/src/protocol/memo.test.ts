import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readZap1Json } from '../../test/vectors.js';
import { z } from 'zod';
import { parseHex, toHex } from './hex.js';
import {
  anchorMemoHex,
  decodeMemo,
  encodeMemo,
  MEMO_FORMATS,
  parseAnchorMemo,
  rootOfMemoHex,
  type DecodedMemo,
} from './memo.js';

const memoVectors = z
  .object({
    vectors: z
      .array(
        z.object({
          description: z.string(),
          raw: z.string().optional(),
          hex: z.string().optional(),
          expected_format: z.string(),
          expected_type: z.string().optional(),
          expected_label: z.string().optional(),
          expected_text: z.string().optional(),
        }),
      )
      .min(1),
  })
  .parse(readZap1Json('memo_vectors.json')).vectors;
const wireFormat = z
  .object({
    memo_wire_format: z.object({ prefix: z.string(), legacy_prefix: z.string(), example: z.string() }),
  })
  .parse(readZap1Json('hash_vectors.json')).memo_wire_format;

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const bytes = (...values: (number | Uint8Array)[]): Uint8Array =>
  Uint8Array.from(values.flatMap((v) => (typeof v === 'number' ? [v] : [...v])));
const padded = (content: Uint8Array, size = 512): Uint8Array => {
  const out = new Uint8Array(size);
  out.set(content);
  return out;
};

const ROOT = '94421ae28effbe52f651b33eb62c3b428d2ae62be578e05d471cba9794225bbd';
const LEAF = '075b00df286038a7b3f6bb70054df61343e3481fba579591354a00214e9e019b';

describe('memo_vectors.json', () => {
  it.each(memoVectors.map((v) => [v.description, v] as const))('%s', (_name, vector) => {
    const input = vector.raw !== undefined ? utf8(vector.raw) : parseHex(vector.hex ?? '');
    const decoded = decodeMemo(input);
    expect(decoded.format).toBe(vector.expected_format);
    if (vector.expected_type !== undefined)
      expect(decoded).toMatchObject({ event_type: vector.expected_type });
    if (vector.expected_label !== undefined)
      expect(decoded).toMatchObject({ event_label: vector.expected_label });
    if (vector.expected_text !== undefined)
      expect(decoded).toEqual({ format: 'text', text: vector.expected_text });
    if (vector.raw !== undefined && (decoded.format === 'zap1' || decoded.format === 'nsm1')) {
      expect(decoded.raw).toBe(vector.raw);
      expect(decoded.payload_hash).toBe(vector.raw.slice(8));
    }
  });
});

describe('encodeMemo', () => {
  it('writes the anchor memo ZAP1:09:<root> as 72 bytes', () => {
    const memo = encodeMemo(0x09, ROOT);
    expect(memo.length).toBe(72);
    expect(new TextDecoder().decode(memo)).toBe(`ZAP1:09:${ROOT}`);
  });

  it('zero-pads to the 512-byte memo field on request', () => {
    const memo = encodeMemo(0x09, ROOT, { padTo512: true });
    expect(memo.length).toBe(512);
    expect(memo.subarray(0, 72)).toEqual(encodeMemo(0x09, ROOT));
    expect(memo.subarray(72).every((b) => b === 0)).toBe(true);
    expect(decodeMemo(memo)).toEqual({
      format: 'zap1',
      protocol: 'ZAP1',
      event_type: '0x09',
      event_label: 'MERKLE_ROOT',
      payload_hash: ROOT,
      raw: `ZAP1:09:${ROOT}`,
    });
  });

  it('matches the wire-format example of hash_vectors.json (72 bytes, not the 73 it claims)', () => {
    expect(new TextDecoder().decode(encodeMemo(0x01, LEAF))).toBe(wireFormat.example);
    expect(encodeMemo(0x01, LEAF).length).toBe(72);
    expect(wireFormat.example.startsWith(`${wireFormat.prefix}:`)).toBe(true);
  });

  it('writes the type as two lowercase hex digits', () => {
    expect(new TextDecoder().decode(encodeMemo(0x42, LEAF)).slice(0, 8)).toBe('ZAP1:42:');
    expect(new TextDecoder().decode(encodeMemo(0x0a, LEAF)).slice(0, 8)).toBe('ZAP1:0a:');
  });

  it('rejects undefined type bytes and payloads that are not 64 lowercase hex', () => {
    expect(() => encodeMemo(0x10, LEAF)).toThrow(RangeError);
    expect(() => encodeMemo(0x00, LEAF)).toThrow(/typeByte/);
    expect(() => encodeMemo(1.5, LEAF)).toThrow(RangeError);
    expect(() => encodeMemo(0x01, LEAF.toUpperCase())).toThrow(/payloadHex/);
    expect(() => encodeMemo(0x01, LEAF.slice(2))).toThrow(RangeError);
  });
});

describe('parseAnchorMemo', () => {
  it('returns the root of a 72-byte or zero-padded anchor memo', () => {
    expect(parseAnchorMemo(encodeMemo(0x09, ROOT))).toBe(ROOT);
    expect(parseAnchorMemo(encodeMemo(0x09, ROOT, { padTo512: true }))).toBe(ROOT);
  });

  it.each([
    ['an event memo', encodeMemo(0x01, LEAF)],
    ['an NSM1 prefix', utf8(`NSM1:09:${ROOT}`)],
    ['uppercase hex', utf8(`ZAP1:09:${ROOT.toUpperCase()}`)],
    ['a one-digit type', utf8(`ZAP1:9:${ROOT}`)],
    ['a trailing space', utf8(`ZAP1:09:${ROOT} `)],
    ['a byte after the padding', bytes(padded(encodeMemo(0x09, ROOT), 100), 0x01)],
    ['a short root', utf8(`ZAP1:09:${ROOT.slice(2)}`)],
    ['nothing', new Uint8Array(0)],
  ])('returns null for %s', (_name, memo) => {
    expect(parseAnchorMemo(memo)).toBeNull();
  });
});

describe('anchor memos as wallets carry them (hex)', () => {
  const root = 'ab'.repeat(32);

  it('writes ZAP1:09:<root> as hex and reads the root back, in either case and with zero padding', () => {
    const hex = anchorMemoHex(root);
    expect(new TextDecoder().decode(parseHex(hex))).toBe(`ZAP1:09:${root}`);
    expect(rootOfMemoHex(hex)).toBe(root);
    expect(rootOfMemoHex(`${hex.toUpperCase()}${'00'.repeat(440)}`)).toBe(root);
  });

  it('reads no root from a memo that is not exactly an anchor, or not hex at all', () => {
    for (const memo of [undefined, '', 'zz', anchorMemoHex(root).slice(0, -2), `${anchorMemoHex(root)}01`])
      expect(rootOfMemoHex(memo)).toBeNull();
  });
});

describe('decodeMemo classifier (docs/protocol.md 5.2)', () => {
  const cases: [string, Uint8Array, DecodedMemo][] = [
    ['no bytes', new Uint8Array(0), { format: 'empty' }],
    ['512 zero bytes', new Uint8Array(512), { format: 'empty' }],
    ['the canonical empty memo 0xF6 + 511 zeros', padded(bytes(0xf6)), { format: 'empty' }],
    ['0xF6 alone', bytes(0xf6), { format: 'empty' }],
    [
      '0xF6 followed by data',
      padded(bytes(0xf6, 0x00, 0x01)),
      { format: 'unknown', first_byte: '0xf6', length: 512 },
    ],
    [
      '0xFF binary keeps zeros',
      bytes(0xff, 0x01, 0x00, 0x00),
      { format: 'binary', length: 3, hex: '010000' },
    ],
    ['0xFF alone', bytes(0xff), { format: 'binary', length: 0, hex: '' }],
    ['0xF5 reserved', bytes(0xf5, 0x41), { format: 'unknown', first_byte: '0xf5', length: 2 }],
    ['0xF8 reserved', bytes(0xf8), { format: 'unknown', first_byte: '0xf8', length: 1 }],
    ['0xFE reserved', padded(bytes(0xfe)), { format: 'unknown', first_byte: '0xfe', length: 512 }],
    [
      'invalid UTF-8 text (length counts the padding)',
      padded(bytes(0x41, 0xc3, 0x28)),
      { format: 'unknown', first_byte: '0x41', length: 512 },
    ],
    ['an overlong UTF-8 encoding', bytes(0xc0, 0xaf), { format: 'unknown', first_byte: '0xc0', length: 2 }],
    [
      'text: only trailing zeros are stripped',
      padded(bytes(utf8(' hi\u0000there \n'))),
      { format: 'text', text: ' hi\u0000there \n' },
    ],
    ['text after a leading zero byte', bytes(0x00, 0x41), { format: 'text', text: '\u0000A' }],
    ['text: multi-byte UTF-8', utf8('tack så mycket ✓'), { format: 'text', text: 'tack så mycket ✓' }],
    [
      'the BOM trap: a leading BOM is kept, so the ZAP1 prefix does not match',
      bytes(0xef, 0xbb, 0xbf, utf8(`ZAP1:01:${LEAF}`)),
      { format: 'text', text: `\ufeffZAP1:01:${LEAF}` },
    ],
  ];
  it.each(cases)('%s', (_name, memo, expected) => {
    expect(decodeMemo(memo)).toEqual(expected);
  });
});

describe('decodeMemo attestation memos', () => {
  const zap1 = (typeHex: string, label: string, text: string, payload = LEAF): DecodedMemo => ({
    format: 'zap1',
    protocol: 'ZAP1',
    event_type: typeHex,
    event_label: label,
    payload_hash: payload,
    raw: text,
  });
  const accepted: [string, string, DecodedMemo][] = [
    ['a one-digit type', `ZAP1:1:${LEAF}`, zap1('0x01', 'PROGRAM_ENTRY', `ZAP1:1:${LEAF}`)],
    ["a '+'-prefixed type", `ZAP1:+03:${LEAF}`, zap1('0x03', 'CONTRACT_ANCHOR', `ZAP1:+03:${LEAF}`)],
    ['leading zeros in the type', `ZAP1:00042:${LEAF}`, zap1('0x42', 'AGENT_ACTION', `ZAP1:00042:${LEAF}`)],
    ['an uppercase type', `ZAP1:0A:${LEAF}`, zap1('0x0a', 'STAKING_DEPOSIT', `ZAP1:0A:${LEAF}`)],
    ['an undefined type byte', `ZAP1:ff:${LEAF}`, zap1('0xff', 'UNKNOWN', `ZAP1:ff:${LEAF}`)],
    ['type 0x00', `ZAP1:00:${LEAF}`, zap1('0x00', 'UNKNOWN', `ZAP1:00:${LEAF}`)],
    [
      'an uppercase payload, re-encoded lowercase',
      `ZAP1:01:${LEAF.toUpperCase()}`,
      zap1('0x01', 'PROGRAM_ENTRY', `ZAP1:01:${LEAF.toUpperCase()}`),
    ],
    [
      "'+x' payload groups",
      `ZAP1:09:+a${'00'.repeat(31)}`,
      zap1('0x09', 'MERKLE_ROOT', `ZAP1:09:+a${'00'.repeat(31)}`, '0a' + '00'.repeat(31)),
    ],
  ];
  it.each(accepted)('accepts %s', (_name, text, expected) => {
    expect(decodeMemo(padded(utf8(text)))).toEqual(expected);
  });

  it('decodes the legacy NSM1 prefix', () => {
    expect(decodeMemo(utf8(`NSM1:02:${LEAF}`))).toMatchObject({
      format: 'nsm1',
      protocol: 'NSM1',
      event_type: '0x02',
      event_label: 'OWNERSHIP_ATTEST',
    });
  });

  const fallsToText: [string, string][] = [
    ['a negative type', `ZAP1:-1:${LEAF}`],
    ["a bare '+' type", `ZAP1:+:${LEAF}`],
    ["a '++' type", `ZAP1:++1:${LEAF}`],
    ['an empty type', `ZAP1::${LEAF}`],
    ['a type above 0xff', `ZAP1:100:${LEAF}`],
    ['a non-hex type', `ZAP1:0g:${LEAF}`],
    ['a type with a space', `ZAP1: 01:${LEAF}`],
    ['a 63-char payload', `ZAP1:01:${LEAF.slice(1)}`],
    ['a 65-char payload', `ZAP1:01:${LEAF}0`],
    ['a third piece', `ZAP1:01:${LEAF}:x`],
    ['no payload piece', 'ZAP1:01'],
    ['a non-hex payload group', `ZAP1:01:zz${LEAF.slice(2)}`],
    ["a '++' payload group", `ZAP1:01:++${LEAF.slice(2)}`],
    ['a lowercase prefix', `zap1:01:${LEAF}`],
    ['a leading space', ` ZAP1:01:${LEAF}`],
    ['a trailing newline', `ZAP1:01:${LEAF}\n`],
    // 'é' is 2 bytes: 62 chars + é = 64 bytes with the character across the last group boundary.
    ['a multi-byte character straddling a hex group', `ZAP1:01:${LEAF.slice(0, 61)}é0`],
    ['a multi-byte character filling a hex group', `ZAP1:01:${LEAF.slice(0, 62)}é`],
  ];
  it.each(fallsToText)('falls through to text for %s', (_name, text) => {
    expect(decodeMemo(padded(utf8(text)))).toEqual({ format: 'text', text });
  });
});

describe('decodeMemo ZIP 302 TVLV (docs/protocol.md 5.3)', () => {
  const json = utf8(`{"protocol":"ZAP1","root":"${ROOT}"}`);

  it('decodes several parts, keeping their order, with zero padding after the end marker', () => {
    const memo = padded(
      bytes(
        0xf7,
        ...[0xa0, 0x01, 0x05, utf8('hello')], // text part, type 160
        ...[0xfd, 0xfa, 0xff, 0x01, json.length, json], // type 65530 needs the 0xFD form
        ...[0xfd, 0xff, 0x00, 0x00, 0x02, 0xc3, 0x28], // type 255, version 0, invalid UTF-8 value
        ...[0x05, 0x02, 0x00], // zero-length value
        0x00,
      ),
    );
    expect(decodeMemo(memo)).toEqual({
      format: 'zip302',
      parts: [
        { part_type: 160, version: 1, value_hex: toHex(utf8('hello')), value_utf8: 'hello' },
        { part_type: 65530, version: 1, value_hex: toHex(json), value_utf8: new TextDecoder().decode(json) },
        { part_type: 255, version: 0, value_hex: 'c328', value_utf8: null },
        { part_type: 5, version: 2, value_hex: '', value_utf8: '' },
      ],
    });
  });

  it('accepts a container with no parts', () => {
    expect(decodeMemo(bytes(0xf7, 0x00))).toEqual({ format: 'zip302', parts: [] });
  });

  it('truncates part type to u16 and version to u8, but 65536 is not the end marker', () => {
    const memo = bytes(0xf7, 0xfe, 0x00, 0x00, 0x01, 0x00, 0xfd, 0x01, 0x01, 0x01, 0x2a, 0x00);
    expect(decodeMemo(memo)).toEqual({
      format: 'zip302',
      parts: [{ part_type: 0, version: 1, value_hex: '2a', value_utf8: '*' }],
    });
  });

  const broken: [string, Uint8Array][] = [
    ['the marker alone (truncated)', bytes(0xf7)],
    ['no end marker', bytes(0xf7, 0xa0, 0x01, 0x01, 0x41)],
    ['a value running past the end', padded(bytes(0xf7, 0xa0, 0x01, 0x05, utf8('hel')), 8)],
    ['a part cut before its length', bytes(0xf7, 0xa0, 0x01)],
    ['a compactSize cut inside its bytes', bytes(0xf7, 0xfd, 0xa0)],
    ['a huge 0xFF length', bytes(0xf7, 0xa0, 0x01, 0xff, 0, 0, 0, 0, 1, 0, 0, 0, 0x41, 0x00)],
    ['non-canonical 0xFD for a value below 0xFD', bytes(0xf7, 0xfd, 0xa0, 0x00, 0x01, 0x00, 0x00)],
    [
      'non-canonical 0xFE for a value below 0x10000',
      bytes(0xf7, 0xfe, 0xfa, 0xff, 0x00, 0x00, 0x01, 0x00, 0x00),
    ],
    [
      'non-canonical 0xFF for a value below 2^32',
      bytes(0xf7, 0xa0, 0x01, 0xff, 1, 0, 0, 0, 0, 0, 0, 0, 0x41, 0x00),
    ],
    ['a non-canonical end marker', bytes(0xf7, 0xfd, 0x00, 0x00)],
    ['a duplicate part type', bytes(0xf7, 0xa0, 0x01, 0x00, 0xa0, 0x02, 0x00, 0x00)],
    [
      'a duplicate after u16 truncation',
      bytes(0xf7, 0xa0, 0x01, 0x00, 0xfe, 0xa0, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00),
    ],
    ['a non-zero byte after the end marker', padded(bytes(0xf7, 0xa0, 0x01, 0x00, 0x00, 0x00, 0x07), 20)],
  ];
  it.each(broken)('reports %s as unknown 0xf7', (_name, memo) => {
    expect(decodeMemo(memo)).toEqual({ format: 'unknown', first_byte: '0xf7', length: memo.length });
  });
});

describe('decodeMemo never throws', () => {
  const isKnownFormat = (memo: DecodedMemo): boolean => MEMO_FORMATS.includes(memo.format);

  it('lists the seven formats', () => {
    expect([...MEMO_FORMATS].sort()).toEqual([
      'binary',
      'empty',
      'nsm1',
      'text',
      'unknown',
      'zap1',
      'zip302',
    ]);
  });

  it('returns one of the seven formats for random bytes of length 0..600', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 600 }), (memo) => isKnownFormat(decodeMemo(memo))),
      { numRuns: 500 },
    );
  });

  it('returns one of the seven formats for random bytes behind each marker and prefix', () => {
    const heads = [bytes(0xf7), bytes(0xf6), bytes(0xff), utf8('ZAP1:'), utf8('NSM1:0'), bytes(0x00)];
    fc.assert(
      fc.property(fc.constantFrom(...heads), fc.uint8Array({ maxLength: 80 }), (head, tail) =>
        isKnownFormat(decodeMemo(bytes(head, tail))),
      ),
      { numRuns: 300 },
    );
  });

  it('round-trips every encoded memo', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0x01, 0x02, 0x03, 0x09, 0x0f, 0x40, 0x42),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.boolean(),
        (typeByte, payload, pad) => {
          const decoded = decodeMemo(encodeMemo(typeByte, toHex(payload), { padTo512: pad }));
          return decoded.format === 'zap1' && decoded.payload_hash === toHex(payload);
        },
      ),
      { numRuns: 100 },
    );
  });
});
