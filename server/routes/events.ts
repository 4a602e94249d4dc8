/**
 * GET /events: the public feed, newest first, paged by leaf position (docs/reference-api.md 4.8).
 * Items have exactly the reference's fields, since its checker refuses any other; `position` and
 * `wallet_hash` only when `?include=` asks for them, the wallet only of the operator (the public feed
 * never names wallets: a wallet leads to its lifecycle, docs/reference-api.md 4.8).
 */
import { z } from 'zod';
import { EVENT_SPECS, EVENT_TYPES, eventTypeLabel } from 'zap1';
import { requireOperator } from '../http/auth.js';
import { limitParam, wholeNumberParam, type AppContext } from '../http/context.js';

/** What `include` may ask for: each added field once, in either order. */
const INCLUDE_VALUES = ['position', 'wallet', 'position,wallet', 'wallet,position'] as const;

export const EventsQuerySchema = z
  .object({
    limit: limitParam(50).describe('Default 50; above 200 is clamped to 200'),
    // 0 is the anchored count before any anchor: nothing lies below it.
    before: wholeNumberParam('before')
      .optional()
      .describe("Only leaves at 0-based positions below this (the Link header's, or a root's leaf count)"),
    event_type: z.enum(EVENT_TYPES).optional(),
    include: z
      .enum(INCLUDE_VALUES)
      .optional()
      .describe(
        "`position` adds each leaf's 0-based position, `wallet` the wallet that first submitted it (operator key only); not reference fields; comma-separated for both",
      ),
  })
  // Unknown keys (cache busters such as `?_=1`) are ignored; bad values of known keys stay 400.
  .strip();

export const EventsResponseSchema = z
  .object({
    protocol: z.literal('ZAP1'),
    total_returned: z.int(),
    events: z.array(
      z
        .object({
          leaf_hash: z.string(),
          position: z
            .int()
            .optional()
            .describe("The leaf's 0-based position in the tree; only with `?include=position`"),
          wallet_hash: z
            .string()
            .optional()
            .describe('The wallet (or agent) that first submitted the leaf; only with `?include=wallet`'),
          event_type: z.string(),
          description: z.string(),
          created_at: z.string(),
          preimage_disclosure: z.literal('withheld from the public event feed'),
          event_type_authentication: z.literal('unverified_server_metadata_without_disclosed_witness'),
          verify_url: z.string(),
          proof_url: z.string(),
          badge_url: z.string(),
        })
        .strict(),
    ),
  })
  .strict();

export function eventsRoutes(ctx: AppContext): void {
  ctx.route({
    method: 'get',
    path: '/events',
    summary: 'Recent attestation events, newest first',
    query: EventsQuerySchema,
    responses: {
      200: {
        description: 'A page of events; the next (older) page is in the Link header',
        schema: EventsResponseSchema,
        headers: { Link: '<…/events?…&before=N>; rel="next" when older events exist' },
      },
      400: { description: 'Bad limit, before, event_type or include' },
    },
    handler: async ({ request, query, reply }) => {
      const include = new Set(query.include?.split(',') ?? []);
      if (include.has('wallet')) {
        await requireOperator(ctx, request);
        // The operator's view: never kept by a shared cache, which could hand it to anyone.
        reply.header('cache-control', 'no-store');
      }
      const page = await ctx.store.events.listEvents({
        limit: query.limit,
        // The store counts positions from 1.
        ...(query.before !== undefined ? { before: query.before + 1 } : {}),
        ...(query.event_type !== undefined ? { eventType: EVENT_SPECS[query.event_type].byte } : {}),
      });
      if (page.nextBefore !== null && query.limit > 0) {
        const oldestShown = page.nextBefore - 1;
        const params = new URLSearchParams({ limit: String(query.limit), before: String(oldestShown) });
        if (query.event_type) params.set('event_type', query.event_type);
        if (query.include) params.set('include', query.include);
        reply.header('link', `</events?${params.toString()}>; rel="next"`);
      }
      const body: z.infer<typeof EventsResponseSchema> = {
        protocol: 'ZAP1',
        total_returned: page.leaves.length,
        events: page.leaves.map((leaf) => {
          const label = eventTypeLabel(leaf.eventType);
          return {
            leaf_hash: leaf.leafHex,
            ...(include.has('position') ? { position: leaf.position - 1 } : {}),
            ...(include.has('wallet') ? { wallet_hash: leaf.walletHash } : {}),
            event_type: label,
            description: label === 'UNKNOWN' ? 'Unknown event type' : EVENT_SPECS[label].description,
            created_at: leaf.createdAt,
            preimage_disclosure: 'withheld from the public event feed',
            event_type_authentication: 'unverified_server_metadata_without_disclosed_witness',
            verify_url: `/verify/${leaf.leafHex}/check`,
            proof_url: `/verify/${leaf.leafHex}/proof.json`,
            badge_url: `/badge/leaf/${leaf.leafHex}`,
          };
        }),
      };
      return body;
    },
  });
}
