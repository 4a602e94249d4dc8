import { describe, expect, it } from 'vitest';
import { eventFieldsOf, WRITE_API_EVENT_TYPES } from './event-specs.js';
import { EVENT_REQUEST_FIELDS } from './field-specs.js';
import { leafHash } from './leaf-hash.js';
import { unknownEventFields, validateEvent, type FieldError } from './validate-event.js';

const H1 = '0123456789abcdef'.repeat(4);
const H2 = 'fedcba9876543210'.repeat(4);
const W = 'wallet_01';

/** A valid body for each of the 15 write-API types. */
const VALID: Record<string, Record<string, unknown>> = {
  CONTRACT_ANCHOR: {
    event_type: 'CONTRACT_ANCHOR',
    wallet_hash: W,
    serial_number: 'Z15P-2026-001',
    contract_sha256: H1,
  },
  DEPLOYMENT: { event_type: 'DEPLOYMENT', wallet_hash: W, serial_number: 'S-1', facility_id: 'Oslo DC 3' },
  HOSTING_PAYMENT: {
    event_type: 'HOSTING_PAYMENT',
    wallet_hash: W,
    serial_number: 'S-1',
    month: 7,
    year: 2026,
  },
  SHIELD_RENEWAL: { event_type: 'SHIELD_RENEWAL', wallet_hash: W, year: 2027 },
  TRANSFER: { event_type: 'TRANSFER', wallet_hash: W, serial_number: 'S-1', new_wallet_hash: 'wallet-02' },
  EXIT: { event_type: 'EXIT', wallet_hash: W, serial_number: 'S-1' },
  STAKING_DEPOSIT: {
    event_type: 'STAKING_DEPOSIT',
    wallet_hash: W,
    amount_zat: 100_000_000,
    validator_id: 'val-1',
  },
  STAKING_WITHDRAW: { event_type: 'STAKING_WITHDRAW', wallet_hash: W, amount_zat: 1, validator_id: 'val-1' },
  STAKING_REWARD: { event_type: 'STAKING_REWARD', wallet_hash: W, amount_zat: 312_500, epoch: 0 },
  GOVERNANCE_PROPOSAL: {
    event_type: 'GOVERNANCE_PROPOSAL',
    wallet_hash: W,
    proposal_id: 'ZIP-1',
    proposal_hash: H1,
  },
  GOVERNANCE_VOTE: {
    event_type: 'GOVERNANCE_VOTE',
    wallet_hash: W,
    proposal_id: 'ZIP-1',
    vote_commitment: H2,
  },
  GOVERNANCE_RESULT: {
    event_type: 'GOVERNANCE_RESULT',
    wallet_hash: W,
    proposal_id: 'ZIP-1',
    result_hash: H1,
  },
  AGENT_REGISTER: {
    event_type: 'AGENT_REGISTER',
    wallet_hash: 'agent-7',
    agent_id: 'agent-7',
    pubkey_hash: H1,
    model_hash: H2,
    policy_hash: H1,
  },
  AGENT_POLICY: {
    event_type: 'AGENT_POLICY',
    wallet_hash: 'agent-7',
    agent_id: 'agent-7',
    policy_version: 1,
    rules_hash: H2,
  },
  AGENT_ACTION: {
    event_type: 'AGENT_ACTION',
    wallet_hash: 'agent-7',
    agent_id: 'agent-7',
    action_type: 'rebalance',
    input_hash: H1,
    output_hash: H2,
  },
};

const only = (field: string, message: string): FieldError[] => [{ field, message }];

