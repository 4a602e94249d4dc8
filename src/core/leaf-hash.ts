/**
 * Leaf preimages and leaf hashes of the 18 ZAP1 event types (docs/protocol.md section 2).
 *
 * These functions only encode and hash: they check that each field can be encoded, not that it
 * would pass `POST /event` (that is `validateEvent`).
 */
import { hashLeafPreimage } from './hash.js';
import { EVENT_TYPE_BYTES, isEventType, type EventType } from './event-types.js';
import { toHex } from './hex.js';
import { isHex64 } from './guards.js';

/** Fields of an event as `POST /event` takes them, plus `timestamp` (DEPLOYMENT, EXIT) and `merkle_root` (MERKLE_ROOT). */
export type EventFields = Readonly<Record<string, unknown>>;

/** How one field is written into a preimage. */
type Encoding = 'raw' | 'lp' | 'u32' | 'u64';
type Layout = readonly (readonly [Encoding, string])[];

/** Preimage body after the type byte, per type, in order (docs/protocol.md section 2 table). */
const LAYOUTS: Readonly<Record<Exclude<EventType, 'MERKLE_ROOT'>, Layout>> = {
  PROGRAM_ENTRY: [['raw', 'wallet_hash']],
  OWNERSHIP_ATTEST: [
    ['lp', 'wallet_hash'],
    ['lp', 'serial_number'],
  ],
  CONTRACT_ANCHOR: [
    ['lp', 'serial_number'],
    ['lp', 'contract_sha256'],
  ],
  DEPLOYMENT: [
    ['lp', 'serial_number'],
    ['lp', 'facility_id'],
    ['u64', 'timestamp'],
  ],
  HOSTING_PAYMENT: [
    ['lp', 'serial_number'],
    ['u32', 'month'],
    ['u32', 'year'],
  ],
  SHIELD_RENEWAL: [
    ['lp', 'wallet_hash'],
    ['u32', 'year'],
  ],
  // The request's wallet_hash is the old owner.
  TRANSFER: [
    ['lp', 'wallet_hash'],
    ['lp', 'new_wallet_hash'],
    ['lp', 'serial_number'],
  ],
  EXIT: [
    ['lp', 'wallet_hash'],
    ['lp', 'serial_number'],
    ['u64', 'timestamp'],
  ],
  STAKING_DEPOSIT: [
    ['lp', 'wallet_hash'],
    ['u64', 'amount_zat'],
    ['lp', 'validator_id'],
  ],
  STAKING_WITHDRAW: [
    ['lp', 'wallet_hash'],
    ['u64', 'amount_zat'],
    ['lp', 'validator_id'],
  ],
  STAKING_REWARD: [
    ['lp', 'wallet_hash'],
    ['u64', 'amount_zat'],
    ['u32', 'epoch'],
  ],
  GOVERNANCE_PROPOSAL: [
    ['lp', 'wallet_hash'],
    ['lp', 'proposal_id'],
    ['lp', 'proposal_hash'],
  ],
  GOVERNANCE_VOTE: [
    ['lp', 'wallet_hash'],
    ['lp', 'proposal_id'],
    ['lp', 'vote_commitment'],
  ],
  GOVERNANCE_RESULT: [
    ['lp', 'wallet_hash'],
    ['lp', 'proposal_id'],
    ['lp', 'result_hash'],
  ],
  AGENT_REGISTER: [
    ['lp', 'agent_id'],
    ['lp', 'pubkey_hash'],
    ['lp', 'model_hash'],
    ['lp', 'policy_hash'],
  ],
  AGENT_POLICY: [
    ['lp', 'agent_id'],
    ['u32', 'policy_version'],
    ['lp', 'rules_hash'],
  ],
  AGENT_ACTION: [
    ['lp', 'agent_id'],
    ['lp', 'action_type'],
    ['lp', 'input_hash'],
    ['lp', 'output_hash'],
  ],
};

const MAX_U32 = 0xffff_ffffn;
const MAX_U64 = 0xffff_ffff_ffff_ffffn;
const MAX_LP_BYTES = 0xffff;
// TextEncoder would silently turn an unpaired surrogate into U+FFFD, hashing text nobody wrote.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const utf8 = new TextEncoder();

function requireEventObject(event: unknown): asserts event is EventFields {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) {
    throw new TypeError('event must be an object of event fields');
  }
}

