/**
 * GET /lifecycle/{wallet} and /lifecycle/{wallet}/export (docs/reference-api.md 4.9; docs/architecture.md decision 3:
 * public unless LIFECYCLE_REQUIRES_KEY). Entries are claims the service recorded, not authenticated facts.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SCHEME_COUNT_BOUND, eventTypeLabel } from '../../src/core/index.js';
import { requireOperator } from '../http/auth.js';
import type { AppContext } from '../http/context.js';
import { notFound } from '../http/errors.js';
import type { RouteDoc } from '../http/openapi.js';
import { ProofStepSchema, proofTarget, targetAnchoredRoot } from '../proofs.js';
import type { LeafRecord } from '../store/store.js';

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
  })
  .strict();

export const LifecycleResponseSchema = z
  .object({ wallet_hash: z.string(), event_count: z.int(), events: z.array(LifecycleEventSchema) })
  .strict();

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
  const errors: RouteDoc['responses'] = {
    400: { description: 'wallet is not 1-128 bytes of [A-Za-z0-9_-]' },
    404: { description: 'No events for this wallet' },
  };
  if (auth) {
    errors[401] = { description: 'Missing key' };
    errors[403] = { description: 'Not the operator key' };
  }
  /** The wallet's leaves the tree holds, after the operator check where lifecycles need a key; 404 when none. */
  async function walletLeaves(request: FastifyRequest, wallet: string): Promise<LeafRecord[]> {
    if (ctx.config.lifecycleRequiresKey) await requireOperator(ctx, request);
    const leaves = (await ctx.store.events.walletLeaves(wallet)).filter((l) => l.position <= ctx.ledger.size);
    if (leaves.length === 0) throw notFound('No events for this wallet.');
    return leaves;
  }

  ctx.route({
    method: 'get',
    path: '/lifecycle/{wallet}',
    summary: 'Every event linked to a wallet (claims the service recorded)',
    ...(auth ? { auth } : {}),
    params: WalletParamsSchema,
    responses: { 200: { description: 'Lifecycle', schema: LifecycleResponseSchema }, ...errors },
    handler: async ({ request, params: { wallet } }) => {
      const leaves = await walletLeaves(request, wallet);
      const roots = await Promise.all(leaves.map((leaf) => targetAnchoredRoot(ctx.ledger, leaf.position)));
      const body: z.infer<typeof LifecycleResponseSchema> = {
        wallet_hash: wallet,
        event_count: leaves.length,
        events: leaves.map((leaf, i) => {
          const root = roots[i] ?? null;
          return {
            leaf_hash: leaf.leafHex,
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
          };
        }),
      };
      return body;
    },
  });

  ctx.route({
    method: 'get',
    path: '/lifecycle/{wallet}/export',
    summary: 'Export package with a proof of every event of a wallet',
    ...(auth ? { auth } : {}),
    params: WalletParamsSchema,
    responses: { 200: { description: 'Export package', schema: ExportPackageSchema }, ...errors },
    handler: async ({ request, reply, params: { wallet } }) => {
      const leaves = await walletLeaves(request, wallet);
      const targets = await Promise.all(leaves.map((leaf) => proofTarget(ctx.ledger, leaf)));
      const body: z.infer<typeof ExportPackageSchema> = {
        protocol: 'ZAP1',
        generated_at: ctx.now().toISOString(),
        scope: `wallet=${wallet}`,
        proofs: leaves.map((leaf, i) => {
          const target = targets[i]!;
          return {
            leaf_hash: leaf.leafHex,
            event_type: eventTypeLabel(leaf.eventType),
            // The requested wallet, not leaf.walletHash (the first submitter): a duplicate must not
            // reveal another wallet's pseudonym (docs/architecture.md decision 4).
            wallet_hash: wallet,
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
              wallet_hash_preimage: wallet,
            },
          };
        }),
        verification: {
          sdk: 'zap1-verify',
          crate_url: 'https://crates.io/crates/zap1-verify',
          memo_decoder: 'https://crates.io/crates/zcash-memo-decode',
          procedure: [
            'for each proof entry, verify the Merkle proof from leaf_hash to root with the count-bound root of leaf_count leaves',
            'use BLAKE2b-256 with NordicShield_MRK personalization for tree nodes and NordicShield_RTK for the root commitment',
            'confirm the anchor_txid is mined at anchor_height and its memo reads ZAP1:09:<root>',
          ],
        },
      };
      return reply
        .header('content-disposition', `attachment; filename="zap1-export-${wallet}.json"`)
        .send(body);
    },
  });
}
