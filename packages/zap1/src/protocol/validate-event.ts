/**
 * The `POST /event` request rules (docs/protocol.md 2.3, docs/reference-api.md section 3, docs/architecture.md
 * "Contract details"). The service answers 400 with these messages and the web app shows them
 * before submitting, so both say the same thing in the same words.
 */
import { eventFieldsOf, eventSpec, isWriteApiEventType } from './event-specs.js';
import {
  EVENT_REQUEST_FIELDS,
  fieldSpec,
  fieldsOfKind,
  isEventField,
  type FieldKind,
} from './field-specs.js';
import { isHex64, isRecord } from './guards.js';

/** One problem with one field of a request. */
export interface FieldError {
  field: string;
  message: string;
}

// Check groups, each in the reference's order (FIELD_SPECS is in it).
const IDENTIFIER_FIELDS = fieldsOfKind('identifier');
const BOUNDED_TEXT_FIELDS = fieldsOfKind('text');
const HASH_FIELDS = fieldsOfKind('hash');
const INTEGER_KINDS: ReadonlySet<FieldKind> = new Set(['u32', 'u64']);
const REQUEST_FIELD_SET: ReadonlySet<string> = new Set(EVENT_REQUEST_FIELDS);

const MAX_U32 = 0xffff_ffff;
const IDENTIFIER = /^[A-Za-z0-9_-]+$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MAX_SHOWN_TYPE_CHARS = 64;

/** UTF-8 length of text already checked for lone surrogates, counted without encoding it. */
function utf8Length(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // One UTF-16 unit stands for 1-3 bytes; a surrogate pair (two units) for 4.
    if (code >= 0x80) length += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
  }
  return length;
}
/** Rust's `char::is_control`: the Unicode Cc category (C0 controls, DEL and C1 controls). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}
const isAbsent = (value: unknown): boolean => value === undefined || value === null;

/**
 * The fields of `body` that `POST /event` does not accept, in the body's key order, each with why
 * (docs/architecture.md "Contract details": the service answers 400 `unknown_field` naming them).
 * For a type it accepts, only that type's own fields are accepted: a field its leaf does not commit
 * to would be stored and shown beside the event as if proven. Otherwise (no type, or an unknown or
 * system one, which `validateEvent` refuses anyway) any field of some event type passes here.
 */
export function unknownEventFields(body: Readonly<Record<string, unknown>>): FieldError[] {
  const type = body['event_type'];
  if (!isWriteApiEventType(type)) {
    return Object.keys(body)
      .filter((key) => !REQUEST_FIELD_SET.has(key))
      .map((field) => ({ field, message: `${field} is not a field of POST /event` }));
  }
  const accepted = new Set(eventFieldsOf(type).filter((field) => field !== 'timestamp'));
  // A field of another type sent as null is absent, as `validateEvent` counts it (clients that
  // serialise every optional field send nulls).
  return Object.keys(body)
    .filter((key) => !accepted.has(key) && !(REQUEST_FIELD_SET.has(key) && body[key] === null))
    .map((field) => ({
      field,
      message: REQUEST_FIELD_SET.has(field)
        ? `${field} is not a field of ${type} events (its leaf does not commit to it)`
        : `${field} is not a field of POST /event`,
    }));
}

/**
 * Every problem with a `POST /event` body, as `{field, message}` in the reference's check order
 * (docs/protocol.md 2.3, docs/reference-api.md 3): JSON types, identifiers, bounded text, hex digests
 * (64 lowercase hex, docs/architecture.md), the agent subject rule, per-type required fields and ranges,
 * then the event type. At most one error per field. `[]` means valid. Strings are never trimmed.
 * Unknown fields are not reported here (see `unknownEventFields`). `null` counts as absent.
 */
