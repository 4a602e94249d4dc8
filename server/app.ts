/**
 * Builds the HTTP app without listening (tests use `app.inject`); server/index.ts listens.
 * One error handler turns every failure into `{"error": {"code", "message", "fields"?}}`.
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { ChainHooks } from './chain.js';
import type { AppContext } from './http/context.js';
import { REQUEST_ID_HEADER } from './http/connections.js';
import { ApiError, errorBody, toApiError } from './http/errors.js';
import { buildOpenApi, type RouteDoc } from './http/openapi.js';
import { useStrictJsonBodies } from './http/json-body.js';
import { useSecurityHeaders } from './http/security-headers.js';
import { serveWebApp } from './http/web-app.js';
import { createServedApp, type ServedAppOptions } from './http/served-app.js';
import { useCompression } from './http/compression.js';
import { createMetrics } from './http/metrics.js';
import { pathOf } from './http/request-log.js';
import { routeRegistrar } from './http/route.js';
import { Ledger } from './ledger.js';
import { UnservableProofError } from './proofs.js';
import { anchorRoutes } from './routes/anchor.js';
import { anchorSpendRoutes } from './routes/anchor-spend.js';
import { badgeRoutes } from './routes/badges.js';
import { buildRoutes } from './routes/build.js';
import { webhookRoutes } from './routes/webhooks.js';
import { adminAnchorRoutes } from './routes/admin-anchor.js';
import type { BuildMetadata } from './build-info/build-metadata.js';
import { eventRoutes } from './routes/event.js';
import { eventsRoutes } from './routes/events.js';
import { evidenceRoutes } from './routes/evidence.js';
import { infoRoutes } from './routes/info.js';
import { keyRoutes } from './routes/keys.js';
import { lifecycleRoutes } from './routes/lifecycle.js';
import { lookupRoutes } from './routes/lookup.js';
import { memoRoutes } from './routes/memo.js';
import { verifyRoutes } from './routes/verify.js';
import type { Store } from './store/store.js';

export const BODY_LIMIT = 64 * 1024;
export const SERVICE_VERSION = '0.1.0';

export interface BuildAppOptions extends ServedAppOptions {
  store: Store;
  /** The ledger over `store`; opened from it when omitted. Pass it to share the tree with the anchoring loop. */
  ledger?: Ledger;
  /** The anchoring side (server/anchor); without it nothing is anchored and /health says so. */
  chain?: ChainHooks | null;
  /** Clock (tests pin it). */
  now?: () => Date;
  /** What `npm run build` recorded (dist-server/build-info.json); null when run from source. */
  buildMetadata?: BuildMetadata | null;
}

/** The response header carrying each request's id, the same id its log lines carry. */

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, store } = options;
  const now = options.now ?? (() => new Date());
  const ledger = options.ledger ?? (await Ledger.open(store, { now }));
  // Errors are reported by our handler; keep the default JSON parser strict about __proto__.
  const app = createServedApp(options, {
    bodyLimit: BODY_LIMIT,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });

  const docs: RouteDoc[] = [];
  const ctx: AppContext = {
    route: routeRegistrar(app, docs),
    config,
    store,
    ledger,
    chain: options.chain ?? null,
    now,
    docs,
  };

  useStrictJsonBodies(app, BODY_LIMIT);

  const failures = new WeakMap<object, unknown>();
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode >= 500) {
      const err = failures.get(request);
      const route = `${request.method} ${pathOf(request.url)}`;
      request.log.error({ statusCode: reply.statusCode, route, ...(err ? { err } : {}) }, 'server error');
    }
    done();
  });

  const metrics = createMetrics(app, { store, ledger });
  app.setErrorHandler((error, request, reply) => {
    const apiError =
      error instanceof UnservableProofError
        ? new ApiError(500, 'internal', 'Internal error.')
        : toApiError(error);
    if (apiError.statusCode >= 500) failures.set(request, error);
    metrics.noteError(request, apiError.code);
    for (const [name, value] of Object.entries(apiError.headers)) reply.header(name, value);
    return reply.code(apiError.statusCode).type('application/json; charset=utf-8').send(errorBody(apiError));
  });

  await useSecurityHeaders(app);
  await useCompression(app);
  // No origins configured: same origin only, so no CORS headers at all, and no hook to run for
  // every request to say so (a preflight is then answered as any unknown method is).
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins.includes('*') ? '*' : config.corsOrigins,
      // DELETE for /webhooks/{id}, which the zap1 client calls.
      methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      exposedHeaders: ['Link', 'Retry-After', REQUEST_ID_HEADER],
      maxAge: 600,
    });
  }

  for (const routes of [
    keyRoutes,
    eventRoutes,
    verifyRoutes,
    infoRoutes,
    anchorRoutes,
    anchorSpendRoutes,
    evidenceRoutes,
    eventsRoutes,
    lifecycleRoutes,
    lookupRoutes,
    memoRoutes,
    badgeRoutes,
    webhookRoutes,
    adminAnchorRoutes,
  ]) {
    routes(ctx);
  }
  buildRoutes(ctx, {
    version: SERVICE_VERSION,
    metadata: options.buildMetadata ?? null,
    imageId: config.deploymentImageId,
    sourceUrlTemplate: config.buildSourceUrl,
  });

  ctx.route({
    method: 'get',
    path: '/metrics',
    summary: 'Prometheus metrics: requests, POST /event outcomes, tree, unanchored leaves, anchors',
    responses: { 200: { description: 'Prometheus text format' } },
    handler: async ({ reply }) =>
      reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
  });

  let openapi: Record<string, unknown> | null = null;
  ctx.route({
    method: 'get',
    path: '/openapi.json',
    summary: "This service's OpenAPI document",
    responses: { 200: { description: 'OpenAPI 3.0 document' } },
    handler: async () => (openapi ??= buildOpenApi(docs, { version: SERVICE_VERSION })),
  });

  await serveWebApp(app, options.staticDir ?? null);

  app.addHook('onClose', async () => {
    // Commit anything queued before the store closes.
    await ledger.flush();
  });
  return app;
}
