/**
 * The ZAP1 event registry (docs/protocol.md section 2, docs/reference-api.md 3.1) as ONE table:
 * what each event type is, which fields it needs, how its leaf preimage is laid out, whom it is
 * about, and how people see it. Validation, leaf hashing, the service's schemas and OpenAPI, the
 * event feed and the web app's labels are all derived from `EVENT_SPECS` and `FIELD_SPECS`.
 *
 * Adding an event type is one entry in `EVENT_SPECS` (plus, for a new request field, one entry in
 * `FIELD_SPECS`) and its test vectors.
 */

import { FIELD_SPECS, type EventField } from './field-specs.js';

/**
 * One piece of a leaf preimage after the type byte: `lp` = u16be byte length then UTF-8 bytes,
 * `raw` = UTF-8 bytes without a length, `u32`/`u64` = big-endian integers. `timestamp` is the
 * server's Unix time, stamped at insert.
 */
export type PreimagePart =
  readonly ['lp' | 'raw', EventField] | readonly ['u32' | 'u64', EventField | 'timestamp'];

export interface EventSpec {
  /** The type byte (memo `TT`, first preimage byte). */
  byte: number;
  /** `api`: accepted by `POST /event`; `system`: created by the service itself, refused there. */
  writer: 'api' | 'system';
  /** Fields `POST /event` requires beyond `event_type` and `wallet_hash`, in the reference's order. */
  required: readonly EventField[];
  /** The leaf preimage after the type byte; null for MERKLE_ROOT, whose payload is the root itself. */
  preimage: readonly PreimagePart[] | null;
  /** Whom the leaf is about: the wallet, or for agent events the agent (`agent_id` must equal `wallet_hash`). */
  subject: 'wallet' | 'agent';
  /** The field the service stores and shows as the leaf's serial (docs/reference-api.md 3.1), if any. */
  serialField: EventField | null;
  /** The public event feed's fixed description (the submitter's claim, not a verified fact). */
  description: string;
  /** What the app calls the type, in plain words. */
  label: string;
}

/** A deposit and a withdrawal are laid out alike: the amount moved, to or from which validator. */
const STAKING_MOVEMENT = {
  writer: 'api',
  required: ['amount_zat', 'validator_id'],
  preimage: [
    ['lp', 'wallet_hash'],
    ['u64', 'amount_zat'],
    ['lp', 'validator_id'],
  ],
  subject: 'wallet',
  serialField: 'validator_id',
} as const;