export function validateEvent(body: unknown): FieldError[] {
  if (!isRecord(body)) {
    return [{ field: 'body', message: 'The request body must be a JSON object of event fields' }];
  }
  const errors: FieldError[] = [];
  const failed = new Set<string>();
  const fail = (field: string, message: string): void => {
    errors.push({ field, message });
    failed.add(field);
  };
  const eventType = body['event_type'];
  const typeSpec = isWriteApiEventType(eventType) ? eventSpec(eventType) : null;
  const requiredByType: readonly string[] = typeSpec?.required ?? [];

  // 1. JSON types (where the reference's deserializer would refuse the body).
  for (const field of EVENT_REQUEST_FIELDS) {
    const value = body[field];
    if (isAbsent(value)) {
      if (field === 'event_type' || field === 'wallet_hash') fail(field, `${field} required`);
      continue;
    }
    const spec = isEventField(field) ? fieldSpec(field) : null;
    if (spec && INTEGER_KINDS.has(spec.kind)) {
      if (typeof value !== 'number' || !Number.isInteger(value)) {
        fail(field, `${field} must be an integer`);
        continue;
      }
      // A field the type requires gets its own range message in step 6.
      if (requiredByType.includes(field) && spec.range) continue;
      if (spec.kind === 'u32' && (value < 0 || value > MAX_U32)) {
        fail(field, `${field} must be an integer from 0 to ${MAX_U32}`);
      } else if (spec.kind === 'u64' && (value < 0 || !Number.isSafeInteger(value))) {
        fail(field, `${field} must be between 1 and the Zcash maximum supply`);
      }
    } else if (typeof value !== 'string') {
      fail(field, `${field} must be a string`);
    } else if (LONE_SURROGATE.test(value)) {
      fail(field, `${field} must be valid Unicode text (it contains an unpaired surrogate)`);
    }
  }

  const text = (field: string): string | undefined => {
    const value = body[field];
    return typeof value === 'string' && !failed.has(field) ? value : undefined;
  };

  // 2. Identifiers.
  for (const field of IDENTIFIER_FIELDS) {
    const value = text(field);
    if (value === undefined) continue;
    const length = utf8Length(value);
    if (length < 1 || length > 128) fail(field, `${field} must be 1-128 bytes`);
    else if (!IDENTIFIER.test(value))
      fail(field, `${field} must use only ASCII letters, digits, underscore, or hyphen`);
  }

  // 3. Bounded text.
  for (const field of BOUNDED_TEXT_FIELDS) {
    const value = text(field);
    if (value === undefined) continue;
    const length = utf8Length(value);
    if (length < 1 || length > 512) fail(field, `${field} must be 1-512 UTF-8 bytes`);
    else if (hasControlCharacter(value)) fail(field, `${field} must not contain control characters`);
  }

  // 4. Hex digests: lowercase only, since the same digest in two cases would make two leaves.
  for (const field of HASH_FIELDS) {
    const value = text(field);
    if (value === undefined) continue;
    if (!isHex64(value)) fail(field, `${field} must be exactly 64 lowercase hexadecimal characters`);
  }

  // 5. Agent subject rule: an agent event is about the agent, so the two ids must not diverge.
  if (typeSpec?.subject === 'agent') {
    const agentId = text('agent_id');
    const walletHash = body['wallet_hash'];
    if (agentId !== undefined && typeof walletHash === 'string' && agentId !== walletHash) {
      fail(
        'agent_id',
        'agent_id must equal wallet_hash for agent events (the agent is the subject of the event)',
      );
    }
  }

  // 6. Per-type required fields and ranges.
  for (const field of requiredByType) {
    if (failed.has(field)) continue;
    const value = body[field];
    if (isAbsent(value)) {
      fail(field, `${field} required`);
      continue;
    }
    const rule = isEventField(field) ? fieldSpec(field).range : undefined;
    if (rule && typeof value === 'number' && (value < rule.min || value > rule.max)) {
      const message =
        field === 'policy_version' && value > rule.max
          ? `policy_version must be at most ${MAX_U32}`
          : rule.message;
      fail(field, message);
    }
  }

  // 7. The event type itself.
  if (typeof eventType === 'string' && !failed.has('event_type') && typeSpec === null) {
    const chars = [...eventType]; // by code point, so a long value is never cut inside a surrogate pair
    const shown =
      chars.length > MAX_SHOWN_TYPE_CHARS ? `${chars.slice(0, MAX_SHOWN_TYPE_CHARS).join('')}…` : eventType;
    fail('event_type', `unsupported event_type: ${shown}`);
  }
  return errors;
}
