/** POST /event: validate, hash, group-commit, answer (docs/reference-api.md 3, docs/architecture.md decision 4). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  isRecord,
  EVENT_TYPE_BYTES,
  WRITE_API_EVENT_TYPES,
  isWriteApiEventType,
  leafHash,
  unknownEventFields,
  validateEvent,
  type EventType,
} from '../../src/core/index.js';
import { authenticate } from '../http/auth.js';
import type { AppContext } from '../http/context.js';
import { ApiError } from '../http/errors.js';

const str = z.string();
const u32 = z.int().min(0).max(4_294_967_295);

/** The request body, for the OpenAPI document; `validateEvent` is what enforces the rules. */
export const EventRequestSchema = z
  .object({
    event_type: z.enum(WRITE_API_EVENT_TYPES as [EventType, ...EventType[]]),
    wallet_hash: str.describe('1-128 bytes of [A-Za-z0-9_-]; a pseudonym, not hashed by the service'),
    serial_number: str.optional(),
    contract_sha256: str.optional().describe('64 lowercase hex'),
    facility_id: str.optional(),
    month: u32.optional(),
    year: u32.optional(),
    new_wallet_hash: str.optional(),
    amount_zat: z.int().min(1).optional(),
    validator_id: str.optional(),
    epoch: u32.optional(),
    proposal_id: str.optional(),
    proposal_hash: str.optional(),
    vote_commitment: str.optional(),
    result_hash: str.optional(),
    agent_id: str.optional(),
    pubkey_hash: str.optional(),
    model_hash: str.optional(),
    policy_hash: str.optional(),
    policy_version: u32.optional(),
    rules_hash: str.optional(),
    action_type: str.optional(),
    input_hash: str.optional(),
    output_hash: str.optional(),
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

const AGENT_TYPES: readonly string[] = ['AGENT_REGISTER', 'AGENT_POLICY', 'AGENT_ACTION'];
const STAMPED_TYPES: readonly string[] = ['DEPLOYMENT', 'EXIT'];

/** The column the reference stores as serial_number per type (docs/reference-api.md 3.1). */
function storedSerial(type: EventType, body: Readonly<Record<string, unknown>>): string | null {
  const pick = (field: string): string | null => {
    const v = body[field];
    return typeof v === 'string' ? v : null;
  };
  switch (type) {
    case 'STAKING_DEPOSIT':
    case 'STAKING_WITHDRAW':
      return pick('validator_id');
    case 'GOVERNANCE_PROPOSAL':
    case 'GOVERNANCE_VOTE':
    case 'GOVERNANCE_RESULT':
      return pick('proposal_id');
    case 'AGENT_ACTION':
      return pick('action_type');
    case 'SHIELD_RENEWAL':
    case 'STAKING_REWARD':
    case 'AGENT_REGISTER':
    case 'AGENT_POLICY':
      return null;
    default:
      return pick('serial_number');
  }
}

export function isJsonRequest(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && /^application\/json\s*(;|$)/i.test(type);
}

export function eventRoutes(app: FastifyInstance, ctx: AppContext): void {
  ctx.docs.push({
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
      403: { description: 'quota_exhausted' },
      413: { description: 'Body over 64 KiB' },
      415: { description: 'Not application/json' },
      429: { description: 'Too many events for this trial key', headers: { 'Retry-After': 'seconds' } },
    },
  });

  app.post('/event', async (request, reply) => {
    if (!isJsonRequest(request)) {
      throw new ApiError(415, 'unsupported_media_type', 'Send the event as Content-Type: application/json.');
    }
    const nowDate = ctx.now();
    const caller = authenticate(request, ctx.store, ctx.config.adminApiKey, nowDate.toISOString());
    if (caller.tier === 'trial') {
      const decision = ctx.eventLimiter.hit(caller.keyHash);
      if (!decision.allowed) {
        throw new ApiError(
          429,
          'rate_limited',
          `A trial key may write ${ctx.config.eventsPerMinute} events a minute; retry in ${decision.retryAfterS} s.`,
          undefined,
          { 'retry-after': String(decision.retryAfterS) },
        );
      }
      if (caller.key.used >= caller.key.quota) throw quotaExhausted(caller.key.quota);
    }

    const body: unknown = request.body;
    if (isRecord(body)) {
      const unknown = unknownEventFields(body);
      if (unknown.length > 0) {
        throw new ApiError(
          400,
          'unknown_field',
          `Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
          unknown.map((field) => ({ field, message: `${field} is not a field of POST /event` })),
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
    const eventType = body.event_type;
    const walletHash = body.wallet_hash;
    if (!isWriteApiEventType(eventType) || typeof walletHash !== 'string') {
      // validateEvent already guarantees both; this narrows the types without a cast.
      throw new ApiError(400, 'validation_failed', 'event_type and wallet_hash are required.');
    }
    const stamped = STAMPED_TYPES.includes(eventType);
    const timestamp = stamped ? Math.floor(nowDate.getTime() / 1000) : null;
    const leafHex = leafHash(timestamp === null ? body : { ...body, timestamp });
    const isAgent = AGENT_TYPES.includes(eventType);
    const agentId = body.agent_id;
    const subjectId = isAgent && typeof agentId === 'string' ? agentId : walletHash;

    const result = await ctx.ledger.submit({
      leafHex,
      eventType: EVENT_TYPE_BYTES[eventType],
      walletHash: subjectId,
      serialNumber: storedSerial(eventType, body),
      timestamp,
      trialKeyHash: caller.tier === 'trial' ? caller.keyHash : null,
    });
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
  });
}

function quotaExhausted(quota: number): ApiError {
  return new ApiError(
    403,
    'quota_exhausted',
    `This trial key has used its ${quota} events; get a new one with POST /trial-key.`,
  );
}
