/**
 * Bearer keys (docs/architecture.md decision 2): the operator key from ADMIN_API_KEY, compared in constant
 * time, or a trial key looked up by its SHA-256. Keys are never read from query strings.
 */
import { hash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { OPERATOR_KEY_ID, type TrialKeyRecord } from '../store/store.js';
import type { AppContext } from './context.js';
import { ApiError } from './errors.js';

export type Caller =
  | { tier: 'operator'; keyId: string }
  | { tier: 'trial'; keyHash: string; keyId: string; key: TrialKeyRecord };

export const TRIAL_KEY_PATTERN = /^zap1_trial_[0-9a-f]{32}$/;

/** SHA-256 of the UTF-8 text in one call: a hasher object per request was almost half the cost. */
function sha256Bytes(text: string): Buffer {
  return hash('sha256', text, 'buffer');
}

export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}

/**
 * The public id of a trial key, shown with the lifecycle events it wrote: derived from the stored
 * hash one way, so it names the key without revealing it or the hash the service looks keys up by.
 */
export function keyIdOf(keyHash: string): string {
  return `key_${sha256Hex(`zap1 key id:${keyHash}`).slice(0, 16)}`;
}

/** The token of `Authorization: Bearer <token>` (exact, case-sensitive, one space), or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length);
  return token === '' || /\s/.test(token) ? null : token;
}

/** The operator key's digest, kept for the key it was made from (one per process in practice). */
let operatorDigest: { key: string; digest: Buffer } | null = null;

function operatorKeyDigest(adminApiKey: string): Buffer {
  if (operatorDigest?.key !== adminApiKey) {
    operatorDigest = { key: adminApiKey, digest: sha256Bytes(adminApiKey) };
  }
  return operatorDigest.digest;
}

/** `tokenDigest`: the token's SHA-256 when the caller has it already (it is the trial key's hash too). */
export function isOperatorKey(
  token: string,
  adminApiKey: string | null,
  tokenDigest: Buffer = sha256Bytes(token),
): boolean {
  if (adminApiKey === null) return false;
  // Comparing digests gives equal lengths, so the comparison time says nothing about the key.
  return timingSafeEqual(tokenDigest, operatorKeyDigest(adminApiKey));
}

const unauthorized = (): ApiError =>
  new ApiError(
    401,
    'unauthorized',
    'Send a valid key as "Authorization: Bearer <key>"; get a trial key with POST /trial-key.',
  );

/**
 * The caller behind the request's key. Throws 401 `unauthorized` (missing or unknown key) or 401
 * `key_expired` (the service's clock decides expiry).
 */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<Caller> {
  const adminApiKey = ctx.config.adminApiKey;
  const token = bearerToken(request);
  if (token === null) throw unauthorized();
  // One hash per request: the token's digest both answers the operator check and is the trial key's hash.
  const digest = sha256Bytes(token);
  if (isOperatorKey(token, adminApiKey, digest)) return { tier: 'operator', keyId: OPERATOR_KEY_ID };
  if (!TRIAL_KEY_PATTERN.test(token)) throw unauthorized();
  const keyHash = digest.toString('hex');
  const key = await ctx.store.keys.trialKey(keyHash);
  if (!key) throw unauthorized();
  if (key.expiresAt <= ctx.now().toISOString()) {
    throw new ApiError(
      401,
      'key_expired',
      `This trial key expired at ${key.expiresAt}; get a new one with POST /trial-key.`,
    );
  }
  return { tier: 'trial', keyHash, keyId: keyIdOf(keyHash), key };
}

/** Requires the operator key: 401 without a valid key, 403 for a trial key or when no operator key is configured. */
export async function requireOperator(ctx: AppContext, request: FastifyRequest): Promise<void> {
  if (ctx.config.adminApiKey === null) {
    throw new ApiError(
      403,
      'forbidden',
      'This route needs the operator key, and none is configured (ADMIN_API_KEY).',
    );
  }
  const caller = await authenticate(ctx, request);
  if (caller.tier !== 'operator')
    throw new ApiError(403, 'forbidden', 'This route needs the operator key; a trial key cannot use it.');
}