/** The 18 defined event types, in type-byte order. */
export const EVENT_SPECS = {
  PROGRAM_ENTRY: {
    byte: 0x01,
    writer: 'system',
    required: [],
    preimage: [['raw', 'wallet_hash']],
    subject: 'wallet',
    serialField: null,
    description: 'Program entry recorded',
    label: 'Program entry',
  },
  OWNERSHIP_ATTEST: {
    byte: 0x02,
    writer: 'system',
    required: [],
    preimage: [
      ['lp', 'wallet_hash'],
      ['lp', 'serial_number'],
    ],
    subject: 'wallet',
    serialField: 'serial_number',
    description: 'Claimed ownership attestation',
    label: 'Ownership attestation',
  },
  CONTRACT_ANCHOR: {
    byte: 0x03,
    writer: 'api',
    required: ['serial_number', 'contract_sha256'],
    // wallet_hash is not hashed: two wallets anchoring the same contract make the same leaf.
    preimage: [
      ['lp', 'serial_number'],
      ['lp', 'contract_sha256'],
    ],
    subject: 'wallet',
    serialField: 'serial_number',
    description: 'Claimed contract anchor',
    label: 'Contract anchor',
  },
  DEPLOYMENT: {
    byte: 0x04,
    writer: 'api',
    required: ['serial_number', 'facility_id'],
    preimage: [
      ['lp', 'serial_number'],
      ['lp', 'facility_id'],
      ['u64', 'timestamp'],
    ],
    subject: 'wallet',
    serialField: 'serial_number',
    description: 'Claimed hardware deployment',
    label: 'Hardware deployment',
  },
  HOSTING_PAYMENT: {
    byte: 0x05,
    writer: 'api',
    required: ['serial_number', 'month', 'year'],
    preimage: [
      ['lp', 'serial_number'],
      ['u32', 'month'],
      ['u32', 'year'],
    ],
    subject: 'wallet',
    serialField: 'serial_number',
    description: 'Claimed hosting payment',
    label: 'Hosting payment',
  },
  SHIELD_RENEWAL: {
    byte: 0x06,
    writer: 'api',
    required: ['year'],
    preimage: [
      ['lp', 'wallet_hash'],
      ['u32', 'year'],
    ],
    subject: 'wallet',
    serialField: null,
    description: 'Claimed shield renewal',
    label: 'Shield renewal',
  },
  TRANSFER: {
    byte: 0x07,
    writer: 'api',
    required: ['serial_number', 'new_wallet_hash'],
    // The request's wallet_hash is the old owner.
    preimage: [
      ['lp', 'wallet_hash'],
      ['lp', 'new_wallet_hash'],
      ['lp', 'serial_number'],
    ],
    subject: 'wallet',
    serialField: 'serial_number',
    description: 'Claimed ownership transfer',
    label: 'Ownership transfer',
  },
  EXIT: {
    byte: 0x08,
    writer: 'api',
    required: ['serial_number'],
    preimage: [
      ['lp', 'wallet_hash'],
      ['lp', 'serial_number'],
      ['u64', 'timestamp'],
    ],
    subject: 'wallet',
    serialField: 'serial_number',
    description: 'Claimed program exit',
    label: 'Program exit',
  },
  MERKLE_ROOT: {
    byte: 0x09,
    writer: 'system',
    required: [],
    preimage: null,
    subject: 'wallet',
    serialField: null,
    description: 'Merkle root anchor',
    label: 'Merkle root anchor',
  },
  STAKING_DEPOSIT: {
    byte: 0x0a,
    ...STAKING_MOVEMENT,
    description: 'Claimed staking deposit',
    label: 'Staking deposit',
  },
  STAKING_WITHDRAW: {
    byte: 0x0b,
    ...STAKING_MOVEMENT,
    description: 'Claimed staking withdrawal',
    label: 'Staking withdrawal',
  },
  STAKING_REWARD: {
    byte: 0x0c,
    writer: 'api',
    required: ['amount_zat', 'epoch'],
    preimage: [
      ['lp', 'wallet_hash'],
      ['u64', 'amount_zat'],
      ['u32', 'epoch'],
    ],
    subject: 'wallet',
    serialField: null,
    description: 'Claimed staking reward',
    label: 'Staking reward',
  },
  GOVERNANCE_PROPOSAL: {
    byte: 0x0d,
    writer: 'api',
    required: ['proposal_id', 'proposal_hash'],
    preimage: [
      ['lp', 'wallet_hash'],
      ['lp', 'proposal_id'],
      ['lp', 'proposal_hash'],
    ],
    subject: 'wallet',
    serialField: 'proposal_id',
    description: 'Claimed governance proposal',
    label: 'Governance proposal',
  },
  GOVERNANCE_VOTE: {
    byte: 0x0e,
    writer: 'api',
    required: ['proposal_id', 'vote_commitment'],
    preimage: [
      ['lp', 'wallet_hash'],
      ['lp', 'proposal_id'],
      ['lp', 'vote_commitment'],
    ],
    subject: 'wallet',
    serialField: 'proposal_id',
    description: 'Claimed governance vote',
    label: 'Governance vote',
  },
  GOVERNANCE_RESULT: {
    byte: 0x0f,
    writer: 'api',
    required: ['proposal_id', 'result_hash'],
    preimage: [
      ['lp', 'wallet_hash'],
      ['lp', 'proposal_id'],
      ['lp', 'result_hash'],
    ],
    subject: 'wallet',
    serialField: 'proposal_id',
    description: 'Claimed governance result',
    label: 'Governance result',
  },
  AGENT_REGISTER: {
    byte: 0x40,
    writer: 'api',
    required: ['agent_id', 'pubkey_hash', 'model_hash', 'policy_hash'],
    preimage: [
      ['lp', 'agent_id'],
      ['lp', 'pubkey_hash'],
      ['lp', 'model_hash'],
      ['lp', 'policy_hash'],
    ],
    subject: 'agent',
    serialField: null,
    description: 'Claimed agent registration',
    label: 'Agent registration',
  },
  AGENT_POLICY: {
    byte: 0x41,
    writer: 'api',
    required: ['agent_id', 'policy_version', 'rules_hash'],
    preimage: [
      ['lp', 'agent_id'],
      ['u32', 'policy_version'],
      ['lp', 'rules_hash'],
    ],
    subject: 'agent',
    serialField: null,
    description: 'Claimed agent policy',
    label: 'Agent policy',
  },
  AGENT_ACTION: {
    byte: 0x42,
    writer: 'api',
    required: ['agent_id', 'action_type', 'input_hash', 'output_hash'],
    preimage: [
      ['lp', 'agent_id'],
      ['lp', 'action_type'],
      ['lp', 'input_hash'],
      ['lp', 'output_hash'],
    ],
    subject: 'agent',
    serialField: 'action_type',
    description: 'Claimed agent action',
    label: 'Agent action',
  },
} as const satisfies Record<string, EventSpec>;

