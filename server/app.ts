/**
 * Builds the HTTP app without listening (tests use `app.inject`); server/index.ts listens.
 * One error handler turns every failure into `{"error": {"code", "message", "fields"?}}`.
 */
import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ChainHooks } from './chain.js';
import type { Config } from './config.js';
import type { AppContext } from './http/context.js';
import {
  REQUEST_ID_HEADER,
  jsonClientErrorHandler,
  malformedUrlAnswer,
  timedServerFactory,
} from './http/connections.js';
import { ApiError, errorBody, toApiError } from './http/errors.js';
import { buildOpenApi, type RouteDoc } from './http/openapi.js';
import { useStrictJsonBodies } from './http/json-body.js';
import { useSecurityHeaders } from './http/security-headers.js';
import { serveWebApp } from './http/web-app.js';
import { useCompression } from './http/compression.js';
import { createMetrics } from './http/metrics.js';
import { loggerOptions, pathOf, type RequestLogging } from './http/request-log.js';
import { routeRegistrar } from './http/route.js';
import { Ledger } from './ledger.js';
import { UnservableProofError } from './proofs.js';
import { anchorRoutes } from './routes/anchor.js';
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

export interface BuildAppOptions {
  config: Config;
  store: Store;
  /** The ledger over `store`; opened from it when omitted. Pass it to share the tree with the anchoring loop. */
  ledger?: Ledger;
  /** The anchoring side (server/anchor); without it nothing is anchored and /health says so. */
  chain?: ChainHooks | null;
  /** Built web app to serve under /app/ (only when the folder exists). */
  staticDir?: string | null;
  /** Clock (tests pin it). */
  now?: () => Date;
  /**
   * What is logged: `requests` every request, `errors` every 5xx answer (with its request id and
   * error, never a header or body), `off` nothing (the default, for tests).
   */
  log?: RequestLogging;
  /** Where log lines go (stdout when omitted); tests read them. */
  logStream?: Writable;
  /** What `npm run build` recorded (dist-server/build-info.json); null when run from source. */
  buildMetadata?: BuildMetadata | null;
}

/** The response header carrying each request's id, the same id its log lines carry. */

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, store } = options;
  const now = options.now ?? (() => new Date());
  const ledger = options.ledger ?? (await Ledger.open(store, { now }));
  const log = options.log ?? 'off';
  const app = Fastify({
    logger: loggerOptions(log, options.logStream),
    // Our own ids (a client's X-Request-Id is not trusted: it would let one forge another's log lines).
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    serverFactory: timedServerFactory(config),
    clientErrorHandler: jsonClientErrorHandler,
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 300 },
    // Errors are reported by our handler; keep the default JSON parser strict about __proto__.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // A malformed URL never reaches the error handler; answer it the same way.
    frameworkErrors: malformedUrlAnswer,
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

  // Every answer names its request, so a user reporting a failure can quote the id the log has.
  // (Hooks run for every request are written with `done`, not async: a promise each is measurable.)
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
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
