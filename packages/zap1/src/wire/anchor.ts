/**
 * Wire shapes of the anchoring resources: `/anchor/status`, `/anchor/history`, `/anchor/consistency`,
 * `/anchor/attempts`, `POST /anchor/now` and manual anchoring (`/admin/anchor/qr`, `/admin/anchor/record`).
 */
import { z } from 'zod';

/** Unix seconds from this service; some deployments may send an RFC 3339 string instead. */
const blockTimeSchema = z.union([z.number(), z.string()]).nullable().optional();

/** Anchor attempt states (docs/architecture.md "What anchored means"); other strings are kept, not rejected. */
export const ANCHOR_STATES = ['pending', 'broadcast', 'confirmed', 'anchored', 'failed'] as const;
export type AnchorState = (typeof ANCHOR_STATES)[number];

export const latestAnchorSchema = z.looseObject({
  root: z.string(),
  txid: z.string(),
  height: z.number().int().nullable(),
  leaf_count: z.number().int(),
  block_time: blockTimeSchema,
});
export type LatestAnchor = z.infer<typeof latestAnchorSchema>;

export const inFlightSchema = z.looseObject({
  state: z.string(),
  root: z.string(),
  leaf_count: z.number().int(),
  txid: z.string().nullable().optional(),
  height: z.number().int().nullable().optional(),
  attempts: z.number().int().optional(),
  last_error: z.string().nullable().optional(),
});
export type InFlightAnchor = z.infer<typeof inFlightSchema>;

/**
 * Reference fields (the older ops-fixture shape has only the first seven) plus this service's
 * optional extras.
 */
export const anchorStatusSchema = z.looseObject({
  /** Hex of the current root, or "none" for an empty tree. */
  current_root: z.string(),
  leaf_count: z.number().int(),
  unanchored_leaves: z.number().int(),
  last_anchor_txid: z.string().nullable().optional(),
  last_anchor_height: z.number().int().nullable().optional(),
  needs_anchor: z.boolean().optional(),
  recommendation: z.string().optional(),
  anchor_threshold: z.number().int().optional(),
  broadcast_enabled: z.boolean().optional(),
  signer_configured: z.boolean().optional(),
  can_broadcast: z.boolean().optional(),
  transaction_reference_semantics: z.string().optional(),
  latest_anchor: latestAnchorSchema.nullable().optional(),
  in_flight: inFlightSchema.nullable().optional(),
  anchor_due: z.boolean().optional(),
  expected_wait_s: z.number().nullable().optional(),
});
export type AnchorStatus = z.infer<typeof anchorStatusSchema>;

export const anchorHistoryEntrySchema = z.looseObject({
  root: z.string(),
  txid: z.string(),
  height: z.number().int().nullable(),
  leaf_count: z.number().int(),
  created_at: z.string().optional(),
  /** Absent in older deployments (ops-fixture). */
  scheme: z.string().optional(),
  block_time: blockTimeSchema,
});
export type AnchorHistoryEntry = z.infer<typeof anchorHistoryEntrySchema>;

export const anchorHistorySchema = z.looseObject({
  /** Oldest first, as in the reference. */
  anchors: z.array(anchorHistoryEntrySchema),
  total: z.number().int().optional(),
  /** -1 when there are no anchors (docs/reference-api.md 4.6). */
  last_anchor_age_hours: z.number().int().nullable().optional(),
  record_semantics: z.string().optional(),
});
export type AnchorHistory = z.infer<typeof anchorHistorySchema>;

const sizedRootSchema = z.looseObject({ leaf_count: z.number().int(), root: z.string() });
export const anchorConsistencySchema = z.looseObject({
  from: sizedRootSchema,
  to: sizedRootSchema,
  proof: z.array(z.string()),
});
export type AnchorConsistency = z.infer<typeof anchorConsistencySchema>;

export const anchorNowSchema = z.looseObject({ in_flight: inFlightSchema.nullable() });
export type AnchorNowResult = z.infer<typeof anchorNowSchema>;

/** One change of an attempt in `/anchor/attempts` (this service only). */
export const attemptLogEntrySchema = z.looseObject({
  at: z.string(),
  state: z.enum(ANCHOR_STATES),
  change: z.enum(['recorded', 'send_started', 'state', 'error']),
  detail: z.string().nullable(),
});
export type AttemptLogEntry = z.infer<typeof attemptLogEntrySchema>;

export const anchorAttemptSchema = z.looseObject({
  id: z.number().int(),
  state: z.enum(ANCHOR_STATES),
  root: z.string(),
  leaf_count: z.number().int(),
  txid: z.string().nullable(),
  height: z.number().int().nullable(),
  retries: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  log: z.array(attemptLogEntrySchema),
});
export type AnchorAttemptWithLog = z.infer<typeof anchorAttemptSchema>;

export const anchorAttemptsSchema = z.looseObject({ attempts: z.array(anchorAttemptSchema) });

/** `GET /admin/anchor/qr`: the payment that anchors the current root (manual anchoring). */
export const anchorPaymentSchema = z.looseObject({
  root: z.string(),
  leaf_count: z.number().int(),
  unanchored_leaves: z.number().int(),
  send_enabled: z.boolean(),
  memo: z.string(),
  to_address: z.string().nullable(),
  amount_zec: z.string(),
  payment_uri: z.string().nullable(),
  qr_svg: z.string().nullable(),
});
export type AnchorPayment = z.infer<typeof anchorPaymentSchema>;

/** `POST /admin/anchor/record`: the anchor the operator paid, once the node shows it confirmed. */
export const recordedAnchorSchema = z.looseObject({
  status: z.literal('anchored'),
  root: z.string(),
  txid: z.string(),
  height: z.number().int(),
  leaf_count: z.number().int(),
});
export type RecordedAnchor = z.infer<typeof recordedAnchorSchema>;
