/** POST /event: validate, hash, group-commit, answer (docs/reference-api.md 3, docs/architecture.md decision 4). */
import { z } from 'zod';
import {
  isRecord,
  EVENT_SPECS,
  FIELD_SPECS,
  WRITE_API_EVENT_TYPES,
  isServerStamped,
  storedSerial,
  isWriteApiEventType,
  leafHash,
  unknownEventFields,
  validateEvent,
  type FieldKind,
} from 'zap1';
import { authenticate } from '../http/auth.js';
import { isJsonRequest, type AppContext } from '../http/context.js';
import { ApiError, shownFieldName } from '../http/errors.js';

/** The zod type of a request field in the OpenAPI document, by its kind. */
function requestFieldSchema(kind: FieldKind): z.ZodType {
  switch (kind) {
    case 'u32':
      return z.int().min(0).max(4_294_967_295);
    case 'u64':
      return z.int().min(1);
    case 'hash':
      return z.string().describe('64 lowercase hex');
    case 'identifier':
      return z.string().describe('1-128 bytes of [A-Za-z0-9_-]');
    case 'text':
      return z.string().describe('1-512 UTF-8 bytes, no control characters');
  }
}

/** The request body, for the OpenAPI document (from the event table); `validateEvent` enforces the rules. */
export const EventRequestSchema = z
  .object({
    event_type: z.enum(WRITE_API_EVENT_TYPES),
    ...Object.fromEntries(
      Object.entries(FIELD_SPECS).map(([name, spec]) => {
        const schema = requestFieldSchema(spec.kind);
        // wallet_hash is the one field every type needs.
        return [name, name === 'wallet_hash' ? schema : schema.optional()];
      }),
    ),
  })
  .strict();

export const EventResponseSchema = z
  .object({
    status: z.enum(['created', 'exists']),
    event_type: z.string(),
    wallet_hash: z.string(),
    subject_kind: z.enum(['agent', 'wallet']),
    subject_id: z.string(),
    leaf_hash: z.string(),
    root_hash: z.string().describe('The current root, which contains the leaf'),
    verify_url: z.string(),
    timestamp: z.int().optional().describe('Server Unix time hashed into DEPLOYMENT and EXIT leaves'),
  })
  .strict();

/** How many unknown fields a refusal names at most. */
const UNKNOWN_FIELDS_NAMED = 20;

