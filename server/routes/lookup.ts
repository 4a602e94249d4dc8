/**
 * GET /lookup?q=: what a search box needs to know of a value, answered 200 whether or not anything
 * matches, so a search that finds nothing is a message in the app and never a failed request.
 * Anchor transactions and roots are not asked here: the app finds them in /anchor/history.
 */
import { z } from 'zod';
import { isHex64 } from 'zap1';
import { isOperatorKey, bearerToken } from '../http/auth.js';
import type { AppContext } from '../http/context.js';

const WALLET_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export const LookupQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .min(1, 'q must not be empty')
      .max(512, 'q must be at most 512 characters')
      .describe('A leaf hash, a wallet pseudonym, or anything a user typed'),
  })
  .strip();

export const LookupResponseSchema = z
  .object({
    query: z.string(),
    leaf: z.boolean().describe('q is the hash of a leaf in the tree'),
    wallet: z
      .enum(['found', 'none', 'requires_key', 'not_a_wallet'])
      .describe(
        'q as a wallet pseudonym: events are linked to it, none are, lifecycles need the operator key here, or q cannot be a pseudonym',
      ),
  })
  .strict();

export function lookupRoutes(ctx: AppContext): void {
  ctx.route({
    method: 'get',
    path: '/lookup',
    summary: 'Whether a value is a leaf hash or a wallet with events (200 either way)',
    query: LookupQuerySchema,
    responses: {
      200: { description: 'What the value is on this service', schema: LookupResponseSchema },
      400: { description: 'q missing, empty or longer than 512 characters' },
    },
    handler: async ({ request, reply, query: { q } }) => {
      const hash = q.toLowerCase();
      let leaf = false;
      if (isHex64(hash)) {
        const record = await ctx.store.leaves.leafByHash(hash);
        if (record) {
          await ctx.ledger.ensureApplied(record.position);
          leaf = true;
        }
      }
      let wallet: z.infer<typeof LookupResponseSchema>['wallet'] = 'not_a_wallet';
      if (WALLET_PATTERN.test(q)) {
        const token = bearerToken(request);
        const operator = token !== null && isOperatorKey(token, ctx.config.adminApiKey);
        if (ctx.config.lifecycleRequiresKey && !operator) {
          // Whether a locked lifecycle exists is the operator's to know.
          wallet = 'requires_key';
        } else {
          await ctx.ledger.catchUpShared();
          const page = await ctx.store.events.walletLeaves(q, { limit: 0, maxPosition: ctx.ledger.size });
          wallet = page.total > 0 ? 'found' : 'none';
        }
      }
      const body: z.infer<typeof LookupResponseSchema> = { query: q, leaf, wallet };
      return reply.header('cache-control', 'no-store').send(body);
    },
  });
}
