/** GET /verify/{leaf}/check and /verify/{leaf}/proof.json (docs/reference-api.md 4.1, 4.2). */
import { z } from 'zod';
import { LEGACY_ROOT_MAX_ANCHOR_HEIGHT, SCHEME_COUNT_BOUND, eventTypeLabel } from 'zap1';
import { hex64Param, type AppContext } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { ProofBundleCache } from '../proof-cache.js';
import { ProofBundleSchema, proofTarget } from '../proofs.js';
import type { LeafRecord } from '../store/store.js';

export const LeafParamsSchema = z.object({ leaf: hex64Param('leaf') });

/** The errors of a route that looks a leaf up by its hash. */
const LEAF_LOOKUP_ERRORS = {
  400: { description: 'leaf is not 64 lowercase hex' },
  404: { description: 'Leaf not found' },
};

export const CheckResponseSchema = z
  .object({
    protocol: z.literal('ZAP1'),
    valid: z.boolean(),
    merkle_scheme: z.enum(['ZAP1_COUNT_BOUND_V2', 'ZAP1_LEGACY_DUPLICATE_ODD', 'INVALID']),
    legacy_shape_warning: z.boolean(),
    legacy_accepted: z.boolean(),
    legacy_max_anchor_height: z.int(),
    leaf_hash: z.string(),
    position: z.int().describe("The leaf's 0-based position in the tree"),
    event_type: z.string(),
    claimed_event_type: z.string(),
    event_type_authentication: z.literal('unverified_server_metadata_without_disclosed_witness'),
    typed_leaf_verified: z.null(),
    root: z.string(),
    leaf_count: z.int(),
    anchor: z.object({ txid: z.string().nullable(), height: z.int().nullable() }).strict(),
    block_time: z.int().nullable().describe('Unix time of the anchoring block; null while unanchored'),
    merkle_valid: z.boolean(),
    server_verified: z.boolean(),
    server_verified_semantics: z.string(),
    verification_scope: z.string(),
    verification_sdk: z.string(),
  })
  .strict();

/** The stored leaf `leafHex` that the tree holds; 404 otherwise. */
async function findLeaf(ctx: AppContext, leafHex: string): Promise<LeafRecord> {
  const record = await ctx.store.leaves.leafByHash(leafHex);
  if (!record) throw notFound('Leaf not found.');
  // Written through another instance and not applied here yet: catch up before answering.
  await ctx.ledger.ensureApplied(record.position);
  return record;
}

export function verifyRoutes(ctx: AppContext): void {
  ctx.route({
    method: 'get',
    path: '/verify/{leaf}/check',
    summary: 'Server-side verification of a leaf against its root',
    params: LeafParamsSchema,
    responses: {
      200: { description: 'Verification result', schema: CheckResponseSchema },
      ...LEAF_LOOKUP_ERRORS,
    },
    handler: async ({ params }) => {
      const leaf = await findLeaf(ctx, params.leaf);
      // proofTarget checked the path to the root (count-bound) or threw: it is served verified.
      const target = await proofTarget(ctx.ledger, leaf);
      const label = eventTypeLabel(leaf.eventType);
      const body: z.infer<typeof CheckResponseSchema> = {
        protocol: 'ZAP1',
        valid: true,
        merkle_scheme: SCHEME_COUNT_BOUND,
        legacy_shape_warning: false,
        legacy_accepted: false,
        legacy_max_anchor_height: LEGACY_ROOT_MAX_ANCHOR_HEIGHT,
        leaf_hash: leaf.leafHex,
        position: leaf.position - 1,
        event_type: label,
        claimed_event_type: label,
        event_type_authentication: 'unverified_server_metadata_without_disclosed_witness',
        typed_leaf_verified: null,
        root: target.rootHex,
        leaf_count: target.leafCount,
        anchor: { txid: target.anchored?.txid ?? null, height: target.anchored?.height ?? null },
        block_time: target.anchored?.blockTime ?? null,
        merkle_valid: true,
        server_verified: true,
        server_verified_semantics:
          'the server recomputed the Merkle path from this leaf to the root; it does not authenticate the event type or the preimage',
        verification_scope: target.anchored
          ? 'Merkle inclusion in a root anchored on chain (memo read back from the chain)'
          : 'Merkle inclusion in the current root, which is not anchored yet',
        verification_sdk: 'zap1-verify',
      };
      return body;
    },
  });

  const bundles = new ProofBundleCache(ctx.ledger);
  ctx.route({
    method: 'get',
    path: '/verify/{leaf}/proof.json',
    summary: 'Proof bundle (v2) against the first anchored root containing the leaf, else the current root',
    params: LeafParamsSchema,
    responses: {
      200: { description: 'Proof bundle; it verifies with any ZAP1 verifier', schema: ProofBundleSchema },
      ...LEAF_LOOKUP_ERRORS,
    },
    handler: async ({ params, reply }) => {
      const json =
        (await bundles.lookup(params.leaf)) ?? (await bundles.build(await findLeaf(ctx, params.leaf)));
      return reply.type('application/json; charset=utf-8').send(json);
    },
  });
}