export function eventRoutes(ctx: AppContext): void {
  ctx.route({
    method: 'post',
    path: '/event',
    summary: 'Record an attestation event as a Merkle leaf',
    description:
      'Operator key or trial key. Only accepted events spend trial quota. A leaf already recorded answers 200 with status "exists" and links the wallet to it.',
    auth: 'bearer',
    body: [{ contentType: 'application/json', schema: EventRequestSchema }],
    responses: {
      201: { description: 'New leaf recorded (durably committed)', schema: EventResponseSchema },
      200: { description: 'Leaf already recorded; the wallet is linked to it', schema: EventResponseSchema },
      400: { description: 'invalid_json, unknown_field or validation_failed (with fields)' },
      401: { description: 'unauthorized or key_expired' },
      403: {
        description:
          'quota_exhausted, or wallet_key_mismatch (WALLET_WRITES=first-key; fields names wallet_hash, agent_id or new_wallet_hash)',
      },
      413: { description: 'Body over 64 KiB' },
      415: { description: 'Not application/json' },
      429: { description: 'Too many events for this trial key', headers: { 'Retry-After': 'seconds' } },
    },
    handler: async ({ request, reply }) => {
      if (!isJsonRequest(request)) {
        throw new ApiError(
          415,
          'unsupported_media_type',
          'Send the event as Content-Type: application/json.',
        );
      }
      const nowDate = ctx.now();
      const caller = await authenticate(ctx, request);
      const body: unknown = request.body;
      if (isRecord(body)) {
        const unknown = unknownEventFields(body);
        if (unknown.length > 0) {
          // The first few are named, each cut short: an answer never grows with the keys a body invents.
          const named = unknown.slice(0, UNKNOWN_FIELDS_NAMED).map(({ field, message }) => {
            const shown = shownFieldName(field);
            return { field: shown, message: `${shown}${message.slice(field.length)}` };
          });
          const more = unknown.length - named.length;
          throw new ApiError(
            400,
            'unknown_field',
            `Unknown field${unknown.length > 1 ? 's' : ''} for this event type: ${named.map((u) => u.field).join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
            named,
          );
        }
      }
      const problems = validateEvent(body);
      if (problems.length > 0 || !isRecord(body)) {
        throw new ApiError(
          400,
          'validation_failed',
          problems.map((p) => p.message).join('; ') || 'The body must be a JSON object.',
          problems.length > 0 ? problems : [{ field: 'body', message: 'The body must be a JSON object.' }],
        );
      }
      // Counted only once the event is valid: a refused body changes nothing, not even the rate window.
      if (caller.tier === 'trial') {
        const decision = await ctx.store.limits.hit(
          'events',
          caller.keyHash,
          { limit: ctx.config.eventsPerMinute, windowMs: 60_000 },
          nowDate.getTime(),
        );
        if (!decision.allowed) {
          throw new ApiError(
            429,
            'rate_limited',
            `A trial key may write ${ctx.config.eventsPerMinute} events a minute; retry in ${decision.retryAfterS} s.`,
            undefined,
            { 'retry-after': String(decision.retryAfterS) },
          );
        }
        // No quota check here: the store refuses what would spend past the quota, and lets a resend
        // that writes nothing through (the retry of a last unit whose answer was lost).
      }
      const eventType = body.event_type;
      const walletHash = body.wallet_hash;
      if (!isWriteApiEventType(eventType) || typeof walletHash !== 'string') {
        // validateEvent already guarantees both; this narrows the types without a cast.
        throw new ApiError(400, 'validation_failed', 'event_type and wallet_hash are required.');
      }
      const timestamp = isServerStamped(eventType) ? Math.floor(nowDate.getTime() / 1000) : null;
      const leafHex = leafHash(timestamp === null ? body : { ...body, timestamp });
      const isAgent = EVENT_SPECS[eventType].subject === 'agent';
      const agentId = body.agent_id;
      const subjectId = isAgent && typeof agentId === 'string' ? agentId : walletHash;

      const result = await ctx.ledger.submit({
        leafHex,
        eventType: EVENT_SPECS[eventType].byte,
        walletHash: subjectId,
        serialNumber: storedSerial(eventType, body),
        timestamp,
        trialKeyHash: caller.tier === 'trial' ? caller.keyHash : null,
        keyId: caller.keyId,
        counterpartyWallet: typeof body.new_wallet_hash === 'string' ? body.new_wallet_hash : null,
        onlyWalletFirstKey: ctx.config.walletWrites === 'first-key',
      });
      if (result.status === 'wallet_key_mismatch') {
        const counterparty = result.wallet === 'counterparty';
        const wallet =
          counterparty && typeof body.new_wallet_hash === 'string' ? body.new_wallet_hash : subjectId;
        const field = counterparty ? 'new_wallet_hash' : isAgent ? 'agent_id' : 'wallet_hash';
        const message = walletKeyMismatch(wallet, result.firstKeyId, {
          // With LIFECYCLE_REQUIRES_KEY the first key id is the operator's to know, as the lifecycle is.
          nameFirstKey: !ctx.config.lifecycleRequiresKey,
        });
        throw new ApiError(403, 'wallet_key_mismatch', message, [{ field, message }]);
      }
      if (result.status === 'quota_exhausted')
        throw quotaExhausted(caller.tier === 'trial' ? caller.key.quota : 0);
      if (result.status === 'key_expired')
        throw new ApiError(
          401,
          'key_expired',
          'This trial key has expired; get a new one with POST /trial-key.',
        );
      if (result.status === 'unauthorized') throw new ApiError(401, 'unauthorized', 'Unknown key.');

      const response: z.infer<typeof EventResponseSchema> = {
        status: result.status,
        event_type: eventType,
        wallet_hash: walletHash,
        subject_kind: isAgent ? 'agent' : 'wallet',
        subject_id: subjectId,
        leaf_hash: leafHex,
        root_hash: result.rootHex,
        verify_url: `/verify/${leafHex}/check`,
        ...(timestamp !== null ? { timestamp } : {}),
      };
      return reply.code(result.status === 'created' ? 201 : 200).send(response);
    },
  });
}

/**
 * The refusal of WALLET_WRITES=first-key for `wallet`, a wallet the event links to (its own or a
 * TRANSFER's new owner). It names the wallet's first key only when `nameFirstKey` (the lifecycle,
 * which shows it, is public).
 */
function walletKeyMismatch(
  wallet: string,
  firstKeyId: string | null,
  { nameFirstKey }: { nameFirstKey: boolean },
): string {
  if (!nameFirstKey) {
    return `Only the key that first wrote to ${wallet} (and the operator key) may add events to its lifecycle on this service.`;
  }
  return firstKeyId === null
    ? `Only the operator may add events to ${wallet}: it was recorded before this service kept which key wrote first.`
    : `Only the key that first wrote to ${wallet} (${firstKeyId}) may add events to its lifecycle on this service.`;
}

function quotaExhausted(quota: number): ApiError {
  return new ApiError(
    403,
    'quota_exhausted',
    `This trial key has used its ${quota} events; get a new one with POST /trial-key.`,
  );
}
