/**
 * GET /lifecycle/{wallet} and /lifecycle/{wallet}/export (docs/reference-api.md 4.9; docs/architecture.md decision 3:
 * public unless LIFECYCLE_REQUIRES_KEY). Entries are claims the service recorded, not authenticated facts.
 */
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SCHEME_COUNT_BOUND, eventTypeLabel } from 'zap1';
import { requireOperator } from '../http/auth.js';
import { limitParam, positiveIntParam, type AppContext } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { heavyWork } from '../http/heavy-work.js';
import type { RouteDoc } from '../http/openapi.js';
import { compressedStream } from '../http/streamed-compression.js';
import { ProofStepSchema, proofTarget, targetAnchoredRoot } from '../proofs.js';
import type { WalletLeaf, WalletPage } from '../store/store.js';

export const WalletParamsSchema = z.object({
  wallet: z
    .string()
    .min(1, 'wallet must be 1-128 bytes')
    .max(128, 'wallet must be 1-128 bytes')
    .regex(/^[A-Za-z0-9_-]+$/, 'wallet must use only ASCII letters, digits, underscore, or hyphen'),
});

const LifecycleEventSchema = z
  .object({
    leaf_hash: z.string(),
    position: z.int().describe("This service's addition: the leaf's 0-based position in the tree"),
    event_type: z.string(),
    serial_number: z.string().nullable(),
    created_at: z.string(),
    anchor_txid: z.string().nullable(),
    anchor_height: z.int().nullable(),
    block_time: z.int().nullable(),
    anchored: z.boolean(),
    anchored_semantics: z.string(),
    transaction_reference_recorded: z.boolean(),
    verify_url: z.string(),
    direction: z
      .enum(['out', 'in'])
      .optional()
      .describe('A TRANSFER: out of this wallet (it is the old owner) or into it (the new owner)'),
    counterparty_wallet: z.string().optional().describe("A TRANSFER: the other side's wallet"),
    key_id: z
      .string()
      .nullable()
      .describe(
        'Public id of the key that added this event to the wallet (null: recorded before ids were kept)',
      ),
  })
  .strict();

export const LifecycleResponseSchema = z
  .object({
    wallet_hash: z.string(),
    event_count: z
      .int()
      .describe('Events of the wallet in all; `events` is one page of them (Link: rel="next")'),
    first_key_id: z.string().nullable().describe('The key that first wrote to this wallet'),
    events: z.array(LifecycleEventSchema),
  })
  .strict();

/** Lifecycle pages: small enough by default that pages never hold up other requests, at most 1,000. */
export const LIFECYCLE_PAGE_DEFAULT = 250;
export const LIFECYCLE_PAGE_MAX = 1000;

export const LifecycleQuerySchema = z
  .object({
    limit: limitParam(LIFECYCLE_PAGE_DEFAULT, LIFECYCLE_PAGE_MAX)
      .refine((n) => n >= 1, 'limit must be at least 1')
      .describe(
        `Events per page, oldest first; default ${LIFECYCLE_PAGE_DEFAULT}, at most ${LIFECYCLE_PAGE_MAX}`,
      ),
    after: positiveIntParam('after').optional().describe("The cursor from the previous page's Link header"),
  })
  .strip();

/**
 * Leaves an export reads from the store at a time, one read a scheduler slice. A read scans the
 * wallet's links not yet indexed (up to LINK_INDEX_ROWS) whatever its size: of a 3,000-event wallet,
 * 120 reads of 25 took 260 ms, 6 reads of 500 took 20-37 ms (at most 8.5 ms each).
 */
const EXPORT_PAGE = 500;
/** Entries whose proof targets are looked up together (concurrent reads on PostgreSQL), in a slice. */
const EXPORT_GROUP = 8;
/** Bytes an export may hold ready for a slow client before it stops making more (backpressure). */
const EXPORT_BUFFER_BYTES = 64 * 1024;

let exportsMaking = 0;
/** Exports whose body is being made: a client gone, or done, ends its export's work (tests). */
export function exportsInProgress(): number {
  return exportsMaking;
}

export const ExportPackageSchema = z
  .object({
    protocol: z.literal('ZAP1'),
    generated_at: z.string(),
    scope: z.string(),
    proofs: z.array(
      z
        .object({
          leaf_hash: z.string(),
          event_type: z.string(),
          wallet_hash: z.string(),
          serial_number: z.string().nullable(),
          created_at: z.string(),
          proof_steps: z.array(ProofStepSchema),
          root: z.string(),
          merkle_scheme: z.literal(SCHEME_COUNT_BOUND),
          leaf_count: z.int(),
          anchor_txid: z.string().nullable(),
          anchor_height: z.int().nullable(),
          witness: z
            .object({
              hash_function: z.literal('BLAKE2b-256'),
              personalization: z.literal('NordicShield_'),
              recompute: z.string(),
              serial_number: z.string().nullable(),
              wallet_hash_preimage: z.string(),
            })
            .strict(),
        })
        .strict(),
    ),
    verification: z
      .object({
        sdk: z.string(),
        crate_url: z.string(),
        memo_decoder: z.string(),
        procedure: z.array(z.string()),
      })
      .strict(),
  })
  .strict();

