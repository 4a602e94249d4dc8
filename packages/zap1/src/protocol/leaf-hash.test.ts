import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readZap1Json } from '../../test/vectors.js';
import { EVENT_SPECS, EVENT_TYPES, isEventType } from './event-specs.js';
import { toHex } from './hex.js';
import { leafHash, leafPreimage, type EventFields } from './leaf-hash.js';

const vectorsFile = z.object({
  vectors: z
    .array(
      z.object({
        event_type: z.string(),
        type_byte: z.string(),
        input_fields: z.record(z.string(), z.union([z.string(), z.number()])),
        expected_hash: z.string(),
      }),
    )
    .min(1),
});
const hashVectors = vectorsFile.parse(readZap1Json('hash_vectors.json')).vectors;

const SERIAL = 'Z15P-2026-001';
const SERIAL_LP = '000d' + '5a3135502d323032362d303031';
const HEX64 = '0123456789abcdef'.repeat(4);
const HEX64_LP = '0040' + toHex(new TextEncoder().encode(HEX64));
const lp = (text: string): string => {
  const bytes = new TextEncoder().encode(text);
  return bytes.length.toString(16).padStart(4, '0') + toHex(bytes);
};

describe('leafHash on the shipped vectors (hash_vectors.json)', () => {
  it.each(hashVectors.map((v) => [`${v.event_type} ${JSON.stringify(v.input_fields)}`, v] as const))(
    '%s',
    (_name, vector) => {
      expect(isEventType(vector.event_type)).toBe(true);
      if (isEventType(vector.event_type)) {
        expect(EVENT_SPECS[vector.event_type].byte).toBe(parseInt(vector.type_byte, 16));
      }
      expect(leafHash({ ...vector.input_fields, event_type: vector.event_type })).toBe(vector.expected_hash);
    },
  );
});

describe('worked examples of docs/protocol.md 2.1 and 2.2', () => {
  it('CONTRACT_ANCHOR hashes serial and contract text, not wallet_hash (82-byte preimage)', () => {
    const event = {
      event_type: 'CONTRACT_ANCHOR',
      wallet_hash: 'any_wallet',
      serial_number: SERIAL,
      contract_sha256: HEX64,
    };
    const preimage = leafPreimage(event);
    expect(preimage.length).toBe(82);
    expect(toHex(preimage)).toBe('03' + SERIAL_LP + HEX64_LP);
    expect(leafHash(event)).toBe('ae15a6e4afceee1d6339690204f55d4c1336339ee4736147b3a0760d45c2bf04');
    // A different wallet anchoring the same contract gets the same leaf.
    expect(leafHash({ ...event, wallet_hash: 'other_wallet' })).toBe(leafHash(event));
    expect(leafHash({ event_type: 'CONTRACT_ANCHOR', serial_number: SERIAL, contract_sha256: HEX64 })).toBe(
      leafHash(event),
    );
  });

  it('PROGRAM_ENTRY writes wallet_hash without a length prefix', () => {
    const event = { event_type: 'PROGRAM_ENTRY', wallet_hash: 'wallet_abc' };
    expect(toHex(leafPreimage(event))).toBe('0177616c6c65745f616263');
    const hash = leafHash(event);
    expect(hash.startsWith('344a05bf')).toBe(true);
    expect(hash.endsWith('f089')).toBe(true);
  });

  it('HOSTING_PAYMENT writes month and year as u32be (24 bytes)', () => {
    const event = { event_type: 'HOSTING_PAYMENT', serial_number: SERIAL, month: 7, year: 2026 };
    const preimage = leafPreimage(event);
    expect(preimage.length).toBe(24);
    expect(toHex(preimage)).toBe('05' + SERIAL_LP + '00000007' + '000007ea');
    const hash = leafHash(event);
    expect(hash.startsWith('6fe67554')).toBe(true);
    expect(hash.endsWith('1a4f')).toBe(true);
  });
});