describe('validateEvent accepts a valid body of every write-API type', () => {
  it('has a fixture for exactly the 15 write-API types', () => {
    expect(Object.keys(VALID).sort()).toEqual([...WRITE_API_EVENT_TYPES].sort());
  });

  it.each(Object.entries(VALID))('%s', (type, body) => {
    expect(validateEvent(body)).toEqual([]);
    // A valid body (plus the server's timestamp) always has a leaf hash.
    expect(leafHash({ ...body, timestamp: 1_774_000_000 })).toMatch(/^[0-9a-f]{64}$/);
    expect(type).toBe(body['event_type']);
  });

  it('accepts boundary values and ignores fields the type does not use', () => {
    const ok: Record<string, unknown>[] = [
      { ...VALID['HOSTING_PAYMENT'], month: 1, year: 2020 },
      { ...VALID['HOSTING_PAYMENT'], month: 12, year: 2100 },
      { ...VALID['STAKING_DEPOSIT'], amount_zat: 2_100_000_000_000_000 },
      { ...VALID['STAKING_REWARD'], epoch: 4_294_967_295 },
      { ...VALID['AGENT_POLICY'], policy_version: 4_294_967_295 },
      { ...VALID['EXIT'], wallet_hash: 'x'.repeat(128) },
      { ...VALID['EXIT'], serial_number: 'é'.repeat(256) },
      { ...VALID['EXIT'], serial_number: '  padded  ' },
      { ...VALID['EXIT'], serial_number: 'emoji 🚀 ok' },
      // 512 bytes exactly of 3-byte and of 4-byte (surrogate pair) characters.
      { ...VALID['EXIT'], serial_number: '€'.repeat(170) + 'xx' },
      { ...VALID['EXIT'], serial_number: '🚀'.repeat(128) },
      { ...VALID['CONTRACT_ANCHOR'], month: 99, amount_zat: 0 },
      { ...VALID['CONTRACT_ANCHOR'], facility_id: null, month: null },
    ];
    for (const body of ok) expect(validateEvent(body)).toEqual([]);
  });
});

