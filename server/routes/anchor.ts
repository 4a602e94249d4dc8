/**
 * GET /anchor/history, /anchor/status, /anchor/consistency and POST /anchor/now
 * (docs/reference-api.md 4.6, 4.7; docs/architecture.md "Endpoints, beyond the reference shapes").
 */
import { z } from 'zod';
import { SCHEME_COUNT_BOUND } from 'zap1';
import { requireOperator } from '../http/auth.js';
import { limitParam, positiveIntParam, type AppContext } from '../http/context.js';
import { ApiError, badRequest } from '../http/errors.js';
import { anchorPolicy, scheduleNow } from '../anchor/policy.js';
import { ChainUnavailableError } from '../chain.js';
import { StoreConflictError, type AnchorAttempt } from '../store/store.js';

/**
 * Without `limit`, the whole history as the reference answers it (its monitor, zap1_ops, holds
 * `total` against `/stats`' `total_anchors`), up to HISTORY_WHOLE_MAX anchors (about 45 ms of work
 * on the event loop at 10,000); beyond that, and with `limit`, pages that a client follows by Link.
 */
export const HISTORY_WHOLE_MAX = 10_000;
export const HISTORY_PAGE_MAX = 1000;

export const HistoryQuerySchema = z
  .object({
    limit: limitParam(HISTORY_WHOLE_MAX, HISTORY_PAGE_MAX)
      .refine((n) => n >= 1, 'limit must be at least 1')
      .describe(
        `The newest N anchors (still listed oldest first), at most ${HISTORY_PAGE_MAX}; without it, every anchor up to ${HISTORY_WHOLE_MAX}. A Link header (rel="next") names the older page`,
      ),
    before: positiveIntParam('before').optional().describe('Only anchors below this block height'),
  })
  // Unknown keys (cache busters such as `?_=1`) are ignored; bad values of known keys stay 400.
  .strip();

const AnchorEntrySchema = z
  .object({
    root: z.string(),
    txid: z.string(),
    height: z.int(),
    leaf_count: z.int(),
    created_at: z.string().describe("created_at of the root's last leaf"),
    block_time: z.int().nullable(),
    scheme: z.literal(SCHEME_COUNT_BOUND),
    block_hash: z
      .string()
      .nullable()
      .describe(
        'Beyond the reference: the hash of the block holding the transaction (display order, lowercase), as the node reports it; with it a reader can confirm a block by its hash. null when unknown',
      ),
  })
  .strict();

export const HistoryResponseSchema = z
  .object({
    anchors: z.array(AnchorEntrySchema),
    total: z.int(),
    last_anchor_age_hours: z.int().describe('-1 when there are no anchors'),
    record_semantics: z.string(),
  })
  .strict();

const InFlightSchema = z
  .object({
    state: z.enum(['pending', 'broadcast', 'confirmed']),
    root: z.string(),
    leaf_count: z.int(),
    txid: z.string().nullable(),
    height: z.int().nullable(),
    attempts: z.int(),
    last_error: z.string().nullable(),
  })
  .strict();

export const StatusResponseSchema = z
  .object({
    current_root: z.string().describe('"none" for an empty tree'),
    leaf_count: z.int(),
    unanchored_leaves: z.int(),
    last_anchor_txid: z
      .string()
      .nullable()
      .describe("The current root's own anchor; null when it is not anchored"),
    last_anchor_height: z.int().nullable(),
    needs_anchor: z.boolean(),
    anchor_threshold: z.int(),
    broadcast_enabled: z.boolean(),
    signer_configured: z.boolean(),
    can_broadcast: z.boolean(),
    recommendation: z.string(),
    transaction_reference_semantics: z.string(),
    latest_anchor: z
      .object({
        root: z.string(),
        txid: z.string(),
        height: z.int(),
        leaf_count: z.int(),
        block_time: z.int().nullable(),
      })
      .strict()
      .nullable(),
    in_flight: InFlightSchema.nullable(),
    anchor_due: z.boolean(),
    expected_wait_s: z.int().nullable(),
  })
  .strict();

export const ConsistencyQuerySchema = z
  .object({ from: positiveIntParam('from'), to: positiveIntParam('to') })
  .strip();

export const ConsistencyResponseSchema = z
  .object({
    from: z.object({ leaf_count: z.int(), root: z.string() }).strict(),
    to: z.object({ leaf_count: z.int(), root: z.string() }).strict(),
    proof: z.array(z.string()).describe('RFC 6962 section 2.1.2 order'),
  })
  .strict();

export const AttemptsQuerySchema = z
  .object({
    limit: limitParam(10, 50).refine((n) => n >= 1, 'limit must be at least 1'),
  })
  .strip();

const AttemptStateSchema = z.enum(['pending', 'broadcast', 'confirmed', 'anchored', 'failed']);

