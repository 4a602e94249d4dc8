/** Wire shapes of `POST /event` and `GET /events` (docs/reference-api.md 3.3, 4.8). */
import { z } from 'zod';
import { HEX64_PATTERN } from '../protocol/guards.js';

const hex64 = z.string().regex(HEX64_PATTERN, 'must be 64 lowercase hex characters');

/** The reference 201 shape (docs/reference-api.md 3.3) plus `timestamp` for DEPLOYMENT and EXIT. */
export const eventResultSchema = z.looseObject({
  status: z.enum(['created', 'exists']),
  event_type: z.string(),
  wallet_hash: z.string(),
  subject_kind: z.string().optional(),
  subject_id: z.string().optional(),
  leaf_hash: hex64,
  root_hash: hex64,
  verify_url: z.string().optional(),
  // The server stamps DEPLOYMENT and EXIT with its Unix time, which the leaf hashes.
  timestamp: z.number().int().nonnegative().optional(),
});
export type EventResult = z.infer<typeof eventResultSchema>;

export const eventItemSchema = z.looseObject({
  leaf_hash: z.string(),
  // Only this service, and only with `?include=position`: the leaf's 0-based position in the tree.
  position: z.number().int().min(0).optional(),
  // Only this service, only with `?include=wallet` and the operator key: the first submitter's wallet.
  wallet_hash: z.string().optional(),
  event_type: z.string(),
  created_at: z.string(),
  description: z.string().optional(),
  preimage_disclosure: z.string().optional(),
  event_type_authentication: z.string().optional(),
  verify_url: z.string().optional(),
  proof_url: z.string().optional(),
  badge_url: z.string().optional(),
});
export type EventItem = z.infer<typeof eventItemSchema>;

export const eventsSchema = z.looseObject({
  protocol: z.string().optional(),
  total_returned: z.number().int().optional(),
  events: z.array(eventItemSchema),
});
export type EventsBody = z.infer<typeof eventsSchema>;