describe('preimage layout of every type (docs/protocol.md 2 table)', () => {
  const cases: [EventFields, string][] = [
    [{ event_type: 'OWNERSHIP_ATTEST', wallet_hash: 'w1', serial_number: 'S' }, '02' + lp('w1') + lp('S')],
    [
      { event_type: 'DEPLOYMENT', serial_number: 'S', facility_id: 'fac', timestamp: 1_774_000_000 },
      '04' + lp('S') + lp('fac') + '0000000069bd1780',
    ],
    [{ event_type: 'SHIELD_RENEWAL', wallet_hash: 'w1', year: 2027 }, '06' + lp('w1') + '000007eb'],
    [
      { event_type: 'TRANSFER', wallet_hash: 'old', new_wallet_hash: 'new', serial_number: 'S' },
      '07' + lp('old') + lp('new') + lp('S'),
    ],
    [
      { event_type: 'EXIT', wallet_hash: 'w1', serial_number: 'S', timestamp: 1 },
      '08' + lp('w1') + lp('S') + '0000000000000001',
    ],
    [
      { event_type: 'STAKING_DEPOSIT', wallet_hash: 'w', amount_zat: 500_000_000, validator_id: 'v' },
      '0a' + lp('w') + '000000001dcd6500' + lp('v'),
    ],
    [
      {
        event_type: 'STAKING_WITHDRAW',
        wallet_hash: 'w',
        amount_zat: 2_100_000_000_000_000,
        validator_id: 'v',
      },
      '0b' + lp('w') + '000775f05a074000' + lp('v'),
    ],
    [
      { event_type: 'STAKING_REWARD', wallet_hash: 'w', amount_zat: 1, epoch: 0xffffffff },
      '0c' + lp('w') + '0000000000000001' + 'ffffffff',
    ],
    [
      { event_type: 'GOVERNANCE_PROPOSAL', wallet_hash: 'w', proposal_id: 'p', proposal_hash: HEX64 },
      '0d' + lp('w') + lp('p') + HEX64_LP,
    ],
    [
      { event_type: 'GOVERNANCE_VOTE', wallet_hash: 'w', proposal_id: 'p', vote_commitment: HEX64 },
      '0e' + lp('w') + lp('p') + HEX64_LP,
    ],
    [
      { event_type: 'GOVERNANCE_RESULT', wallet_hash: 'w', proposal_id: 'p', result_hash: HEX64 },
      '0f' + lp('w') + lp('p') + HEX64_LP,
    ],
    [
      {
        event_type: 'AGENT_REGISTER',
        agent_id: 'a',
        pubkey_hash: HEX64,
        model_hash: HEX64,
        policy_hash: HEX64,
      },
      '40' + lp('a') + HEX64_LP + HEX64_LP + HEX64_LP,
    ],
    [
      { event_type: 'AGENT_POLICY', agent_id: 'a', policy_version: 3, rules_hash: HEX64 },
      '41' + lp('a') + '00000003' + HEX64_LP,
    ],
    [
      {
        event_type: 'AGENT_ACTION',
        agent_id: 'a',
        action_type: 'trade',
        input_hash: HEX64,
        output_hash: HEX64,
      },
      '42' + lp('a') + lp('trade') + HEX64_LP + HEX64_LP,
    ],
  ];

  it.each(cases.map(([event, hex]) => [String(event['event_type']), event, hex] as const))(
    '%s',
    (_name, event, hex) => {
      expect(toHex(leafPreimage(event))).toBe(hex);
      expect(leafHash(event)).toMatch(/^[0-9a-f]{64}$/);
    },
  );

  it('covers all 18 types between the vectors, the worked examples and this table', () => {
    const covered = new Set<string>([
      ...hashVectors.map((v) => v.event_type),
      'CONTRACT_ANCHOR',
      ...cases.map(([event]) => String(event['event_type'])),
    ]);
    expect([...covered].sort()).toEqual([...EVENT_TYPES].sort());
  });

  it('hashes strings as written: no trimming, case kept, UTF-8 byte lengths', () => {
    const base = { event_type: 'OWNERSHIP_ATTEST', wallet_hash: 'w' };
    expect(leafHash({ ...base, serial_number: ' S' })).not.toBe(leafHash({ ...base, serial_number: 'S' }));
    expect(toHex(leafPreimage({ ...base, serial_number: 'é' }))).toBe('02' + lp('w') + '0002c3a9');
    // ASCII before a multi-byte character, and a 4-byte one (a surrogate pair).
    expect(toHex(leafPreimage({ ...base, serial_number: 'a€🚀' }))).toBe(
      '02' + lp('w') + '0008' + '61' + 'e282ac' + 'f09f9a80',
    );
    expect(toHex(leafPreimage({ ...base, serial_number: '' }))).toBe('02' + lp('w') + '0000');
    const upper = {
      event_type: 'CONTRACT_ANCHOR',
      serial_number: SERIAL,
      contract_sha256: HEX64.toUpperCase(),
    };
    expect(leafHash(upper)).not.toBe(leafHash({ ...upper, contract_sha256: HEX64 }));
  });

  it('accepts a 65535-byte string and bigint integers up to u64 max', () => {
    const long = 'x'.repeat(65535);
    expect(
      leafPreimage({ event_type: 'EXIT', wallet_hash: long, serial_number: 'S', timestamp: 0 }).length,
    ).toBe(1 + 2 + 65535 + 2 + 1 + 8);
    const preimage = leafPreimage({
      event_type: 'DEPLOYMENT',
      serial_number: 'S',
      facility_id: 'F',
      timestamp: 0xffff_ffff_ffff_ffffn,
    });
    expect(toHex(preimage.slice(-8))).toBe('ffffffffffffffff');
  });
});