const AttemptLogEntrySchema = z
  .object({
    at: z.string().describe('RFC 3339'),
    state: AttemptStateSchema.describe('State after the change'),
    change: z.enum(['recorded', 'send_started', 'state', 'error']),
    detail: z.string().nullable().describe('txid (broadcast), height (confirmed, anchored) or the error'),
  })
  .strict();

export const AttemptsResponseSchema = z
  .object({
    attempts: z.array(
      z
        .object({
          id: z.int(),
          state: AttemptStateSchema,
          root: z.string(),
          leaf_count: z.int(),
          txid: z.string().nullable(),
          height: z.int().nullable(),
          retries: z.int().describe('Looks that met an error while the attempt was in flight'),
          last_error: z.string().nullable(),
          created_at: z.string(),
          updated_at: z.string(),
          log: z.array(AttemptLogEntrySchema).describe('Every change, oldest first'),
        })
        .strict(),
    ),
  })
  .strict();

export const AnchorNowResponseSchema = z.object({ in_flight: InFlightSchema }).strict();

function inFlightBody(a: AnchorAttempt): z.infer<typeof InFlightSchema> | null {
  if (a.state !== 'pending' && a.state !== 'broadcast' && a.state !== 'confirmed') return null;
  return {
    state: a.state,
    root: a.rootHex,
    leaf_count: a.leafCount,
    txid: a.txid,
    height: a.height,
    attempts: a.attempts,
    last_error: a.lastError,
  };
}

const HOUR_MS = 3_600_000;