export function lifecycleRoutes(ctx: AppContext): void {
  const auth = ctx.config.lifecycleRequiresKey ? ('bearer' as const) : undefined;
  /** Where lifecycles need the operator key, it is checked before the wallet or the page is read. */
  const keyed = auth ? { auth, authorize: (request: FastifyRequest) => requireOperator(ctx, request) } : {};
  const errors: RouteDoc['responses'] = {
    400: { description: 'wallet is not 1-128 bytes of [A-Za-z0-9_-], or a bad limit or after' },
    404: { description: 'No events for this wallet' },
  };
  if (auth) {
    errors[401] = { description: 'Missing key' };
    errors[403] = { description: 'Not the operator key' };
  }
  /**
   * One page of the wallet's leaves the tree holds (never one committed but not yet in the tree),
   * 404 when the wallet has none.
   */
  async function walletPage(
    wallet: string,
    page: { limit: number; after?: number; maxPosition?: number },
  ): Promise<WalletPage> {
    // A wallet written through another instance reads the same here (an export caught up already
    // when it took its snapshot, `maxPosition`).
    if (page.maxPosition === undefined) await ctx.ledger.catchUpShared();
    const found = await ctx.store.events.walletLeaves(wallet, { maxPosition: ctx.ledger.size, ...page });
    if (found.total === 0) throw notFound('No events for this wallet.');
    return found;
  }

  ctx.route({
    method: 'get',
    path: '/lifecycle/{wallet}',
    summary: 'The events linked to a wallet (claims the service recorded), oldest first, one page at a time',
    ...keyed,
    params: WalletParamsSchema,
    query: LifecycleQuerySchema,
    responses: {
      200: {
        description: 'Lifecycle page; a Link header (rel="next") names the next page',
        schema: LifecycleResponseSchema,
        headers: { Link: 'the next page, when there is one' },
      },
      ...errors,
    },
    handler: async ({ reply, params: { wallet }, query }) => {
      const page = await walletPage(wallet, {
        limit: query.limit,
        ...(query.after !== undefined ? { after: query.after } : {}),
      });
      if (page.nextAfter !== null) {
        const next = new URLSearchParams({ limit: String(query.limit), after: String(page.nextAfter) });
        void reply.header('link', `</lifecycle/${wallet}?${next.toString()}>; rel="next"`);
      }
      const roots = await Promise.all(
        page.leaves.map((leaf) => targetAnchoredRoot(ctx.ledger, leaf.position)),
      );
      const body: z.infer<typeof LifecycleResponseSchema> = {
        wallet_hash: wallet,
        event_count: page.total,
        first_key_id: page.firstKeyId,
        events: page.leaves.map((leaf, i) => {
          const root = roots[i] ?? null;
          return {
            leaf_hash: leaf.leafHex,
            position: leaf.position - 1,
            event_type: eventTypeLabel(leaf.eventType),
            serial_number: leaf.serialNumber,
            created_at: leaf.createdAt,
            anchor_txid: root?.txid ?? null,
            anchor_height: root?.height ?? null,
            block_time: root?.blockTime ?? null,
            anchored: root !== null,
            anchored_semantics:
              'a root containing this leaf is anchored on chain (confirmed, memo read back)',
            transaction_reference_recorded: root !== null,
            verify_url: `/verify/${leaf.leafHex}/check`,
            ...transferSides(wallet, leaf),
            key_id: leaf.keyId,
          };
        }),
      };
      return body;
    },
  });

  ctx.route({
    method: 'get',
    path: '/lifecycle/{wallet}/export',
    summary: 'Export package with a proof of every event of a wallet (streamed)',
    ...keyed,
    params: WalletParamsSchema,
    responses: { 200: { description: 'Export package', schema: ExportPackageSchema }, ...errors },
    handler: async ({ request, reply, params: { wallet } }) => {
      // One snapshot: the leaves the tree holds now, however many arrive while the export streams.
      await ctx.ledger.catchUpShared();
      const maxPosition = ctx.ledger.size;
      // Stops the export's work when the client goes (or the answer ends): slices still waiting
      // are dropped, and the stream's end returns the generator.
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      // Every read and every entry runs in heavyWork's slices, shared fairly with the other exports.
      const firstPage = await heavyWork
        .run(() => walletPage(wallet, { limit: EXPORT_PAGE, maxPosition }), gone.signal)
        .catch((error: unknown) => {
          if (gone.signal.aborted) return null;
          throw error;
        });
      // Gone before its first read: there is no one to answer.
      if (firstPage === null) return reply;
      const first: WalletPage = firstPage;
      reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="zap1-export-${wallet}.json"`);
      // HEAD: a GET's status and headers (compression and Vary included, no length), and no body
      // made only to be dropped (Fastify logs the abort of such a stream as an error, each time).
      if (request.method === 'HEAD') return reply.send(compressedStream(request, reply, Readable.from([])));
      const head = {
        protocol: 'ZAP1',
        generated_at: ctx.now().toISOString(),
        scope: `wallet=${wallet}`,
      } satisfies Partial<z.infer<typeof ExportPackageSchema>>;
      const ledger = ctx.ledger;
      const store = ctx.store;
      async function* exportBody(): AsyncGenerator<string> {
        exportsMaking++;
        try {
          yield* exportEntries();
        } finally {
          exportsMaking--;
        }
      }
      async function* exportEntries(): AsyncGenerator<string> {
        yield `${JSON.stringify(head).slice(0, -1)},"proofs":[`;
        let page: WalletPage = first;
        let next = 0;
        let separator = '';
        for (;;) {
          if (next === page.leaves.length) {
            if (page.nextAfter === null) break;
            const after = page.nextAfter;
            page = await heavyWork.run(
              () => store.events.walletLeaves(wallet, { limit: EXPORT_PAGE, after, maxPosition }),
              gone.signal,
            );
            next = 0;
            continue;
          }
          const leaves = page.leaves;
          const text = await heavyWork.run(async (slice) => {
            const parts: string[] = [];
            do {
              const group = leaves.slice(next, next + EXPORT_GROUP);
              const entries = await Promise.all(group.map((leaf) => exportEntry(ledger, wallet, leaf)));
              for (const entry of entries) parts.push(JSON.stringify(entry));
              next += group.length;
            } while (next < leaves.length && slice.left());
            return parts.join(',');
          }, gone.signal);
          yield `${separator}${text}`;
          separator = ',';
        }
        yield `],"verification":${JSON.stringify(EXPORT_VERIFICATION)}}`;
      }
      return reply.send(
        compressedStream(
          request,
          reply,
          Readable.from(exportBody(), { objectMode: false, highWaterMark: EXPORT_BUFFER_BYTES }),
        ),
      );
    },
  });
}

type ExportEntry = z.infer<typeof ExportPackageSchema>['proofs'][number];

async function exportEntry(
  ledger: AppContext['ledger'],
  wallet: string,
  leaf: WalletLeaf,
): Promise<ExportEntry> {
  const target = await proofTarget(ledger, leaf);
  // The requested wallet, not leaf.walletHash (the first submitter): a duplicate must not reveal
  // another wallet's pseudonym (docs/architecture.md decision 4). A transfer is the exception: its
  // leaf hashes the old owner, whom the new owner's lifecycle names anyway.
  const preimageWallet = leaf.counterparty !== null ? leaf.walletHash : wallet;
  return {
    leaf_hash: leaf.leafHex,
    event_type: eventTypeLabel(leaf.eventType),
    wallet_hash: preimageWallet,
    serial_number: leaf.serialNumber,
    created_at: leaf.createdAt,
    proof_steps: target.proof,
    root: target.rootHex,
    merkle_scheme: SCHEME_COUNT_BOUND,
    leaf_count: target.leafCount,
    anchor_txid: target.anchored?.txid ?? null,
    anchor_height: target.anchored?.height ?? null,
    witness: {
      hash_function: 'BLAKE2b-256',
      personalization: 'NordicShield_',
      recompute: 'hash(type_byte || length_prefixed_fields) with NordicShield_ personalization',
      serial_number: leaf.serialNumber,
      wallet_hash_preimage: preimageWallet,
    },
  };
}

const EXPORT_VERIFICATION: z.infer<typeof ExportPackageSchema>['verification'] = {
  sdk: 'zap1-verify',
  crate_url: 'https://crates.io/crates/zap1-verify',
  memo_decoder: 'https://crates.io/crates/zcash-memo-decode',
  procedure: [
    'for each proof entry, verify the Merkle proof from leaf_hash to root with the count-bound root of leaf_count leaves',
    'use BLAKE2b-256 with NordicShield_MRK personalization for tree nodes and NordicShield_RTK for the root commitment',
    'confirm the anchor_txid is mined at anchor_height and its memo reads ZAP1:09:<root>',
  ],
};

/** A TRANSFER as this wallet's lifecycle sees it: which way it went and the wallet on the other side. */
function transferSides(
  wallet: string,
  leaf: { walletHash: string; counterparty: string | null },
): { direction?: 'out' | 'in'; counterparty_wallet?: string } {
  if (leaf.counterparty === null) return {};
  return leaf.walletHash === wallet
    ? { direction: 'out', counterparty_wallet: leaf.counterparty }
    : { direction: 'in', counterparty_wallet: leaf.walletHash };
}
