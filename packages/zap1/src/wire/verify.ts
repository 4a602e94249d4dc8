/** Wire shapes of `GET /verify/{leaf}/check` and `GET /verify/{leaf}/proof.json`. */
import { z } from 'zod';

const anchorRefSchema = z.looseObject({
  txid: z.string().nullable(),
  height: z.number().int().nullable(),
  // Only this service: when the anchoring block was mined (Unix seconds or a date string).
  block_time: z.union([z.number(), z.string()]).nullable().optional(),
});

/** Reference shape (docs/reference-api.md 4.1; openapi requires only protocol, valid, leaf_hash, root). */
export const verifyCheckSchema = z.looseObject({
  protocol: z.string(),
  valid: z.boolean(),
  leaf_hash: z.string(),
  root: z.string(),
  // Only this service: the leaf's 0-based position in the tree.
  position: z.number().int().min(0).optional(),
  merkle_scheme: z.string().optional(),
  legacy_shape_warning: z.boolean().optional(),
  legacy_accepted: z.boolean().optional(),
  legacy_max_anchor_height: z.number().optional(),
  event_type: z.string().optional(),
  claimed_event_type: z.string().optional(),
  event_type_authentication: z.string().optional(),
  typed_leaf_verified: z.boolean().nullable().optional(),
  leaf_count: z.number().int().optional(),
  anchor: anchorRefSchema.nullable().optional(),
  merkle_valid: z.boolean().optional(),
  server_verified: z.boolean().optional(),
  server_verified_semantics: z.string().optional(),
  verification_scope: z.string().optional(),
  verification_sdk: z.string().optional(),
  block_time: z.union([z.number(), z.string()]).nullable().optional(),
  created_at: z.string().nullable().optional(),
});
export type VerifyCheck = z.infer<typeof verifyCheckSchema>;

/** The bundle stays unknown JSON here: `verifyProofBundle` (protocol/) is its only judge. */
export const proofBundleSchema = z.unknown();