export function anchorRoutes(ctx: AppContext): void {
  ctx.route({
    method: 'get',
    path: '/anchor/history',
    summary: 'Anchored roots, oldest first',
    query: HistoryQuerySchema,
    responses: {
      200: { description: 'Anchored roots', schema: HistoryResponseSchema },
      400: { description: 'Bad limit or before' },
    },
    handler: async ({ query, reply }) => {
      const limit = query.limit;
      const roots = await ctx.store.anchors.anchoredRoots({
        limit: limit + 1,
        ...(query.before !== undefined ? { beforeHeight: query.before } : {}),
      });
      // The extra (oldest) row only tells whether an older page exists.
      const page = roots.length > limit ? roots.slice(1) : roots;
      const oldest = page[0];
      if (page.length < roots.length && oldest) {
        const next = `limit=${Math.min(limit, HISTORY_PAGE_MAX)}&before=${oldest.height}`;
        reply.header('link', `</anchor/history?${next}>; rel="next"`);
      }
      // The age of the latest anchor overall, not of this page's newest (which `before` moves back).
      const latest = await ctx.store.anchors.latestAnchoredRoot();
      const body: z.infer<typeof HistoryResponseSchema> = {
        anchors: page.map((r) => ({
          root: r.rootHex,
          txid: r.txid,
          height: r.height,
          leaf_count: r.leafCount,
          created_at: r.createdAt,
          block_time: r.blockTime,
          scheme: SCHEME_COUNT_BOUND,
          block_hash: r.blockHash,
        })),
        total: page.length,
        last_anchor_age_hours: latest
          ? Math.floor((ctx.now().getTime() - Date.parse(latest.createdAt)) / HOUR_MS)
          : -1,
        record_semantics:
          'roots whose anchor transaction has the required confirmations and whose memo was read back from the chain',
      };
      return body;
    },
  });

  ctx.route({
    method: 'get',
    path: '/anchor/attempts',
    summary: 'The attempt log: the newest anchoring attempts, each with every change and error',
    query: AttemptsQuerySchema,
    responses: {
      200: { description: 'Newest attempt first', schema: AttemptsResponseSchema },
      400: { description: 'Bad limit' },
    },
    handler: async ({ query, reply }) => {
      const recent = await ctx.store.anchors.recentAttemptsWithLog(query.limit);
      const body: z.infer<typeof AttemptsResponseSchema> = {
        attempts: recent.map(({ attempt: a, log }) => ({
          id: a.id,
          state: a.state,
          root: a.rootHex,
          leaf_count: a.leafCount,
          txid: a.txid,
          height: a.height,
          retries: a.attempts,
          last_error: a.lastError,
          created_at: a.createdAt,
          updated_at: a.updatedAt,
          log,
        })),
      };
      return reply.header('cache-control', 'no-store').send(body);
    },
  });

  ctx.route({
    method: 'get',
    path: '/anchor/status',
    summary: 'Current root, unanchored leaves, the anchor in flight',
    responses: { 200: { description: 'Anchoring status', schema: StatusResponseSchema } },
    handler: async () => {
      // The status of the tree every instance writes to, not only of what this one applied so far.
      await ctx.ledger.catchUpShared();
      const size = ctx.ledger.size;
      const anchors = ctx.store.anchors;
      // The loop's view (it knows the tip and whether a reorganisation made an anchor urgent);
      // without a loop the same policy over what the store says.
      const schedule = ctx.chain?.schedule
        ? await ctx.chain.schedule()
        : await scheduleNow(ctx.store, ctx.ledger, anchorPolicy(ctx.config), {
            tip: null,
            nowMs: ctx.now().getTime(),
          });
      const currentAnchor = size > 0 ? await anchors.anchoredRootBySize(size) : null;
      const latest = await anchors.latestAnchoredRoot();
      const inFlight = await anchors.inFlightAnchor();
      const running = ctx.chain !== null;
      const signer = ctx.config.chain === 'dev' || ctx.config.anchorFromAddress !== null;
      const recommendation =
        schedule.unanchored === 0
          ? 'up to date'
          : !running
            ? 'anchoring paused; leaves staged for the next operator-authorized anchor run'
            : !signer
              ? 'broadcast enabled but signer unavailable; no transaction can be sent'
              : schedule.due
                ? 'eligible for the configured automatic anchor run'
                : 'below the configured automatic anchor threshold';
      const body: z.infer<typeof StatusResponseSchema> = {
        current_root: size === 0 ? 'none' : ctx.ledger.tree.root(),
        leaf_count: size,
        unanchored_leaves: schedule.unanchored,
        last_anchor_txid: currentAnchor?.txid ?? null,
        last_anchor_height: currentAnchor?.height ?? null,
        needs_anchor: size > 0 && (currentAnchor === null || schedule.unanchored > 0),
        anchor_threshold: ctx.config.anchorMinLeaves,
        broadcast_enabled: running,
        signer_configured: signer,
        can_broadcast: running && signer,
        recommendation,
        transaction_reference_semantics:
          'last_anchor_txid is the anchor of the current root only; latest_anchor is the most recent anchored root',
        latest_anchor: latest
          ? {
              root: latest.rootHex,
              txid: latest.txid,
              height: latest.height,
              leaf_count: latest.leafCount,
              block_time: latest.blockTime,
            }
          : null,
        in_flight: inFlight ? inFlightBody(inFlight) : null,
        anchor_due: schedule.due,
        expected_wait_s: schedule.expectedWaitS,
      };
      return body;
    },
  });

  ctx.route({
    method: 'get',
    path: '/anchor/consistency',
    summary: 'Consistency proof between two tree sizes (1 ≤ from ≤ to ≤ current size)',
    query: ConsistencyQuerySchema,
    responses: {
      200: { description: 'Both roots and the proof', schema: ConsistencyResponseSchema },
      400: { description: 'Sizes out of range' },
    },
    handler: async ({ query: { from, to } }) => {
      // A size another instance already reports is answered here too.
      if (to > ctx.ledger.size) await ctx.ledger.catchUpShared();
      const size = ctx.ledger.size;
      if (to > size) throw badRequest('to', `to must be at most the current size ${size}`);
      if (from > to) throw badRequest('from', 'from must be at most to');
      const body: z.infer<typeof ConsistencyResponseSchema> = {
        from: { leaf_count: from, root: ctx.ledger.tree.root(from) },
        to: { leaf_count: to, root: ctx.ledger.tree.root(to) },
        proof: ctx.ledger.tree.consistencyProof(from, to),
      };
      return body;
    },
  });

  ctx.route({
    method: 'post',
    path: '/anchor/now',
    summary: 'Anchor the current root now (operator key)',
    auth: 'bearer',
    responses: {
      202: { description: 'Anchor started', schema: AnchorNowResponseSchema },
      401: { description: 'Missing or unknown key' },
      403: { description: 'Not the operator key' },
      409: { description: 'An anchor is already in flight, or the current root is already anchored' },
      503: { description: 'The chain is unreachable' },
    },
    authorize: (request) => requireOperator(ctx, request),
    handler: async ({ reply }) => {
      if (ctx.config.anchorMode === 'manual') {
        throw new ApiError(
          409,
          'conflict',
          'This service anchors manually (ANCHOR_MODE=manual): pay the anchor shown by /admin/anchor/qr and record it.',
        );
      }
      if (!ctx.chain?.anchorNow)
        throw new ApiError(503, 'chain_unavailable', 'The anchoring loop is not running.');
      if (ctx.ledger.size === 0) throw new ApiError(409, 'conflict', 'There are no leaves to anchor yet.');
      try {
        const attempt = await ctx.chain.anchorNow();
        const inFlight = inFlightBody(attempt);
        if (!inFlight) throw new ApiError(409, 'conflict', `The anchor ended as ${attempt.state}.`);
        return reply.code(202).send({ in_flight: inFlight });
      } catch (error) {
        if (error instanceof StoreConflictError) {
          // The loop says why (one in flight, or the current root already anchored); pass that on.
          const reason = error.message.charAt(0).toUpperCase() + error.message.slice(1);
          throw new ApiError(409, 'conflict', `${reason}.`);
        }
        if (error instanceof ChainUnavailableError)
          throw new ApiError(503, 'chain_unavailable', error.message);
        throw error;
      }
    },
  });
}