describe('MERKLE_ROOT', () => {
  const root = '94421ae28effbe52f651b33eb62c3b428d2ae62be578e05d471cba9794225bbd';
  it('returns merkle_root unchanged', () => {
    expect(leafHash({ event_type: 'MERKLE_ROOT', merkle_root: root })).toBe(root);
  });
  it('rejects a root that is not 64 lowercase hex', () => {
    expect(() => leafHash({ event_type: 'MERKLE_ROOT', merkle_root: root.toUpperCase() })).toThrow(
      RangeError,
    );
    expect(() => leafHash({ event_type: 'MERKLE_ROOT', merkle_root: root.slice(2) })).toThrow(/merkle_root/);
    expect(() => leafHash({ event_type: 'MERKLE_ROOT', merkle_root: 7 })).toThrow(TypeError);
    expect(() => leafHash({ event_type: 'MERKLE_ROOT' })).toThrow(/merkle_root/);
  });
  it('has no preimage to show', () => {
    expect(() => leafPreimage({ event_type: 'MERKLE_ROOT', merkle_root: root })).toThrow(RangeError);
  });
});

describe('bad input throws an error naming the field', () => {
  const anchor = { event_type: 'CONTRACT_ANCHOR', serial_number: SERIAL, contract_sha256: HEX64 };
  const cases: [string, unknown, ErrorConstructor, RegExp][] = [
    ['not an object', 'CONTRACT_ANCHOR', TypeError, /event must be an object/],
    ['null', null, TypeError, /event must be an object/],
    ['an array', [anchor], TypeError, /event must be an object/],
    ['missing event_type', { serial_number: SERIAL }, TypeError, /event_type/],
    ['event_type not a string', { ...anchor, event_type: 3 }, TypeError, /event_type/],
    ['undefined event type', { ...anchor, event_type: 'CONTRACT_ANCHOR ' }, RangeError, /event_type/],
    ['lowercase label', { ...anchor, event_type: 'contract_anchor' }, RangeError, /event_type/],
    ['missing field', { event_type: 'CONTRACT_ANCHOR', serial_number: SERIAL }, TypeError, /contract_sha256/],
    ['null field', { ...anchor, serial_number: null }, TypeError, /serial_number/],
    ['non-string field', { ...anchor, serial_number: 12 }, TypeError, /serial_number must be a string/],
    ['string over 65535 bytes', { ...anchor, serial_number: 'é'.repeat(32768) }, RangeError, /serial_number/],
    ['unpaired surrogate', { ...anchor, serial_number: 'a\ud800b' }, RangeError, /serial_number/],
    [
      'integer given as a string',
      { event_type: 'HOSTING_PAYMENT', serial_number: 'S', month: '7', year: 2026 },
      TypeError,
      /month must be an integer/,
    ],
    [
      'fractional integer',
      { event_type: 'HOSTING_PAYMENT', serial_number: 'S', month: 7.5, year: 2026 },
      RangeError,
      /month/,
    ],
    [
      'negative integer',
      { event_type: 'HOSTING_PAYMENT', serial_number: 'S', month: 7, year: -1 },
      RangeError,
      /year/,
    ],
    [
      'u32 overflow',
      { event_type: 'AGENT_POLICY', agent_id: 'a', policy_version: 2 ** 32, rules_hash: HEX64 },
      RangeError,
      /policy_version/,
    ],
    [
      'unsafe u64 number',
      { event_type: 'STAKING_REWARD', wallet_hash: 'w', amount_zat: 2 ** 60, epoch: 1 },
      RangeError,
      /amount_zat/,
    ],
    [
      'u64 overflow as bigint',
      { event_type: 'EXIT', wallet_hash: 'w', serial_number: 'S', timestamp: 2n ** 64n },
      RangeError,
      /timestamp/,
    ],
    [
      'missing timestamp',
      { event_type: 'EXIT', wallet_hash: 'w', serial_number: 'S' },
      TypeError,
      /timestamp/,
    ],
    ['boolean integer', { event_type: 'SHIELD_RENEWAL', wallet_hash: 'w', year: true }, TypeError, /year/],
  ];

  it.each(cases)('%s', (_name, event, errorType, message) => {
    // The cast feeds deliberately malformed input through the typed signature.
    const call = (): string => leafHash(event as EventFields);
    expect(call).toThrow(errorType);
    expect(call).toThrow(message);
  });
});