describe('validateEvent rules', () => {
  const anchor = VALID['CONTRACT_ANCHOR']!;
  const cases: [string, unknown, FieldError[]][] = [
    ['body not an object', 'hello', only('body', 'The request body must be a JSON object of event fields')],
    ['body null', null, only('body', 'The request body must be a JSON object of event fields')],
    ['body an array', [anchor], only('body', 'The request body must be a JSON object of event fields')],
    [
      'empty object',
      {},
      [
        { field: 'event_type', message: 'event_type required' },
        { field: 'wallet_hash', message: 'wallet_hash required' },
      ],
    ],
    ['event_type missing', { ...anchor, event_type: undefined }, only('event_type', 'event_type required')],
    ['event_type a number', { ...anchor, event_type: 3 }, only('event_type', 'event_type must be a string')],
    [
      'wallet_hash missing',
      { ...anchor, wallet_hash: undefined },
      only('wallet_hash', 'wallet_hash required'),
    ],
    ['wallet_hash null', { ...anchor, wallet_hash: null }, only('wallet_hash', 'wallet_hash required')],
    [
      'wallet_hash a number',
      { ...anchor, wallet_hash: 42 },
      only('wallet_hash', 'wallet_hash must be a string'),
    ],
    [
      'wallet_hash empty',
      { ...anchor, wallet_hash: '' },
      only('wallet_hash', 'wallet_hash must be 1-128 bytes'),
    ],
    [
      'wallet_hash 129 bytes',
      { ...anchor, wallet_hash: 'x'.repeat(129) },
      only('wallet_hash', 'wallet_hash must be 1-128 bytes'),
    ],
    [
      'wallet_hash with a space',
      { ...anchor, wallet_hash: 'my wallet' },
      only('wallet_hash', 'wallet_hash must use only ASCII letters, digits, underscore, or hyphen'),
    ],
    [
      'wallet_hash non-ASCII',
      { ...anchor, wallet_hash: 'wället' },
      only('wallet_hash', 'wallet_hash must use only ASCII letters, digits, underscore, or hyphen'),
    ],
    [
      'new_wallet_hash checked whatever the type',
      { ...anchor, new_wallet_hash: 'a.b' },
      only('new_wallet_hash', 'new_wallet_hash must use only ASCII letters, digits, underscore, or hyphen'),
    ],
    [
      'serial_number empty',
      { ...anchor, serial_number: '' },
      only('serial_number', 'serial_number must be 1-512 UTF-8 bytes'),
    ],
    [
      'serial_number 513 bytes (multi-byte characters count as bytes)',
      { ...anchor, serial_number: 'é'.repeat(256) + 'x' },
      only('serial_number', 'serial_number must be 1-512 UTF-8 bytes'),
    ],
    [
      'serial_number 513 bytes of 3-byte characters',
      { ...anchor, serial_number: '€'.repeat(171) },
      only('serial_number', 'serial_number must be 1-512 UTF-8 bytes'),
    ],
    [
      'serial_number 513 bytes of 4-byte characters',
      { ...anchor, serial_number: '🚀'.repeat(128) + 'x' },
      only('serial_number', 'serial_number must be 1-512 UTF-8 bytes'),
    ],
    [
      'serial_number 10 KB',
      { ...anchor, serial_number: 'x'.repeat(10_240) },
      only('serial_number', 'serial_number must be 1-512 UTF-8 bytes'),
    ],
    [
      'serial_number with a newline',
      { ...anchor, serial_number: 'S-1\n' },
      only('serial_number', 'serial_number must not contain control characters'),
    ],
    [
      'serial_number with NUL',
      { ...anchor, serial_number: 'S\u00001' },
      only('serial_number', 'serial_number must not contain control characters'),
    ],
    [
      'serial_number with DEL',
      { ...anchor, serial_number: 'S\u007f' },
      only('serial_number', 'serial_number must not contain control characters'),
    ],
    [
      'serial_number with a C1 control',
      { ...anchor, serial_number: 'S\u0085' },
      only('serial_number', 'serial_number must not contain control characters'),
    ],
    [
      'serial_number with an unpaired surrogate',
      { ...anchor, serial_number: 'S\ud800' },
      only('serial_number', 'serial_number must be valid Unicode text (it contains an unpaired surrogate)'),
    ],
    [
      'facility_id checked whatever the type',
      { ...anchor, facility_id: 'tab\there' },
      only('facility_id', 'facility_id must not contain control characters'),
    ],
    [
      'contract_sha256 uppercase',
      { ...anchor, contract_sha256: H1.toUpperCase() },
      only('contract_sha256', 'contract_sha256 must be exactly 64 lowercase hexadecimal characters'),
    ],
    [
      'contract_sha256 63 chars',
      { ...anchor, contract_sha256: H1.slice(1) },
      only('contract_sha256', 'contract_sha256 must be exactly 64 lowercase hexadecimal characters'),
    ],
    [
      'contract_sha256 with 0x prefix',
      { ...anchor, contract_sha256: '0x' + H1.slice(2) },
      only('contract_sha256', 'contract_sha256 must be exactly 64 lowercase hexadecimal characters'),
    ],
    [
      'contract_sha256 with surrounding spaces (never trimmed)',
      { ...anchor, contract_sha256: ` ${H1} ` },
      only('contract_sha256', 'contract_sha256 must be exactly 64 lowercase hexadecimal characters'),
    ],
    [
      'contract_sha256 10 KB',
      { ...anchor, contract_sha256: 'a'.repeat(10_240) },
      only('contract_sha256', 'contract_sha256 must be exactly 64 lowercase hexadecimal characters'),
    ],
    [
      'contract_sha256 a number',
      { ...anchor, contract_sha256: 12345 },
      only('contract_sha256', 'contract_sha256 must be a string'),
    ],
    [
      'hash of an unused field still checked',
      { ...anchor, output_hash: 'nope' },
      only('output_hash', 'output_hash must be exactly 64 lowercase hexadecimal characters'),
    ],
    [
      'contract_sha256 missing',
      { ...anchor, contract_sha256: undefined },
      only('contract_sha256', 'contract_sha256 required'),
    ],
    [
      'HOSTING_PAYMENT missing everything',
      { event_type: 'HOSTING_PAYMENT', wallet_hash: W },
      [
        { field: 'serial_number', message: 'serial_number required' },
        { field: 'month', message: 'month required' },
        { field: 'year', message: 'year required' },
      ],
    ],
    ['month 0', { ...VALID['HOSTING_PAYMENT'], month: 0 }, only('month', 'month must be 1-12')],
    ['month 13', { ...VALID['HOSTING_PAYMENT'], month: 13 }, only('month', 'month must be 1-12')],
    ['month negative', { ...VALID['HOSTING_PAYMENT'], month: -1 }, only('month', 'month must be 1-12')],
    [
      'month as a string',
      { ...VALID['HOSTING_PAYMENT'], month: '7' },
      only('month', 'month must be an integer'),
    ],
    [
      'month fractional',
      { ...VALID['HOSTING_PAYMENT'], month: 7.5 },
      only('month', 'month must be an integer'),
    ],
    [
      'month boolean',
      { ...VALID['HOSTING_PAYMENT'], month: true },
      only('month', 'month must be an integer'),
    ],
    [
      'month an array',
      { ...VALID['HOSTING_PAYMENT'], month: [7] },
      only('month', 'month must be an integer'),
    ],
    ['year 2019', { ...VALID['SHIELD_RENEWAL'], year: 2019 }, only('year', 'year must be 2020-2100')],
    ['year 2101', { ...VALID['HOSTING_PAYMENT'], year: 2101 }, only('year', 'year must be 2020-2100')],
    [
      'u32 field out of range where the type does not use it',
      { ...anchor, epoch: 4_294_967_296 },
      only('epoch', 'epoch must be an integer from 0 to 4294967295'),
    ],
    [
      'negative epoch',
      { ...VALID['STAKING_REWARD'], epoch: -5 },
      only('epoch', 'epoch must be an integer from 0 to 4294967295'),
    ],
    [
      'amount_zat 0',
      { ...VALID['STAKING_DEPOSIT'], amount_zat: 0 },
      only('amount_zat', 'amount_zat must be between 1 and the Zcash maximum supply'),
    ],
    [
      'amount_zat above 21M ZEC',
      { ...VALID['STAKING_REWARD'], amount_zat: 2_100_000_000_000_001 },
      only('amount_zat', 'amount_zat must be between 1 and the Zcash maximum supply'),
    ],
    [
      'amount_zat negative on another type',
      { ...anchor, amount_zat: -1 },
      only('amount_zat', 'amount_zat must be between 1 and the Zcash maximum supply'),
    ],
    [
      'amount_zat as a string',
      { ...VALID['STAKING_WITHDRAW'], amount_zat: '100' },
      only('amount_zat', 'amount_zat must be an integer'),
    ],
    [
      'validator_id missing',
      { ...VALID['STAKING_DEPOSIT'], validator_id: undefined },
      only('validator_id', 'validator_id required'),
    ],
    [
      'policy_version 0',
      { ...VALID['AGENT_POLICY'], policy_version: 0 },
      only('policy_version', 'policy_version must be greater than zero'),
    ],
    [
      'policy_version above u32',
      { ...VALID['AGENT_POLICY'], policy_version: 4_294_967_296 },
      only('policy_version', 'policy_version must be at most 4294967295'),
    ],
    [
      'agent_id differs from wallet_hash',
      { ...VALID['AGENT_REGISTER'], agent_id: 'agent-8' },
      only(
        'agent_id',
        'agent_id must equal wallet_hash for agent events (the agent is the subject of the event)',
      ),
    ],
    [
      'agent_id missing',
      { ...VALID['AGENT_ACTION'], agent_id: undefined },
      only('agent_id', 'agent_id required'),
    ],
    [
      'TRANSFER without new owner',
      { ...VALID['TRANSFER'], new_wallet_hash: undefined },
      only('new_wallet_hash', 'new_wallet_hash required'),
    ],
    [
      'GOVERNANCE_VOTE',
      { event_type: 'GOVERNANCE_VOTE', wallet_hash: W, proposal_id: 'p' },
      only('vote_commitment', 'vote_commitment required'),
    ],
    ['unknown type', { ...anchor, event_type: 'FOO' }, only('event_type', 'unsupported event_type: FOO')],
    [
      'labels are case-sensitive',
      { ...anchor, event_type: 'contract_anchor' },
      only('event_type', 'unsupported event_type: contract_anchor'),
    ],
    [
      'PROGRAM_ENTRY is system-managed',
      { event_type: 'PROGRAM_ENTRY', wallet_hash: W },
      only('event_type', 'unsupported event_type: PROGRAM_ENTRY'),
    ],
    [
      'OWNERSHIP_ATTEST is system-managed',
      { event_type: 'OWNERSHIP_ATTEST', wallet_hash: W, serial_number: 'S' },
      only('event_type', 'unsupported event_type: OWNERSHIP_ATTEST'),
    ],
    [
      'MERKLE_ROOT is system-managed',
      { event_type: 'MERKLE_ROOT', wallet_hash: W },
      only('event_type', 'unsupported event_type: MERKLE_ROOT'),
    ],
    [
      'a 10 KB event_type is shortened in the message',
      { ...anchor, event_type: 'X'.repeat(10_240) },
      only('event_type', `unsupported event_type: ${'X'.repeat(64)}…`),
    ],
  ];

  it.each(cases)('%s', (_name, body, expected) => {
    expect(validateEvent(body)).toEqual(expected);
  });

  it('reports every error, in the reference check order', () => {
    const body = {
      event_type: 'AGENT_ACTION',
      wallet_hash: 'bad wallet',
      agent_id: 'agent-1',
      month: 'x',
      serial_number: '',
      action_type: 'a\u0007',
      input_hash: H1.toUpperCase(),
    };
    expect(validateEvent(body)).toEqual([
      { field: 'month', message: 'month must be an integer' },
      {
        field: 'wallet_hash',
        message: 'wallet_hash must use only ASCII letters, digits, underscore, or hyphen',
      },
      { field: 'serial_number', message: 'serial_number must be 1-512 UTF-8 bytes' },
      { field: 'action_type', message: 'action_type must not contain control characters' },
      { field: 'input_hash', message: 'input_hash must be exactly 64 lowercase hexadecimal characters' },
      {
        field: 'agent_id',
        message: 'agent_id must equal wallet_hash for agent events (the agent is the subject of the event)',
      },
      { field: 'output_hash', message: 'output_hash required' },
    ]);
  });

  it('puts the unsupported type last, after field checks', () => {
    expect(validateEvent({ event_type: 'NOPE', wallet_hash: '' })).toEqual([
      { field: 'wallet_hash', message: 'wallet_hash must be 1-128 bytes' },
      { field: 'event_type', message: 'unsupported event_type: NOPE' },
    ]);
  });

  it('does not accept timestamp as a request field', () => {
    expect(EVENT_REQUEST_FIELDS).not.toContain('timestamp');
    expect(EVENT_REQUEST_FIELDS).toHaveLength(24);
    expect(validateEvent({ ...VALID['DEPLOYMENT'], timestamp: 5 })).toEqual([]);
    expect(fieldsOf(unknownEventFields({ ...VALID['DEPLOYMENT']!, timestamp: 5 }))).toEqual(['timestamp']);
  });
});