function eventTypeOf(event: EventFields): EventType {
  const type = event['event_type'];
  if (typeof type !== 'string') throw new TypeError('event_type must be a string naming a ZAP1 event type');
  if (!isEventType(type))
    throw new RangeError(`event_type ${JSON.stringify(type)} is not a defined ZAP1 event type`);
  return type;
}

function stringField(event: EventFields, type: EventType, name: string): Uint8Array {
  const value = event[name];
  if (value === undefined || value === null) throw new TypeError(`${name} is required for a ${type} leaf`);
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string`);
  if (LONE_SURROGATE.test(value)) throw new RangeError(`${name} contains an unpaired UTF-16 surrogate`);
  return utf8.encode(value);
}

function integerField(event: EventFields, type: EventType, name: string, max: bigint): bigint {
  const value = event[name];
  if (value === undefined || value === null) throw new TypeError(`${name} is required for a ${type} leaf`);
  let big: bigint;
  if (typeof value === 'bigint') big = value;
  else if (typeof value === 'number') {
    // Above 2^53 a JS number no longer names one integer, so it cannot be hashed faithfully.
    if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a safe integer, got ${value}`);
    big = BigInt(value);
  } else throw new TypeError(`${name} must be an integer`);
  if (big < 0n || big > max) throw new RangeError(`${name} must be an integer from 0 to ${max}, got ${big}`);
  return big;
}

/**
 * The leaf preimage of an event: its type byte followed by the body of docs/protocol.md section 2
 * (`lp(s)` = u16be byte length + UTF-8 bytes; PROGRAM_ENTRY's wallet_hash raw without prefix;
 * u32be/u64be integers; hash-like fields as their ASCII text). Only the type's own fields are read.
 *
 * Throws `TypeError` (not an object, unknown-typed or missing field) or `RangeError` (undefined
 * event type, string over 65535 UTF-8 bytes, integer out of u32/u64 range, unpaired surrogate),
 * naming the field. MERKLE_ROOT has no preimage (its payload is the root itself), so it throws too.
 */
export function leafPreimage(event: EventFields): Uint8Array {
  requireEventObject(event);
  const type = eventTypeOf(event);
  if (type === 'MERKLE_ROOT') {
    throw new RangeError('event_type MERKLE_ROOT has no leaf preimage: its payload is merkle_root itself');
  }
  const pieces: Uint8Array[] = [Uint8Array.of(EVENT_TYPE_BYTES[type])];
  for (const [encoding, name] of LAYOUTS[type]) {
    if (encoding === 'raw' || encoding === 'lp') {
      const bytes = stringField(event, type, name);
      if (encoding === 'lp') {
        if (bytes.length > MAX_LP_BYTES) {
          throw new RangeError(
            `${name} is ${bytes.length} UTF-8 bytes; a length-prefixed field holds at most 65535`,
          );
        }
        pieces.push(Uint8Array.of(bytes.length >> 8, bytes.length & 0xff));
      }
      pieces.push(bytes);
    } else {
      const value = integerField(event, type, name, encoding === 'u32' ? MAX_U32 : MAX_U64);
      const out = new Uint8Array(encoding === 'u32' ? 4 : 8);
      const view = new DataView(out.buffer);
      if (encoding === 'u32') view.setUint32(0, Number(value), false);
      else view.setBigUint64(0, value, false);
      pieces.push(out);
    }
  }
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const preimage = new Uint8Array(total);
  let offset = 0;
  for (const piece of pieces) {
    preimage.set(piece, offset);
    offset += piece.length;
  }
  return preimage;
}

/**
 * The leaf hash of an event as 64 lowercase hex: `H_leaf(leafPreimage(event))` (docs/protocol.md 1 and 2).
 * For MERKLE_ROOT the payload is not hashed: `merkle_root` is returned unchanged after checking it
 * is 64 lowercase hex. Malformed input throws as `leafPreimage` does, naming the field.
 */
export function leafHash(event: EventFields): string {
  requireEventObject(event);
  if (eventTypeOf(event) === 'MERKLE_ROOT') {
    const root = event['merkle_root'];
    if (root === undefined || root === null)
      throw new TypeError('merkle_root is required for a MERKLE_ROOT payload');
    if (typeof root !== 'string') throw new TypeError('merkle_root must be a string');
    if (!isHex64(root)) throw new RangeError('merkle_root must be exactly 64 lowercase hex characters');
    return root;
  }
  return toHex(hashLeafPreimage(leafPreimage(event)));
}
