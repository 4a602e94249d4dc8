/** The ZAP1 event registry (docs/protocol.md section 2): 18 defined types, 15 writable through `POST /event`. */

/** Every defined event type label, in type-byte order. */
export const EVENT_TYPES = [
  'PROGRAM_ENTRY',
  'OWNERSHIP_ATTEST',
  'CONTRACT_ANCHOR',
  'DEPLOYMENT',
  'HOSTING_PAYMENT',
  'SHIELD_RENEWAL',
  'TRANSFER',
  'EXIT',
  'MERKLE_ROOT',
  'STAKING_DEPOSIT',
  'STAKING_WITHDRAW',
  'STAKING_REWARD',
  'GOVERNANCE_PROPOSAL',
  'GOVERNANCE_VOTE',
  'GOVERNANCE_RESULT',
  'AGENT_REGISTER',
  'AGENT_POLICY',
  'AGENT_ACTION',
] as const;

/** A defined event type label. */
export type EventType = (typeof EVENT_TYPES)[number];

/** Type byte of each label. */
export const EVENT_TYPE_BYTES: Readonly<Record<EventType, number>> = {
  PROGRAM_ENTRY: 0x01,
  OWNERSHIP_ATTEST: 0x02,
  CONTRACT_ANCHOR: 0x03,
  DEPLOYMENT: 0x04,
  HOSTING_PAYMENT: 0x05,
  SHIELD_RENEWAL: 0x06,
  TRANSFER: 0x07,
  EXIT: 0x08,
  MERKLE_ROOT: 0x09,
  STAKING_DEPOSIT: 0x0a,
  STAKING_WITHDRAW: 0x0b,
  STAKING_REWARD: 0x0c,
  GOVERNANCE_PROPOSAL: 0x0d,
  GOVERNANCE_VOTE: 0x0e,
  GOVERNANCE_RESULT: 0x0f,
  AGENT_REGISTER: 0x40,
  AGENT_POLICY: 0x41,
  AGENT_ACTION: 0x42,
};

/** Types only the system creates (never through `POST /event`). */
export const SYSTEM_MANAGED_EVENT_TYPES = ['PROGRAM_ENTRY', 'OWNERSHIP_ATTEST', 'MERKLE_ROOT'] as const;

/** The 15 types `POST /event` accepts, in type-byte order. */
export const WRITE_API_EVENT_TYPES: readonly EventType[] = EVENT_TYPES.filter(
  (t) => !(SYSTEM_MANAGED_EVENT_TYPES as readonly string[]).includes(t),
);

/** Whether `value` is a defined event type label (exact, case-sensitive). */
export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);
}

/** Whether `value` is a label `POST /event` accepts. */
export function isWriteApiEventType(value: unknown): value is EventType {
  return isEventType(value) && WRITE_API_EVENT_TYPES.includes(value);
}

/** Label of a type byte, or `UNKNOWN` for an undefined byte (as the memo decoder labels it). */
export function eventTypeLabel(typeByte: number): EventType | 'UNKNOWN' {
  for (const t of EVENT_TYPES) if (EVENT_TYPE_BYTES[t] === typeByte) return t;
  return 'UNKNOWN';
}

/** Short fixed description per type, as the public event feed shows it. */
export const EVENT_DESCRIPTIONS: Readonly<Record<EventType, string>> = {
  PROGRAM_ENTRY: 'Program entry recorded',
  OWNERSHIP_ATTEST: 'Claimed ownership attestation',
  CONTRACT_ANCHOR: 'Claimed contract anchor',
  DEPLOYMENT: 'Claimed hardware deployment',
  HOSTING_PAYMENT: 'Claimed hosting payment',
  SHIELD_RENEWAL: 'Claimed shield renewal',
  TRANSFER: 'Claimed ownership transfer',
  EXIT: 'Claimed program exit',
  MERKLE_ROOT: 'Merkle root anchor',
  STAKING_DEPOSIT: 'Claimed staking deposit',
  STAKING_WITHDRAW: 'Claimed staking withdrawal',
  STAKING_REWARD: 'Claimed staking reward',
  GOVERNANCE_PROPOSAL: 'Claimed governance proposal',
  GOVERNANCE_VOTE: 'Claimed governance vote',
  GOVERNANCE_RESULT: 'Claimed governance result',
  AGENT_REGISTER: 'Claimed agent registration',
  AGENT_POLICY: 'Claimed agent policy',
  AGENT_ACTION: 'Claimed agent action',
};

/** Legacy anchors (duplicate-odd, no count binding) are accepted only at or below this height. */
export const LEGACY_ROOT_MAX_ANCHOR_HEIGHT = 3_317_133;

/** The current Merkle scheme and the historical one. */
export const SCHEME_COUNT_BOUND = 'ZAP1_COUNT_BOUND_V2';
export const SCHEME_LEGACY = 'ZAP1_LEGACY_DUPLICATE_ODD';
export type MerkleScheme = typeof SCHEME_COUNT_BOUND | typeof SCHEME_LEGACY;