// ---- Derived views of the table ----------------------------------------------------------------

/** A defined event type label (upper snake case, exactly as on the wire). */
export type EventType = keyof typeof EVENT_SPECS;

/** The spec of `type`, typed as the general shape. */
export function eventSpec(type: EventType): EventSpec {
  return EVENT_SPECS[type];
}

/** Every defined event type label, in type-byte order. */
export const EVENT_TYPES: readonly EventType[] = Object.keys(EVENT_SPECS).filter(
  (key): key is EventType => key in EVENT_SPECS,
);

/** Types only the system creates (never through `POST /event`). */
export const SYSTEM_MANAGED_EVENT_TYPES: readonly EventType[] = EVENT_TYPES.filter(
  (t) => EVENT_SPECS[t].writer === 'system',
);

/** The types `POST /event` accepts, in type-byte order. */
export const WRITE_API_EVENT_TYPES: readonly EventType[] = EVENT_TYPES.filter(
  (t) => EVENT_SPECS[t].writer === 'api',
);

/** Whether `value` is a defined event type label (exact, case-sensitive). */
export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && Object.hasOwn(EVENT_SPECS, value);
}

/** Whether `value` is a label `POST /event` accepts. */
export function isWriteApiEventType(value: unknown): value is EventType {
  return isEventType(value) && EVENT_SPECS[value].writer === 'api';
}

/** Label of a type byte, or `UNKNOWN` for an undefined byte (as the memo decoder labels it). */
export function eventTypeLabel(typeByte: number): EventType | 'UNKNOWN' {
  return EVENT_TYPES.find((t) => EVENT_SPECS[t].byte === typeByte) ?? 'UNKNOWN';
}

/** The fields the type's leaf preimage commits to (the type itself is its first byte), in preimage order. */
export function committedFields(type: EventType): readonly string[] {
  return (eventSpec(type).preimage ?? []).map(([, field]) => field);
}

/**
 * Every field an event of this type may carry: `event_type`, `wallet_hash` (every write names its
 * wallet, hashed or not), the type's required fields and what its preimage commits to, including the
 * service's `timestamp` where the type hashes it. `POST /event` takes these less `timestamp`; a
 * receipt's event holds no other field (anything else would be an unproven claim beside a proven one).
 */
export function eventFieldsOf(type: EventType): readonly string[] {
  const spec = eventSpec(type);
  return [...new Set(['event_type', 'wallet_hash', ...spec.required, ...committedFields(type)])];
}

/** What the app calls a type label it receives (the wire label itself when it is not a defined type). */
export function eventTypeName(label: string): string {
  return isEventType(label) ? EVENT_SPECS[label].label : label;
}

/** Whether the server stamps its Unix time into this type's leaf (and returns it as `timestamp`). */
export function isServerStamped(type: EventType): boolean {
  return eventSpec(type).preimage?.some(([, field]) => field === 'timestamp') ?? false;
}

/** The value the service stores as a leaf's serial for this event (docs/reference-api.md 3.1), or null. */
export function storedSerial(type: EventType, fields: Readonly<Record<string, unknown>>): string | null {
  const field = eventSpec(type).serialField;
  const value = field === null ? undefined : fields[field];
  return typeof value === 'string' ? value : null;
}

/**
 * What the app calls the serial the service stores for events of this type label ("Validator" for a
 * STAKING_DEPOSIT, "Serial number" for a CONTRACT_ANCHOR); `Serial` for a label it does not know.
 */
export function serialLabel(label: string): string {
  const field = isEventType(label) ? EVENT_SPECS[label].serialField : null;
  return field === null ? 'Serial' : FIELD_SPECS[field].label;
}