describe('unknownEventFields', () => {
  it('returns [] for known fields only', () => {
    expect(unknownEventFields(VALID['AGENT_ACTION']!)).toEqual([]);
    const all = Object.fromEntries(EVENT_REQUEST_FIELDS.map((field) => [field, 1]));
    expect(unknownEventFields(all)).toEqual([]);
  });

  it('names unknown fields in body order, case-sensitively', () => {
    expect(fieldsOf(unknownEventFields({ zeta: 1, event_type: 'EXIT', Wallet_Hash: 'x', alpha: 2 }))).toEqual(
      ['zeta', 'Wallet_Hash', 'alpha'],
    );
    expect(fieldsOf(unknownEventFields(JSON.parse('{"__proto__": {}, "wallet_hash": "w"}')))).toEqual([
      '__proto__',
    ]);
  });

  it('refuses a field of another type: the leaf would not commit to it (security review 1)', () => {
    const forged = { ...VALID['HOSTING_PAYMENT']!, contract_sha256: 'a'.repeat(64), agent_id: 'x' };
    expect(unknownEventFields(forged)).toEqual([
      {
        field: 'contract_sha256',
        message: 'contract_sha256 is not a field of HOSTING_PAYMENT events (its leaf does not commit to it)',
      },
      {
        field: 'agent_id',
        message: 'agent_id is not a field of HOSTING_PAYMENT events (its leaf does not commit to it)',
      },
    ]);
    expect(fieldsOf(unknownEventFields({ ...VALID['CONTRACT_ANCHOR']!, month: 1 }))).toEqual(['month']);
  });

  it("accepts exactly each type's own fields, and nulls of other fields as absent", () => {
    for (const type of WRITE_API_EVENT_TYPES) {
      expect(unknownEventFields(VALID[type]!), type).toEqual([]);
      const own = new Set(eventFieldsOf(type));
      const others = EVENT_REQUEST_FIELDS.filter((field) => !own.has(field));
      expect(
        fieldsOf(unknownEventFields({ ...VALID[type]!, ...Object.fromEntries(others.map((f) => [f, 'x'])) })),
      ).toEqual(others);
      expect(
        unknownEventFields({ ...VALID[type]!, ...Object.fromEntries(others.map((f) => [f, null])) }),
      ).toEqual([]);
    }
  });
});

function fieldsOf(errors: readonly FieldError[]): string[] {
  return errors.map((error) => error.field);
}
