/**
 * Webhooks for the operator (docs/reference-api.md 4.13): register a URL, list, delete. Unlike the
 * reference, whose registered hooks are never called, deliveries really happen (server/webhooks/):
 * `leaf_created` and `anchor_confirmed`, signed with the secret returned once at registration.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { requireOperator } from '../http/auth.js';
import { parseJsonRequest, type AppContext } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { webhookUrlFormRefusal, webhookUrlRefusal } from '../webhooks/receiver-address.js';

const OPERATOR_ERRORS = {
  401: { description: 'Missing or unknown key' },
  403: { description: 'Not the operator key' },
};

export const RegisterWebhookSchema = z
  .object({
    url: z
      .string()
      .max(2048, 'url must be at most 2048 characters')
      .superRefine((value, issues) => {
        const refused = webhookUrlFormRefusal(value);
        if (refused !== null) issues.addIssue({ code: 'custom', message: refused });
      })
      // Kept and listed as deliveries will read it, not as typed (a backslash, a trailing newline).
      .transform((value) => new URL(value).href)
      .pipe(z.string().max(2048, 'url must be at most 2048 characters once encoded')),
  })
  .strict();

export const WebhookCreatedSchema = z
  .object({ id: z.string(), url: z.string(), secret: z.string(), note: z.string() })
  .strict();
export const WebhookListSchema = z
  .object({ webhooks: z.array(z.object({ id: z.string(), url: z.string() }).strict()), count: z.int() })
  .strict();
const WebhookIdParams = z.object({ id: z.string().max(64) });

export function webhookRoutes(ctx: AppContext): void {
  ctx.route({
    method: 'get',
    path: '/webhooks',
    summary: 'The registered webhooks (operator key)',
    auth: 'bearer',
    responses: { 200: { description: 'Webhooks', schema: WebhookListSchema }, ...OPERATOR_ERRORS },
    authorize: (request) => requireOperator(ctx, request),
    handler: async () => {
      const hooks = await ctx.store.webhooks.listWebhooks();
      return { webhooks: hooks.map(({ id, url }) => ({ id, url })), count: hooks.length };
    },
  });

  ctx.route({
    method: 'post',
    path: '/webhooks/register',
    summary: 'Register a URL for leaf_created and anchor_confirmed deliveries (operator key)',
    auth: 'bearer',
    body: [{ contentType: 'application/json', schema: RegisterWebhookSchema }],
    responses: {
      201: { description: 'Registered; the secret is shown this once', schema: WebhookCreatedSchema },
      400: {
        description:
          'The url is missing, not an http(s) URL, or its host is a link-local, metadata or unspecified address',
      },
      415: { description: 'Not application/json' },
      ...OPERATOR_ERRORS,
    },
    authorize: (request) => requireOperator(ctx, request),
    handler: async ({ request, reply }) => {
      const { url } = parseJsonRequest(RegisterWebhookSchema, request);
      // Loopback and private receivers are allowed; a host name is checked again at each delivery.
      const refused = webhookUrlRefusal(url, ctx.config.webhookAllowPrivate);
      if (refused !== null) throw badRequest('url', refused);
      const secret = randomBytes(16).toString('hex');
      const latest = await ctx.store.anchors.anchoredRootsAfter(0, Number.MAX_SAFE_INTEGER);
      const id = randomUUID();
      // Deliveries start with what happens from now on.
      await ctx.store.webhooks.registerWebhook({
        id,
        url,
        secretHex: secret,
        createdAt: ctx.now().toISOString(),
        leafCursor: ctx.ledger.size,
        anchorCursor: latest.at(-1)?.anchorId ?? 0,
      });
      return reply.code(201).send({
        id,
        url,
        secret,
        note: 'Keep the secret: it is shown only now. Each delivery carries X-ZAP1-Signature, the hex BLAKE2b-256 MAC of the body keyed with the secret bytes (personalization "ZAP1_webhook_sig"), and X-ZAP1-Delivery, an id that is the same when a delivery is repeated.',
      });
    },
  });

  ctx.route({
    method: 'delete',
    path: '/webhooks/{id}',
    summary: 'Delete a webhook; nothing more is delivered to it (operator key)',
    auth: 'bearer',
    params: WebhookIdParams,
    responses: {
      204: { description: 'Deleted' },
      404: { description: 'Webhook not found' },
      ...OPERATOR_ERRORS,
    },
    authorize: (request) => requireOperator(ctx, request),
    handler: async ({ reply, params }) => {
      if (!(await ctx.store.webhooks.deleteWebhook(params.id))) throw notFound('Webhook not found.');
      return reply.code(204).send();
    },
  });
}
