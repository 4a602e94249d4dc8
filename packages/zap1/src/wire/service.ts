/** Wire shapes of what a service says about itself: `/protocol/info`, `/stats`, `/health`. */
import { z } from 'zod';

/** Reference shape plus this service's optional additions (docs/architecture.md "Endpoints"). */
export const protocolInfoSchema = z.looseObject({
  protocol: z.string(),
  version: z.string(),
  defined_event_types: z.array(z.string()).optional(),
  write_api_event_types: z.array(z.string()).optional(),
  system_managed_event_types: z.array(z.string()).optional(),
  hash_function: z.string().optional(),
  network: z.string().optional(),
  explorer_tx_url: z.string().nullable().optional(),
  anchor_viewing_key: z.string().nullable().optional(),
  /** Where a block is looked up, with `{height}` or `{hash}` (services with chain evidence). */
  explorer_block_url: z.string().nullable().optional(),
  /** The viewing key that opens the anchor memos, as services with chain evidence name it. */
  viewing_key: z.string().nullable().optional(),
  extensions: z.array(z.string()).optional(),
});
export type ProtocolInfo = z.infer<typeof protocolInfoSchema>;

/** `GET /stats` (docs/reference-api.md 4.5): the four totals are in every version (the ops-fixture shape has only those). */
export const statsSchema = z.looseObject({
  total_leaves: z.number().int(),
  total_anchors: z.number().int(),
  first_anchor_block: z.number().int().nullable(),
  last_anchor_block: z.number().int().nullable(),
  total_anchor_records: z.number().int().optional(),
  total_anchors_semantics: z.string().optional(),
  network: z.string().optional(),
  protocol: z.string().optional(),
  event_types: z.array(z.string()).optional(),
  type_counts: z.record(z.string(), z.number().int()).optional(),
  classified_leaves: z.number().int().optional(),
  unclassified_leaves: z.number().int().optional(),
});
export type Stats = z.infer<typeof statsSchema>;

/** `GET /health` (docs/reference-api.md 4.11 plus this service's fields). */
export const healthSchema = z.looseObject({
  last_scanned_height: z.number().int(),
  chain_tip: z.number().int(),
  sync_lag: z.number().int(),
  scanner_operational: z.boolean(),
  rpc_reachable: z.boolean(),
  pending_invoices: z.number().int().optional(),
  network: z.string().optional(),
  store_ok: z.boolean().optional(),
  chain_ok: z.boolean().optional(),
  wallet_balance_zat: z.number().nullable().optional(),
  anchor_cost_zat: z.number().int().nonnegative().optional(),
  last_error: z.string().nullable().optional(),
});
export type Health = z.infer<typeof healthSchema>;

/** `GET /build/info` (docs/reference-api.md 4.12): only the version is read; the rest is kept as sent. */
export const buildInfoSchema = z.looseObject({ version: z.string() });
export type BuildInfo = z.infer<typeof buildInfoSchema>;

/** `GET /lookup?q=` (this service only, extension `lookup`). */
export const lookupSchema = z.looseObject({
  query: z.string(),
  leaf: z.boolean(),
  wallet: z.enum(['found', 'none', 'requires_key', 'not_a_wallet']),
});
export type Lookup = z.infer<typeof lookupSchema>;
