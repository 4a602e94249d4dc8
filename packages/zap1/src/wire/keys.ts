/** Wire shapes of `POST /trial-key` and `GET /key` (docs/architecture.md "Endpoints"). */
import { z } from 'zod';

/** `POST /trial-key` 201: the reference shape; `expires_at` is this service's addition. */
export const trialKeySchema = z.looseObject({
  key: z.string().min(1),
  tier: z.string(),
  quota: z.number().int(),
  expires_in_days: z.number(),
  expires_at: z.string().nullable().optional(),
});
export type TrialKey = z.infer<typeof trialKeySchema>;

/** `GET /key`: an operator key has no quota and no expiry, so both may be null. */
export const keyInfoSchema = z.looseObject({
  tier: z.string(),
  quota: z.number().int().nullable(),
  used: z.number().int().nullable().optional(),
  expires_at: z.string().nullable().optional(),
});
export type KeyInfo = z.infer<typeof keyInfoSchema>;
