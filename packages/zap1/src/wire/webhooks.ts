/** Wire shapes of the operator's webhooks (docs/reference-api.md 4.13). */
import { z } from 'zod';

/** `GET /webhooks`. */
export const webhookListSchema = z.looseObject({
  webhooks: z.array(z.looseObject({ id: z.string(), url: z.string() })),
  count: z.number().int(),
});
export type WebhookList = z.infer<typeof webhookListSchema>;

/** `POST /webhooks/register` 201: the secret is shown this once. */
export const webhookCreatedSchema = z.looseObject({
  id: z.string(),
  url: z.string(),
  secret: z.string(),
  note: z.string().optional(),
});
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;
