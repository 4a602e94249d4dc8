/** GET /verify/{leaf}/check and /verify/{leaf}/proof.json (docs/reference-api.md 4.1, 4.2). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LEGACY_ROOT_MAX_ANCHOR_HEIGHT, eventTypeLabel, verifyProof } from '../../src/core/index.js';
import { hex64Param, parseInput, type AppContext } from '../http/context.js';
import { ApiError, notFound } from '../http/errors.js';
import { ProofBundleCache } from '../proof-cache.js';
import { ProofBundleSchema, proofTarget } from '../proofs.js';
import type { LeafRecord } from '../store/store.js';

export const LeafParamsSchema = z.object({ leaf: hex64Param('leaf') });

export const CheckResponseSchema = z
  .object({
    protocol: z.literal('ZAP1'),
    valid: z.boolean(),
    merkle_scheme: z.enum(['ZAP1_COUNT_BOUND_V2', 'ZAP1_LEGACY_DUPLICATE_ODD', 'INVALID']),
    legacy_shape_warning: z.boolean(),
    legacy_accepted: z.boolean(),
    legacy_max_anchor_height: z.int(),
    leaf_hash: z.string(),
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

export function findLeaf(ctx: AppContext, params: unknown): LeafRecord {
  const { leaf } = parseInput(LeafParamsSchema, params);
  return findLeafHex(ctx, leaf);
}

function findLeafHex(ctx: AppContext, leaf: string): LeafRecord {
  const record = ctx.store.leafByHash(leaf);
  // Leaves are appended to the tree after commit in the same turn, so a stored leaf is always in it.
  if (!record || record.position > ctx.ledger.size) throw notFound('Leaf not found.');
  return record;
}

export function verifyRoutes(app: FastifyInstance, ctx: AppContext): void {
  ctx.docs.push(
    {
      method: 'get',
      path: '/verify/{leaf}/check',
      summary: 'Server-side verification of a leaf against its root',
      params: LeafParamsSchema,
      responses: {
        200: { description: 'Verification result', schema: CheckResponseSchema },
        400: { description: 'leaf is not 64 lowercase hex' },
        404: { description: 'Leaf not found' },
      },
    },
    {
      method: 'get',
      path: '/verify/{leaf}/proof.json',
      summary: 'Proof bundle (v2) against the first anchored root containing the leaf, else the current root',
      params: LeafParamsSchema,
      responses: {
        200: { description: 'Proof bundle; it verifies with any ZAP1 verifier', schema: ProofBundleSchema },
        400: { description: 'leaf is not 64 lowercase hex' },
        404: { description: 'Leaf not found' },
      },
    },
  );

  app.get('/verify/:leaf/check', async (request) => {
    const leaf = findLeaf(ctx, request.params);
    const target = proofTarget(ctx.ledger, leaf);
    const verdict = verifyProof({
      leafHex: leaf.leafHex,
      proof: target.proof,
      leafCount: target.leafCount,
      rootHex: target.rootHex,
      scheme: 'ZAP1_COUNT_BOUND_V2',
      anchorHeight: target.anchored?.height ?? null,
    });
    if (!verdict.valid)
      throw new ApiError(500, 'internal', 'The stored proof does not verify; this is being looked into.');
    const label = eventTypeLabel(leaf.eventType);
    const body: z.infer<typeof CheckResponseSchema> = {
      protocol: 'ZAP1',
      valid: verdict.valid,
      merkle_scheme: verdict.scheme,
      legacy_shape_warning: false,
      legacy_accepted: false,
      legacy_max_anchor_height: LEGACY_ROOT_MAX_ANCHOR_HEIGHT,
      leaf_hash: leaf.leafHex,
      event_type: label,
      claimed_event_type: label,
      event_type_authentication: 'unverified_server_metadata_without_disclosed_witness',
      typed_leaf_verified: null,
      root: target.rootHex,
      leaf_count: target.leafCount,
      anchor: { txid: target.anchored?.txid ?? null, height: target.anchored?.height ?? null },
      block_time: target.anchored?.blockTime ?? null,
      merkle_valid: verdict.valid,
      server_verified: verdict.valid,
      server_verified_semantics:
        'the server recomputed the Merkle path from this leaf to the root; it does not authenticate the event type or the preimage',
      verification_scope: target.anchored
        ? 'Merkle inclusion in a root anchored on chain (memo read back from the chain)'
        : 'Merkle inclusion in the current root, which is not anchored yet',
      verification_sdk: 'zap1-verify',
    };
    return body;
  });

  const bundles = new ProofBundleCache(ctx.ledger);
  app.get('/verify/:leaf/proof.json', async (request, reply) => {
    const { leaf } = parseInput(LeafParamsSchema, request.params);
    const json = bundles.lookup(leaf) ?? bundles.build(findLeafHex(ctx, leaf));
    return reply.type('application/json; charset=utf-8').send(json);
  });
}
