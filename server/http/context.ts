/** What every route module receives from `buildApp`. */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ChainHooks, Network } from '../chain.js';
import type { Config } from '../config.js';
import type { Ledger } from '../ledger.js';
import type { Store } from '../store/store.js';
import { clientAddressOf } from './client-address.js';
import { ApiError, shownFieldName } from './errors.js';
import type { RouteDoc } from './openapi.js';
import type { RouteRegistrar } from './route.js';
import { HEX64_PATTERN } from 'zap1';

export interface AppContext {
  config: Config;
  store: Store;
  ledger: Ledger;
  chain: ChainHooks | null;
  now: () => Date;
  /** Declares a route: registers it and documents it (GET /openapi.json renders `docs`). */
  route: RouteRegistrar;
  docs: RouteDoc[];
}

/** The network the service reports: the node's answer, else `devnet` for the embedded chain. */
export function networkOf(ctx: AppContext): Network | null {
  return ctx.chain?.network() ?? (ctx.config.chain === 'dev' ? 'devnet' : null);
}

/** How many unknown keys of one object a refusal names at most: an answer never grows with what was sent. */
const UNKNOWN_KEYS_NAMED = 20;

/**
 * Parses query, path or body values with `schema`; a mismatch is 400 `validation_failed` naming
 * each field (`where` names a problem with the whole value).
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: 'query' | 'path' | 'body' = 'query',
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = result.error.issues.flatMap((issue) => {
    const at = issue.path.map(String);
    // Each key a strict schema does not know is named as POST /event and /memo/decode name it.
    if (issue.code === 'unrecognized_keys') {
      const named = issue.keys.slice(0, UNKNOWN_KEYS_NAMED).map((key) => ({
        field: [...at, shownFieldName(key)].join('.'),
        message: `unknown field ${shownFieldName(key)}`,
      }));
      const more = issue.keys.length - named.length;
      // The rest are counted, as POST /event counts them, so that none is dropped without a word.
      if (more > 0) named.push({ field: at.join('.') || where, message: `and ${more} more unknown fields` });
      return named;
    }
    return [{ field: at.join('.') || where, message: issue.message }];
  });
  throw new ApiError(
    400,
    'validation_failed',
    fields.map((f) => `${f.field}: ${f.message}`).join('; '),
    fields,
  );
}

/** Whether the request says its body is JSON (`application/json`, any parameters). */
export function isJsonRequest(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && /^application\/json\s*(;|$)/i.test(type);
}

/** A JSON body parsed with `schema`: 415 unless it is sent as JSON, else as `parseInput`. */
export function parseJsonRequest<S extends z.ZodType>(schema: S, request: FastifyRequest): z.output<S> {
  if (!isJsonRequest(request)) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the body as Content-Type: application/json.');
  }
  return parseInput(schema, request.body, 'body');
}

/** `limit`: a whole number; above `max` it is clamped (docs/architecture.md "Errors"). */
export const limitParam = (fallback: number, max = 200) =>
  z
    .string()
    .regex(/^\d{1,15}$/, 'limit must be a whole number of at most 15 digits')
    .transform((s) => Math.min(Number(s), max))
    .optional()
    .transform((n) => n ?? fallback);

/** A whole number query value (a cursor or a size), 0 or more. */
export const wholeNumberParam = (name: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, `${name} must be a whole number of at most 15 digits`)
    .transform(Number);

/** A positive whole number query value (a cursor or a size). */
export const positiveIntParam = (name: string) =>
  wholeNumberParam(name).refine((n) => n >= 1, `${name} must be at least 1`);

export const hex64Param = (name: string) =>
  z.string().regex(HEX64_PATTERN, `${name} must be exactly 64 lowercase hexadecimal characters`);

/** The client address used for per-address limits (X-Forwarded-For only as far as TRUST_PROXY says). */
export function clientAddress(ctx: AppContext, request: FastifyRequest): string {
  return clientAddressOf(
    ctx.config.trustProxy,
    request.socket.remoteAddress ?? '',
    request.headers['x-forwarded-for'],
  );
}
