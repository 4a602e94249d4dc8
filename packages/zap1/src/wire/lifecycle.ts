/** Wire shapes of `GET /lifecycle/{wallet}` (docs/reference-api.md 4.9) and its export. */
import { z } from 'zod';

export const lifecycleEventSchema = z.looseObject({
  leaf_hash: z.string(),
  /** This service's addition: the leaf's 0-based position in the tree. */
  position: z.number().int().min(0).optional(),
  event_type: z.string(),
  created_at: z.string(),
  serial_number: z.string().nullable().optional(),
  anchor_txid: z.string().nullable().optional(),
  anchor_height: z.number().int().nullable().optional(),
  anchored: z.boolean().optional(),
  anchored_semantics: z.string().optional(),
  transaction_reference_recorded: z.boolean().optional(),
  verify_url: z.string().optional(),
  block_time: z.union([z.number(), z.string()]).nullable().optional(),
  /** This service's addition: the public id of the key that added the event to the wallet. */
  key_id: z.string().nullable().optional(),
  // Only this service: a TRANSFER's direction as this wallet sees it, and the wallet on the other side.
  direction: z.enum(['out', 'in']).optional(),
  counterparty_wallet: z.string().optional(),
});
export type LifecycleEvent = z.infer<typeof lifecycleEventSchema>;

export const lifecycleSchema = z.looseObject({
  wallet_hash: z.string(),
  event_count: z.number().int().optional(),
  /** This service's addition: the key that first wrote to the wallet. */
  first_key_id: z.string().nullable().optional(),
  events: z.array(lifecycleEventSchema),
});
export type Lifecycle = z.infer<typeof lifecycleSchema>;

/**
 * `GET /lifecycle/{wallet}/export`: an export package (the reference's `valid_export.json` shape).
 * Only its outline is read here; `verifyExport` (verdict/) judges every proof in it.
 */
export const lifecycleExportSchema = z.looseObject({
  protocol: z.string(),
  generated_at: z.string(),
  scope: z.string(),
  proofs: z.array(z.looseObject({ leaf_hash: z.string(), event_type: z.string() })),
});
export type LifecycleExport = z.infer<typeof lifecycleExportSchema>;
