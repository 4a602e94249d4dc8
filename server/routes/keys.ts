/**
 * POST /trial-key (open, rate-limited per client address, IPv6 by its /64; refused to browser pages
 * on other sites) and GET /key (what a key is and what is left).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { authenticate, sha256Hex } from '../http/auth.js';
import { rateLimitSubject } from '../http/client-address.js';
import { clientAddress, type AppContext } from '../http/context.js';
import { isCrossSiteRequest, ownOrigins } from '../http/cross-site.js';
import { ApiError } from '../http/errors.js';

export const TrialKeyResponseSchema = z
  .object({
    key: z
      .string()
      .regex(/^zap1_trial_[0-9a-f]{32}$/)
      .describe('Shown once; store it now.'),
    tier: z.literal('trial'),
    quota: z.int().describe('Events this key may write'),
    expires_in_days: z.int(),
    expires_at: z.string().describe('RFC 3339'),
  })
  .strict();

export const KeyInfoSchema = z
  .object({
    tier: z.enum(['trial', 'operator']),
    quota: z.int().nullable().describe('null: unlimited (operator)'),
    used: z.int().nullable(),
    expires_at: z.string().nullable(),
    key_id: z.string().describe('The public id lifecycles show for the events this key wrote'),
  })
  .strict();

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export function keyRoutes(ctx: AppContext): void {
  ctx.route({
    method: 'post',
    path: '/trial-key',
    summary: 'Issue a trial key (no credentials; limited per client address)',
    responses: {
      201: { description: 'The new key, shown once', schema: TrialKeyResponseSchema },
      403: { description: 'A browser page on another site asked (cross_site_request); nothing spent' },
      429: { description: 'Too many keys from this address', headers: { 'Retry-After': 'seconds' } },
    },
    handler: async ({ request, reply }) => {
      // Another site's page could otherwise spend its visitor's budget (the answer it cannot read).
      if (
        isCrossSiteRequest({
          secFetchSite: request.headers['sec-fetch-site'],
          origin: request.headers.origin,
          ownOrigins: ownOrigins(request, ctx.config.trustProxy),
          corsOrigins: ctx.config.corsOrigins,
        })
      ) {
        throw new ApiError(
          403,
          'cross_site_request',
          'Trial keys are not issued to pages on other sites; ask from this site, or from outside a browser.',
        );
      }
      // Counted by the store: across every instance on PostgreSQL, in memory on SQLite.
      const decision = await ctx.store.limits.hit(
        'trial_keys',
        rateLimitSubject(clientAddress(ctx, request)),
        { limit: ctx.config.trialKeysPerHour, windowMs: HOUR_MS },
        ctx.now().getTime(),
      );
      if (!decision.allowed) {
        throw new ApiError(
          429,
          'rate_limited',
          `Trial keys are limited to ${ctx.config.trialKeysPerHour} an hour per address; retry in ${decision.retryAfterS} s.`,
          undefined,
          { 'retry-after': String(decision.retryAfterS) },
        );
      }
      const key = `zap1_trial_${randomBytes(16).toString('hex')}`;
      const now = ctx.now();
      const expiresAt = new Date(now.getTime() + ctx.config.trialKeyDays * DAY_MS).toISOString();
      await ctx.store.keys.insertTrialKey({
        keyHash: sha256Hex(key),
        quota: ctx.config.trialKeyQuota,
        used: 0,
        createdAt: now.toISOString(),
        expiresAt,
      });
      const body: z.infer<typeof TrialKeyResponseSchema> = {
        key,
        tier: 'trial',
        quota: ctx.config.trialKeyQuota,
        expires_in_days: ctx.config.trialKeyDays,
        expires_at: expiresAt,
      };
      return reply.code(201).header('cache-control', 'no-store').send(body);
    },
  });

  ctx.route({
    method: 'get',
    path: '/key',
    summary: 'What the presented key is and what is left of it',
    auth: 'bearer',
    responses: {
      200: { description: 'Key tier, quota and expiry', schema: KeyInfoSchema },
      401: { description: 'Missing, unknown or expired key' },
    },
    handler: async ({ request, reply }) => {
      const caller = await authenticate(ctx, request);
      const body: z.infer<typeof KeyInfoSchema> =
        caller.tier === 'operator'
          ? { tier: 'operator', quota: null, used: null, expires_at: null, key_id: caller.keyId }
          : {
              tier: 'trial',
              quota: caller.key.quota,
              used: caller.key.used,
              expires_at: caller.key.expiresAt,
              key_id: caller.keyId,
            };
      return reply.header('cache-control', 'no-store').send(body);
    },
  });
}
