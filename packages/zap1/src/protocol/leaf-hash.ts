/**
 * Leaf preimages and leaf hashes of the ZAP1 event types (docs/protocol.md section 2), laid out as
 * `EVENT_SPECS` says.
 *
 * These functions only encode and hash: they check that each field can be encoded, not that it
 * would pass `POST /event` (that is `validateEvent`).
 */
import { hashLeafPreimage } from './hash.js';
import { eventSpec, isEventType, type EventType } from './event-specs.js';
import { toHex } from './hex.js';
import { isHex64 } from './guards.js';

/** Fields of an event as `POST /event` takes them, plus `timestamp` (DEPLOYMENT, EXIT) and `merkle_root` (MERKLE_ROOT). */
export type EventFields = Readonly<Record<string, unknown>>;

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
  return utf8Bytes(value, name);
}

/** UTF-8 bytes of `value`; ASCII (most fields) is copied directly, anything else goes through TextEncoder. */
function utf8Bytes(value: string, name: string): Uint8Array {
  const ascii = new Uint8Array(value.length);
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0x80) {
      if (LONE_SURROGATE.test(value)) throw new RangeError(`${name} contains an unpaired UTF-16 surrogate`);
      return utf8.encode(value);
    }
    ascii[i] = code;
  }
  return ascii;
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
  const spec = eventSpec(type);
  if (spec.preimage === null) {
    throw new RangeError(`event_type ${type} has no leaf preimage: its payload is merkle_root itself`);
  }
  const pieces: Uint8Array[] = [Uint8Array.of(spec.byte)];
  for (const [encoding, name] of spec.preimage) {
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
  if (eventSpec(eventTypeOf(event)).preimage === null) {
    const root = event['merkle_root'];
    if (root === undefined || root === null)
      throw new TypeError('merkle_root is required for a MERKLE_ROOT payload');
    if (typeof root !== 'string') throw new TypeError('merkle_root must be a string');
    if (!isHex64(root)) throw new RangeError('merkle_root must be exactly 64 lowercase hex characters');
    return root;
  }
  return toHex(hashLeafPreimage(leafPreimage(event)));
}
