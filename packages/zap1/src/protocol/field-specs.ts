/**
 * The request fields of ZAP1 events (docs/protocol.md 2.3, docs/reference-api.md 3.1): each
 * field's kind, its range where one applies, and its label in the app. The event types that use
 * them are in `event-specs.ts`.
 */

/** How a request field is checked: its JSON type and its text rule (docs/protocol.md 2.3). */
export type FieldKind =
  /** 1-128 bytes of `[A-Za-z0-9_-]`. */
  | 'identifier'
  /** 1-512 UTF-8 bytes, no control characters. */
  | 'text'
  /** Exactly 64 lowercase hex characters, hashed as its ASCII text. */
  | 'hash'
  /** An integer that fits 4 bytes, written u32be. */
  | 'u32'
  /** An integer that fits 8 bytes (and a JS safe integer), written u64be. */
  | 'u64';

export interface FieldSpec {
  kind: FieldKind;
  /** What the app calls the field, in plain words. */
  label: string;
  /** Range checked where the event type requires the field, with the reference's message. */
  range?: { min: number; max: number; message: string };
}

const MAX_U32 = 0xffff_ffff;
/** 21 million ZEC in zatoshi. */
const MAX_ZATOSHI = 2_100_000_000_000_000;

/**
 * Every field `POST /event` accepts besides `event_type`, in the reference request struct's order
 * (which is also the order each group of checks runs in). `timestamp` is not one: the server stamps it.
 */
export const FIELD_SPECS = {
  wallet_hash: { kind: 'identifier', label: 'Wallet pseudonym' },
  serial_number: { kind: 'text', label: 'Serial number' },
  contract_sha256: { kind: 'hash', label: 'Contract SHA-256' },
  facility_id: { kind: 'text', label: 'Facility' },
  month: { kind: 'u32', label: 'Month', range: { min: 1, max: 12, message: 'month must be 1-12' } },
  year: { kind: 'u32', label: 'Year', range: { min: 2020, max: 2100, message: 'year must be 2020-2100' } },
  new_wallet_hash: { kind: 'identifier', label: 'New wallet pseudonym' },
  amount_zat: {
    kind: 'u64',
    label: 'Amount (zatoshi)',
    range: { min: 1, max: MAX_ZATOSHI, message: 'amount_zat must be between 1 and the Zcash maximum supply' },
  },
  validator_id: { kind: 'text', label: 'Validator' },
  epoch: { kind: 'u32', label: 'Epoch' },
  proposal_id: { kind: 'text', label: 'Proposal' },
  proposal_hash: { kind: 'hash', label: 'Proposal hash' },
  vote_commitment: { kind: 'hash', label: 'Vote commitment' },
  result_hash: { kind: 'hash', label: 'Result hash' },
  agent_id: { kind: 'identifier', label: 'Agent' },
  pubkey_hash: { kind: 'hash', label: 'Public key hash' },
  model_hash: { kind: 'hash', label: 'Model hash' },
  policy_hash: { kind: 'hash', label: 'Policy hash' },
  policy_version: {
    kind: 'u32',
    label: 'Policy version',
    range: { min: 1, max: MAX_U32, message: 'policy_version must be greater than zero' },
  },
  rules_hash: { kind: 'hash', label: 'Rules hash' },
  action_type: { kind: 'text', label: 'Action type' },
  input_hash: { kind: 'hash', label: 'Input hash' },
  output_hash: { kind: 'hash', label: 'Output hash' },
} as const satisfies Record<string, FieldSpec>;

/** A field of a `POST /event` body (other than `event_type`). */
export type EventField = keyof typeof FIELD_SPECS;

/** Every field name `POST /event` accepts, `event_type` first, then the reference struct's order. */
export const EVENT_REQUEST_FIELDS: readonly string[] = ['event_type', ...Object.keys(FIELD_SPECS)];

/** The spec of request field `name`, typed as the general shape. */
export function fieldSpec(name: EventField): FieldSpec {
  return FIELD_SPECS[name];
}

/** The request fields of one kind, in the reference's order (each group of checks runs in it). */
export function fieldsOfKind(kind: FieldKind): EventField[] {
  return Object.keys(FIELD_SPECS).filter(
    (name): name is EventField => isEventField(name) && FIELD_SPECS[name].kind === kind,
  );
}

/** Whether `name` is a request field other than `event_type`. */
export function isEventField(name: string): name is EventField {
  return Object.hasOwn(FIELD_SPECS, name);
}
