/**
 * The HTTP app both processes are built on, the service and proxy mode: Fastify with this project's
 * own request ids (named on every answer and in the log), timed connections, and JSON answers to
 * requests too malformed to route.
 */
import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import {
  REQUEST_ID_HEADER,
  jsonClientErrorHandler,
  malformedUrlAnswer,
  timedServerFactory,
} from './connections.js';
import { loggerOptions, type RequestLogging } from './request-log.js';

/** What both processes that serve the web app are built with. */
export interface ServedAppOptions {
  config: Config;
  /** Built web app to serve under /app/ (only when the folder exists). */
  staticDir?: string | null;
  /**
   * What is logged: `requests` every request, `errors` every 5xx answer (with its request id and
   * error, never a header or body), `off` nothing (the default, for tests).
   */
  log?: RequestLogging;
  /** Where log lines go (stdout when omitted); tests read them. */
  logStream?: Writable;
}

/** What the service sets beside: its body limit, and a JSON parser strict about __proto__. */
interface ParsedBodies {
  bodyLimit: number;
  onProtoPoisoning: 'error';
  onConstructorPoisoning: 'error';
}

export function createServedApp(options: ServedAppOptions, parsed?: ParsedBodies): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(options.log ?? 'off', options.logStream),
    // Our own ids (a client's X-Request-Id is not trusted: it would let one forge another's log lines).
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    serverFactory: timedServerFactory(options.config),
    clientErrorHandler: jsonClientErrorHandler,
    // A malformed URL never reaches the error handler; answer it the same way.
    frameworkErrors: malformedUrlAnswer,
    routerOptions: { maxParamLength: 300 },
    ...parsed,
  });
  // Every answer names its request, so a user reporting a failure can quote the id the log has.
  // (Hooks run for every request are written with `done`, not async: a promise each is measurable.)
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  return app;
}
